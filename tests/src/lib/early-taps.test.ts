import { afterEach, describe, expect, it, vi } from 'vitest'
import { guardAfterTakeOver, holdEarlyTaps, submitRetries } from '@/lib/early-taps'

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
    expect(taps.takeOver()).toEqual([byText('MORE')])
  })

  it('holds a tap on a radio button or checkbox, ticked as the browser shows it; a checkbox tapped twice not at all; every choice is played', () => {
    page()
    document.getElementById('root')!.insertAdjacentHTML(
      'beforeend',
      `<label><input type="radio" name="category" value="dresses" /> Dresses</label>
       <label><input type="checkbox" name="size" value="M" /> M</label>`,
    )
    taps = holdEarlyTaps()
    const radio = document.querySelector<HTMLInputElement>('input[type="radio"]')!
    const box = document.querySelector<HTMLInputElement>('input[type="checkbox"]')!
    // Through its label, as a finger does.
    radio.closest('label')!.click()
    expect(radio.checked).toBe(true)
    box.click()
    expect(box.checked).toBe(true)
    box.click()
    expect(box.checked).toBe(false)
    expect(taps.takeOver()).toEqual([radio])

    // Each choice is played, a group's last one, then the button.
    document
      .getElementById('root')!
      .insertAdjacentHTML(
        'beforeend',
        '<input type="radio" name="category" value="bags" aria-label="Bags" />',
      )
    const bags = document.querySelector<HTMLInputElement>('input[value="bags"]')!
    taps = holdEarlyTaps()
    radio.click()
    box.click()
    bags.click()
    document.querySelector<HTMLButtonElement>('button[aria-expanded]')!.click()
    expect(taps.takeOver()).toEqual([box, bags, document.querySelector('button[aria-expanded]')])
  })

  it('lets links, disabled buttons and buttons outside the page be', () => {
    const byText = page()
    taps = holdEarlyTaps()
    const link = new MouseEvent('click', { bubbles: true, cancelable: true })
    byText('WOMEN').dispatchEvent(link)
    expect(link.defaultPrevented).toBe(false)
    document.getElementById('outside')!.click()
    byText('Sold out').dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(taps.takeOver()).toEqual([])
  })

  it('stops holding once the app has taken over, and forgets a button no longer on the page', () => {
    const byText = page()
    taps = holdEarlyTaps()
    byText('MORE').click()
    byText('MORE').remove()
    expect(taps.takeOver()).toEqual([])
    let clicks = 0
    byText('Subscribe').addEventListener('click', () => (clicks += 1))
    byText('Subscribe').click()
    expect(clicks).toBe(1)
    expect(window.luxeEarlyTaps).toBe(taps)
  })
})

describe('a submission the app has not taken yet', () => {
  afterEach(() => {
    vi.useRealTimers()
    document.body.innerHTML = ''
  })

  it('is stopped and asked again each frame until the app takes it, with its button', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    document.body.innerHTML = `<div id="root"><form><input name="email" /><button type="submit" name="go" value="1">Subscribe</button></form></div>`
    holdEarlyTaps().takeOver()
    const form = document.querySelector('form')!
    const button = document.querySelector('button')!
    const first = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button })
    form.dispatchEvent(first)
    // Not the app's: the browser would have submitted the form itself.
    expect(first.defaultPrevented).toBe(true)

    // The app takes the form over.
    const taken: (HTMLElement | null)[] = []
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      taken.push(event.submitter)
    })
    vi.advanceTimersByTime(100)
    expect(taken).toEqual([button])
    vi.advanceTimersByTime(1000)
    expect(taken).toHaveLength(1)
  })

  it('gives up after a few seconds, and leaves alone forms outside the page or with an action', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    document.body.innerHTML = `<div id="root"><form id="app"></form><form id="native" action="/search"></form></div><form id="outside"></form>`
    holdEarlyTaps().takeOver()
    const asked: string[] = []
    for (const form of document.querySelectorAll('form'))
      form.addEventListener('submit', () => asked.push(form.id))
    const submit = (id: string) => {
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true })
      document.getElementById(id)!.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(submit('native')).toBe(false)
    expect(submit('outside')).toBe(false)
    expect(submit('app')).toBe(true)
    vi.advanceTimersByTime(60_000)
    expect(asked.filter((id) => id === 'app')).toHaveLength(1 + submitRetries)
  })

  it('gives each submission its own tries: one the app took does not use up the next one’s', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    document.body.innerHTML = `<div id="root"><form></form></div>`
    holdEarlyTaps().takeOver()
    const form = document.querySelector('form')!
    let asked = 0
    let appTakes = false
    form.addEventListener('submit', (event) => {
      asked++
      if (appTakes) event.preventDefault()
    })
    const submit = () =>
      form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }))

    // The first is asked again until, a few tries later, the app takes it.
    submit()
    vi.advanceTimersByTime(500)
    const triesUsed = asked
    expect(triesUsed).toBeGreaterThan(3)
    appTakes = true
    vi.advanceTimersByTime(1000)
    expect(asked).toBe(triesUsed + 1)

    // A later one the app misses again is asked its full count of times.
    appTakes = false
    submit()
    vi.advanceTimersByTime(60_000)
    expect(asked - (triesUsed + 1)).toBe(1 + submitRetries)
  })

  it('is left to the app alone once the take-over is a few seconds old', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'performance'] })
    document.body.innerHTML = `<div id="root"><form></form></div>`
    holdEarlyTaps().takeOver()
    vi.advanceTimersByTime(guardAfterTakeOver + 1)
    const event = new SubmitEvent('submit', { bubbles: true, cancelable: true })
    document.querySelector('form')!.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
  })
})
