import { act, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AfterHydration } from '@/components/after-hydration'

const page = (
  <AfterHydration placeholderClass="room">
    <input aria-label="Email address" />
  </AfterHydration>
)

describe('AfterHydration', () => {
  it('leaves the field out of the HTML and brings it once the app has taken the page over', async () => {
    const html = renderToString(page)
    expect(html).not.toContain('input')
    expect(html).toContain('class="room"')

    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    await act(async () => {
      hydrateRoot(container, page)
    })
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeInTheDocument()
    expect(container.querySelector('.room')).toBeNull()
    container.remove()
  })

  it('shows the field at once on a page the app renders itself', () => {
    render(page)
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeInTheDocument()
  })
})
