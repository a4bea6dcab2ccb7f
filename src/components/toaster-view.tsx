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
import { useTopOverlayLayer } from './modal-layer'

/**
 * Phones get their toasts at the top: the bottom edge belongs to the thumb, the chat button and the
 * browser's own bars. Wider screens get them at the bottom left: the cart drawer (whose Checkout button
 * sits at the bottom right, and which opens with an "Added to Cart" toast) and the chat button own the
 * right-hand side, and a toast kept there by the pointer resting on it would block them. The placement is
 * fixed when the toaster is created, so it follows the first viewport.
 */
function initialPlacement(): 'top' | 'bottom-start' {
  const phone =
    typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches === true
  return phone ? 'top' : 'bottom-start'
}

/** The real toast store; loaded on demand by `./toaster` (it is not needed to paint the first page). */
export const chakraToaster = createToaster({
  placement: initialPlacement(),
  duration: timings.toastMs,
  max: 3,
  pauseOnPageIdle: true,
})

export function ToasterView() {
  // Above an open drawer, inside it: the browser draws the drawer over everything else.
  const layer = useTopOverlayLayer()
  return (
    <Portal key={layer.key} container={layer.container}>
      <ChakraToaster toaster={chakraToaster} insetInline={{ mdDown: '4' }}>
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
