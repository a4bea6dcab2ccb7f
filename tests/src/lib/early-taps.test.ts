import { afterEach, describe, expect, it } from 'vitest'
import { holdEarlyTaps } from '@/lib/early-taps'

/** A prebuilt page's markup, before the app has run. */
function page() {
  document.body.innerHTML = `
    <div id="root">
      <form><input name="email" /><button type="submit">Subscribe</button></form>
      <button type="button" aria-expanded="false">MORE</button>
      <button type="button" disabled>Sold out</button>
      <a href="#women">WOMEN</a>
    </div>
    <button type="button" id="outside">Outside the page</button>`
  const byText = (text: string) =>
    [...document.querySelectorAll<HTMLElement>('button, a')].find((el) => el.textContent === text)!
  return byText
}

describe('taps before the app takes a prebuilt page over', () => {
  let taps: ReturnType<typeof holdEarlyTaps> | undefined
  afterEach(() => {
    taps?.takeOver()
    document.body.innerHTML = ''
  })

  it('holds a tap on a button, without its default action, and hands back the last one', () => {
    const byText = page()
    taps = holdEarlyTaps()
    let submitted = 0
    document.querySelector('form')!.addEventListener('submit', (event) => {
      event.preventDefault()
      submitted += 1
    })
    byText('Subscribe').click()
    expect(submitted).toBe(0)
    const more = new MouseEvent('click', { bubbles: true, cancelable: true })
    byText('MORE').dispatchEvent(more)
    expect(more.defaultPrevented).toBe(true)
    expect(taps.takeOver()).toBe(byText('MORE'))
  })

  it('lets links, disabled buttons and buttons outside the page be', () => {
    const byText = page()
    taps = holdEarlyTaps()
    const link = new MouseEvent('click', { bubbles: true, cancelable: true })
    byText('WOMEN').dispatchEvent(link)
    expect(link.defaultPrevented).toBe(false)
    document.getElementById('outside')!.click()
    byText('Sold out').dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(taps.takeOver()).toBeUndefined()
  })

  it('stops holding once the app has taken over, and forgets a button no longer on the page', () => {
    const byText = page()
    taps = holdEarlyTaps()
    byText('MORE').click()
    byText('MORE').remove()
    expect(taps.takeOver()).toBeUndefined()
    let clicks = 0
    byText('Subscribe').addEventListener('click', () => (clicks += 1))
    byText('Subscribe').click()
    expect(clicks).toBe(1)
    expect(window.luxeEarlyTaps).toBe(taps)
  })
})
