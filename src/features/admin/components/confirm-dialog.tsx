import { Portal } from '@chakra-ui/react/portal'
import {
  DialogBackdrop,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogPositioner,
  DialogRoot,
  DialogTitle,
} from '@chakra-ui/react/dialog'
import { useRef, type ReactNode } from 'react'
import { useOverlayLayer } from '@/components/modal-layer'
import { AdminButton } from './admin-ui'

/**
 * Asks before something that cannot be undone (cancelling an order, recording a payout). An alert
 * dialog: focus starts on the safe choice, Escape and the backdrop mean no.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Go back',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  cancelLabel?: string
  danger?: boolean
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  // Opened from an admin drawer, it is attached inside it (see modal-layer.ts).
  const layer = useOverlayLayer(open)
  const safe = useRef<HTMLButtonElement>(null)
  return (
    <DialogRoot
      open={open}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel()
      }}
      initialFocusEl={() => safe.current}
      lazyMount
      unmountOnExit
      placement="center"
    >
      <Portal key={layer.key} container={layer.container}>
        <DialogBackdrop />
        <DialogPositioner px="4">
          <DialogContent borderRadius="sm" maxW="28rem">
            <DialogHeader>
              <DialogTitle fontFamily="heading" fontSize="xl">
                {title}
              </DialogTitle>
            </DialogHeader>
            <DialogBody>
              <DialogDescription asChild>
                <div>{children}</div>
              </DialogDescription>
            </DialogBody>
            <DialogFooter gap="2" flexWrap="wrap">
              <AdminButton ref={safe} tone="secondary" onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </AdminButton>
              <AdminButton
                tone={danger ? 'danger' : 'primary'}
                onClick={onConfirm}
                loading={busy}
                {...(danger ? { bg: 'brand.sale', color: 'white', _hover: { bg: '#8f1e18' } } : {})}
              >
                {confirmLabel}
              </AdminButton>
            </DialogFooter>
          </DialogContent>
        </DialogPositioner>
      </Portal>
    </DialogRoot>
  )
}
