import { Portal } from '@chakra-ui/react/portal'
import { Stack } from '@chakra-ui/react/stack'
import {
  Toaster as ChakraToaster,
  ToastCloseTrigger,
  ToastDescription,
  ToastIndicator,
  ToastRoot,
  ToastTitle,
  createToaster,
} from '@chakra-ui/react/toast'
import { timings } from '@/config/site'

/**
 * Phones get their toasts at the top: the bottom edge belongs to the thumb, the chat button and the
 * browser's own bars. The placement is fixed when the toaster is created, so it follows the first viewport.
 */
function initialPlacement(): 'top' | 'bottom-end' {
  const phone =
    typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches === true
  return phone ? 'top' : 'bottom-end'
}

/** The one toaster of the app; `<Toaster />` is rendered once by the shell. */
export const toaster = createToaster({
  placement: initialPlacement(),
  duration: timings.toastMs,
  max: 3,
  pauseOnPageIdle: true,
})

export type NotifyType = 'success' | 'error' | 'info' | 'warning'

export interface NotifyOptions {
  title: string
  description?: string
  /** The spec's "destructive" toasts are `error`. Defaults to `info`. */
  type?: NotifyType
  /** Overrides the default display time (ms). */
  duration?: number
}

/** Shows a toast. Returns its id. */
export function notify({ title, description, type = 'info', duration }: NotifyOptions): string {
  return toaster.create({ title, description, type, duration, closable: true })
}

/** Where toasts appear; render once, near the root. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <ToastRoot width={{ md: 'sm' }}>
            <ToastIndicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <ToastTitle>{toast.title}</ToastTitle>}
              {toast.description && <ToastDescription>{toast.description}</ToastDescription>}
            </Stack>
            {toast.closable && <ToastCloseTrigger aria-label="Dismiss notification" />}
          </ToastRoot>
        )}
      </ChakraToaster>
    </Portal>
  )
}
