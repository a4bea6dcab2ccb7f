import {
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { createPortal } from 'react-dom'
import { buttonLinkClass } from '@/components/button-link'
import { CloseIcon, GiftIcon } from '@/components/icons'
import { useModalDialog } from '@/components/modal-dialog'
import { notify } from '@/components/toaster'
import { WelcomeCodeNotice } from '@/components/welcome-code-notice'
import { promotions, store } from '@/config/site'
import type { WelcomeCode } from '@/lib/welcome-offer'
import './email-popup.css'

/** What the shopper wants to hear about; women is preselected. */
export const emailPreferences = [
  { value: 'women', label: 'Women' },
  { value: 'men', label: 'Men' },
  { value: 'accessories', label: 'Accessories' },
  { value: 'shoes', label: 'Shoes' },
  { value: 'bags', label: 'Bags' },
] as const
export type EmailPreference = (typeof emailPreferences)[number]['value']

/**
 * The first-visit offer dialog. Accepting with an address subscribes it and issues its welcome code
 * (emailed, and shown once on the page after the dialog closes); accepting without one asks for it and stays open; declining and
 * closing just close. Accepting calls `onAccepted` and every way out `onDone`: both record that this
 * device has seen it.
 *
 * A modal `<dialog>` with the store's static styles (email-popup.css), not Chakra's: it comes to a
 * shopper a few seconds into a first visit, when loading Chakra's runtime and drawing its dialog held the
 * main thread for 134-167, 57-77 and 61-68 ms at a stretch at 4x CPU. Modal by ARIA rather than by
 * showModal() (see OfferDialog): focus stays in it, the page behind is hidden from assistive technology,
 * and Escape (and a phone's back gesture where the browser knows `closedby`) closes it.
 */
export function EmailPopup({
  onDone,
  onAccepted,
}: {
  onDone: () => void
  onAccepted?: () => void
}) {
  const [open, setOpen] = useState(true)
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [welcome, setWelcome] = useState<WelcomeCode | null>(null)
  const [preference, setPreference] = useState<EmailPreference>('women')
  const [agreed, setAgreed] = useState(true)
  const emailRef = useRef<HTMLInputElement>(null)
  const ids = useId()

  const close = () => {
    setOpen(false)
    onDone()
  }

  const accept = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    if (email.trim() === '') {
      notify({
        title: 'Email required',
        description: 'Please enter your email to get the offer',
        type: 'error',
      })
      emailRef.current?.focus()
      return
    }
    setSending(true)
    const { claimWelcomeOffer } = await import('@/lib/welcome-offer')
    const result = await claimWelcomeOffer(email.trim(), crypto.randomUUID(), 'email-popup')
    setSending(false)
    if (!result.ok) {
      notify(
        result.reason === 'invalid_email'
          ? { title: 'Invalid Email', description: result.message, type: 'error' }
          : {
              title: 'Subscription Failed',
              description: 'Something went wrong. Please try again.',
              type: 'error',
            },
      )
      emailRef.current?.focus()
      return
    }
    onAccepted?.()
    // Accepting closes the dialog. A new code is also shown once on the page, until the shopper closes
    // it; an address that already had one was sent it then.
    const { welcome: issued } = result
    if (issued) {
      setWelcome(issued)
      setOpen(false)
    } else close()
    notify({
      title: `Welcome to ${store.name}!`,
      description: `Check your email for your ${promotions.emailOfferPercent}% OFF discount code!`,
      type: 'success',
    })
  }

  if (welcome)
    return (
      <aside aria-label="Your welcome code" className="welcome-aside">
        <WelcomeCodeNotice welcome={welcome} />
        <button
          type="button"
          className={`${buttonLinkClass()} email-offer__accept welcome-aside__done`}
          onClick={close}
        >
          Start shopping
        </button>
      </aside>
    )
  if (!open) return null

  return createPortal(
    <OfferDialog
      onClose={close}
      initialFocus={emailRef}
      titleId={`${ids}-title`}
      descriptionId={`${ids}-description`}
    >
      <div className="email-offer__banner" aria-hidden="true">
        <GiftIcon size={36} className="email-offer__gift" />
        <span className="email-offer__percent">{promotions.emailOfferPercent}%</span>
        <span className="email-offer__tagline">OFF YOUR FIRST ORDER</span>
      </div>

      <div className="email-offer__main">
        <h2 id={`${ids}-title`} className="email-offer__title">
          Unlock {promotions.emailOfferPercent}% OFF your first order
        </h2>
        <p id={`${ids}-description`} className="email-offer__description">
          Join the {store.name} list for early access to new arrivals and a welcome code.
        </p>

        <form
          className="email-offer__form"
          onSubmit={(event) => void accept(event)}
          noValidate
          aria-busy={sending}
        >
          <label htmlFor={`${ids}-email`} className="email-offer__label">
            Email address
          </label>
          <input
            ref={emailRef}
            id={`${ids}-email`}
            className="email-offer__email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />

          <fieldset className="email-offer__choices">
            <legend className="email-offer__label">I&apos;m shopping for</legend>
            <div className="email-offer__options">
              {emailPreferences.map((option) => (
                <label
                  key={option.value}
                  className={
                    preference === option.value
                      ? 'email-offer__option email-offer__option--chosen'
                      : 'email-offer__option'
                  }
                >
                  <input
                    type="radio"
                    name={`${ids}-preference`}
                    value={option.value}
                    checked={preference === option.value}
                    onChange={() => setPreference(option.value)}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>

          <label className="email-offer__agree">
            <input
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
            />
            I agree to receive emails from {store.name} and accept the terms of service.
          </label>
          <p className="email-offer__note">Offer valid for new subscribers only.</p>

          <button
            type="submit"
            className={`${buttonLinkClass()} email-offer__accept`}
            disabled={sending}
          >
            Get {promotions.emailOfferPercent}% Off
          </button>
          <button type="button" className="email-offer__decline" onClick={close}>
            I Will Pay Full Price
          </button>
        </form>
      </div>
    </OfferDialog>,
    document.body,
  )
}

/**
 * The modal dialog around the offer (see useModalDialog), named by its heading and described by the
 * line under it, with the panel in the middle of the screen over the dimmed page.
 */
function OfferDialog({
  onClose,
  initialFocus,
  titleId,
  descriptionId,
  children,
}: {
  onClose: () => void
  initialFocus: RefObject<HTMLElement | null>
  titleId: string
  descriptionId: string
  children: ReactNode
}) {
  const dialogProps = useModalDialog({
    onClose,
    initialFocusEl: () => initialFocus.current,
    // A task after React has put it in the page: React's own work and the browser's opening made one
    // task of 50-58 ms at 4x CPU.
    opens: 'after-commit',
    // Not the browser's modal dialog: making the page behind inert restyled the whole page as the
    // offer opened, most of a 37-51 ms task at 4x CPU on a listing. See useModalDialog.
    modal: 'aria',
  })

  // Tab from the last control goes round to the first (and Shift+Tab back): focus stays in the dialog.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    dialogProps.onKeyDown(event)
    if (event.key !== 'Tab') return
    const controls = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('button, input, [href]'),
    ].filter((control) => !control.matches(':disabled') && control.getClientRects().length > 0)
    const first = controls[0]
    const last = controls.at(-1)
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault()
      ;(event.shiftKey ? last : first)?.focus()
    }
  }

  return (
    <dialog
      {...dialogProps}
      className="email-offer"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={onKeyDown}
    >
      <div className="email-offer__panel">
        <button type="button" className="email-offer__close" aria-label="Close" onClick={onClose}>
          <CloseIcon size={20} />
        </button>
        {children}
      </div>
    </dialog>
  )
}
