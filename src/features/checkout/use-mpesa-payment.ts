import { useCallback, useEffect, useRef, useState } from 'react'
import { CheckoutError } from './api/checkout-error'
import { checkMpesaPayment, startMpesaPayment } from './api/mpesa-api'
import { clearActivePrompt, loadActivePrompt, saveActivePrompt } from './checkout-storage'

/** How long the shopper has to answer the prompt on their phone, and how often we ask. */
export const PROMPT_SECONDS = 60
export const POLL_MS = 2000

export type MpesaPhase = 'idle' | 'sending' | 'waiting' | 'paid' | 'failed' | 'timeout'

export interface MpesaState {
  phase: MpesaPhase
  phone: string | null
  secondsLeft: number
  receipt: string | null
  /** Why the last payment did not complete, or why the prompt could not be sent. */
  message: string | null
  /** The refusal was about the phone number (show it beside the field). */
  phoneError: string | null
}

const initial: MpesaState = {
  phase: 'idle',
  phone: null,
  secondsLeft: PROMPT_SECONDS,
  receipt: null,
  message: null,
  phoneError: null,
}

interface Active {
  checkoutRequestId: string
  startedAt: number
}

/**
 * One order's M-Pesa payment: send the prompt, then ask for its outcome every two seconds for a minute
 * (the status call settles it at the provider, so no callback or background timer is needed). A prompt
 * in progress survives a reload. `onSettled` runs when the order's payment changed (to reload it).
 */
export function useMpesaPayment({
  orderNumber,
  token,
  onSettled,
}: {
  orderNumber: string
  token: string
  onSettled: () => void
}) {
  // A prompt sent before a reload is still being answered: keep waiting for it.
  const [restored] = useState(() => {
    const saved = loadActivePrompt(orderNumber)
    return saved && Date.now() - saved.startedAt < PROMPT_SECONDS * 1000 ? saved : null
  })
  const [state, setState] = useState<MpesaState>(() =>
    restored
      ? {
          ...initial,
          phase: 'waiting',
          phone: restored.phone,
          secondsLeft: Math.max(
            0,
            Math.ceil((restored.startedAt + PROMPT_SECONDS * 1000 - Date.now()) / 1000),
          ),
        }
      : initial,
  )
  const [active, setActive] = useState<Active | null>(restored)
  const settled = useRef(onSettled)
  useEffect(() => {
    settled.current = onSettled
  }, [onSettled])

  useEffect(() => {
    if (!active) return
    let stopped = false
    let timer: number | undefined
    const deadline = active.startedAt + PROMPT_SECONDS * 1000
    const tick = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setState((s) => (s.phase === 'waiting' ? { ...s, secondsLeft: left } : s))
    }, 1000)

    const finish = (next: Partial<MpesaState>) => {
      stopped = true
      window.clearInterval(tick)
      clearActivePrompt()
      setActive(null)
      setState((s) => ({ ...s, ...next }))
    }

    const poll = async () => {
      if (stopped) return
      try {
        const answer = await checkMpesaPayment({
          orderNumber,
          token,
          checkoutRequestId: active.checkoutRequestId,
        })
        if (stopped) return
        if (answer.paymentStatus === 'paid') {
          finish({ phase: 'paid', receipt: answer.receipt, message: null })
          settled.current()
          return
        }
        if (answer.status === 'failed' || answer.status === 'cancelled') {
          finish({
            phase: 'failed',
            message: answer.resultDesc || 'The payment was not completed.',
          })
          settled.current()
          return
        }
      } catch {
        // A dropped request while waiting is not a failed payment: ask again on the next round.
      }
      if (stopped) return
      if (Date.now() >= deadline) {
        finish({ phase: 'timeout', message: null, secondsLeft: 0 })
        return
      }
      timer = window.setTimeout(() => void poll(), POLL_MS)
    }
    timer = window.setTimeout(() => void poll(), POLL_MS)
    return () => {
      stopped = true
      window.clearInterval(tick)
      window.clearTimeout(timer)
    }
  }, [active, orderNumber, token])

  const start = useCallback(
    async (phone: string) => {
      setState({ ...initial, phase: 'sending', phone })
      try {
        const answer = await startMpesaPayment({ orderNumber, token, phone })
        const prompt = {
          orderNumber,
          checkoutRequestId: answer.checkoutRequestId,
          phone: answer.phone,
          startedAt: Date.now(),
        }
        saveActivePrompt(prompt)
        setState({ ...initial, phase: 'waiting', phone: answer.phone })
        setActive(prompt)
      } catch (error) {
        const refusal = error instanceof CheckoutError ? error : null
        if (refusal?.code === 'already_paid' || refusal?.code === 'order_cancelled')
          settled.current()
        setState({
          ...initial,
          phase: 'idle',
          phone,
          message: refusal
            ? refusal.field === 'phone'
              ? null
              : refusal.message
            : 'M-Pesa is not available right now. Please try again.',
          phoneError: refusal?.field === 'phone' ? refusal.message : null,
        })
      }
    },
    [orderNumber, token],
  )

  return { ...state, start }
}
