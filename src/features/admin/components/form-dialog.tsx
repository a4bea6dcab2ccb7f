import { Portal } from '@chakra-ui/react/portal'
import {
  DialogBackdrop,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogPositioner,
  DialogRoot,
  DialogTitle,
} from '@chakra-ui/react/dialog'
import { chakra } from '@chakra-ui/react/styled-system'
import type { FormEvent, ReactNode } from 'react'
import { useOverlayLayer } from '@/components/modal-layer'
import { AdminButton } from './admin-ui'

/**
 * A dialog holding a small form (dispatch details, a refund): Enter submits, Escape and the backdrop
 * close it unless it is busy, and a refusal shows above the buttons without losing what was typed.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  busy,
  problem,
  danger = false,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean
  title: string
  submitLabel: string
  busy: boolean
  problem: string | null
  danger?: boolean
  onSubmit: () => void
  onClose: () => void
  children: ReactNode
}) {
  // Opened from an admin drawer, it is attached inside it (see modal-layer.ts).
  const layer = useOverlayLayer(open)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) onSubmit()
  }
  return (
    <DialogRoot
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose()
      }}
      lazyMount
      unmountOnExit
      placement="center"
    >
      <Portal key={layer.key} container={layer.container}>
        <DialogBackdrop />
        <DialogPositioner px="4">
          <DialogContent borderRadius="sm" maxW="32rem">
            <chakra.form onSubmit={submit} aria-label={title} noValidate>
              <DialogHeader>
                <DialogTitle fontFamily="heading" fontSize="xl">
                  {title}
                </DialogTitle>
              </DialogHeader>
              <DialogBody display="grid" gap="4">
                {children}
                {problem ? (
                  <chakra.p role="alert" color="brand.sale" fontSize="sm">
                    {problem}
                  </chakra.p>
                ) : null}
              </DialogBody>
              <DialogFooter gap="2" flexWrap="wrap">
                <AdminButton tone="secondary" onClick={onClose} disabled={busy}>
                  Go back
                </AdminButton>
                <AdminButton type="submit" tone={danger ? 'danger' : 'primary'} loading={busy}>
                  {submitLabel}
                </AdminButton>
              </DialogFooter>
            </chakra.form>
          </DialogContent>
        </DialogPositioner>
      </Portal>
    </DialogRoot>
  )
}
