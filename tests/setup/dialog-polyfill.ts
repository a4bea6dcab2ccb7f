/**
 * jsdom has no `<dialog>` methods. A minimal stand-in for what the drawer relies on, behaving as the
 * browser does (the real thing, with the inert page and the focus kept inside, is proven by the browser
 * tests): showModal() opens the dialog and focuses its first focusable element; close() closes it and
 * then fires `close`; Escape fires a cancelable `cancel` at the modal dialog on top, which closes it
 * unless cancelled, and does nothing if something else already handled the key.
 */
const focusable =
  'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'

const modals: HTMLDialogElement[] = []

export function polyfillDialog() {
  // Files that run in Node (`@vitest-environment node`) have no DOM at all.
  if (typeof HTMLDialogElement === 'undefined') return
  const proto = HTMLDialogElement.prototype
  if (typeof proto.showModal === 'function') return

  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError')
    if (!this.isConnected)
      throw new DOMException('The dialog is not connected.', 'InvalidStateError')
    this.setAttribute('open', '')
    modals.push(this)
    this.querySelector<HTMLElement>(focusable)?.focus()
  }
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return
    this.removeAttribute('open')
    const index = modals.indexOf(this)
    if (index >= 0) modals.splice(index, 1)
    setTimeout(() => this.dispatchEvent(new Event('close')))
  }

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    const top = modals.filter((dialog) => dialog.isConnected && dialog.open).at(-1)
    if (!top) return
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close()
  })
}
