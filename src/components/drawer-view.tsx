import { Portal } from '@chakra-ui/react/portal'
import {
  DrawerBackdrop,
  DrawerBody,
  DrawerCloseTrigger,
  DrawerContent,
  DrawerFooter,
  DrawerHeader,
  DrawerPositioner,
  DrawerRoot,
  DrawerTitle,
} from '@chakra-ui/react/drawer'
import { chakra } from '@chakra-ui/react/styled-system'
import { CloseIcon } from './icons'
import type { DrawerProps, DrawerSide } from './drawer'

const placements = { left: 'start', right: 'end', top: 'top', bottom: 'bottom' } as const

const sideBorder: Record<DrawerSide, string> = {
  left: 'borderEndWidth',
  right: 'borderStartWidth',
  top: 'borderBottomWidth',
  bottom: 'borderTopWidth',
}

/** The drawer itself (Ark's dialog: focus trap, Escape, outside click, scroll lock, focus return). */
export function DrawerView({
  open,
  onClose,
  title,
  side = 'right',
  size = 'sm',
  children,
  footer,
  closeLabel = 'Close',
  hideTitle = false,
  headerStart,
  initialFocusEl,
  finalFocusEl,
  contentProps,
}: DrawerProps) {
  return (
    <DrawerRoot
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      placement={placements[side]}
      size={size}
      lazyMount
      unmountOnExit
      initialFocusEl={initialFocusEl}
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <DrawerBackdrop />
        <DrawerPositioner>
          <DrawerContent
            data-side={side}
            bg="white"
            borderColor="brand.line"
            {...{ [sideBorder[side]]: '1px' }}
            {...contentProps}
          >
            <DrawerHeader borderBottomWidth="1px" borderColor="brand.line" py="4" px="5" gap="3">
              {headerStart}
              <DrawerTitle
                fontFamily="heading"
                fontWeight="semibold"
                fontSize="lg"
                css={hideTitle ? hiddenTitle : undefined}
              >
                {title}
              </DrawerTitle>
              <DrawerCloseTrigger
                asChild
                position="static"
                ms="auto"
                aria-label={closeLabel}
                title={closeLabel}
              >
                <chakra.button
                  type="button"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="11"
                  borderRadius="full"
                  color="brand.ink"
                  _hover={{ bg: 'brand.cream' }}
                >
                  <CloseIcon size={22} />
                </chakra.button>
              </DrawerCloseTrigger>
            </DrawerHeader>
            <DrawerBody px="5" py="4">
              {children}
            </DrawerBody>
            {footer ? (
              <DrawerFooter borderTopWidth="1px" borderColor="brand.line" px="5" py="4">
                {footer}
              </DrawerFooter>
            ) : null}
          </DrawerContent>
        </DrawerPositioner>
      </Portal>
    </DrawerRoot>
  )
}

const hiddenTitle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
} as const
