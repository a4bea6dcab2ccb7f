import { Button, type ButtonProps } from '@chakra-ui/react/button'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'
import { Notice } from '@/components/ui/notice'

/** The one call to action of an auth form: full width, ink on ivory, like the store's other buttons. */
export function SubmitButton(props: ButtonProps) {
  return (
    <Button
      type="submit"
      size="lg"
      width="100%"
      bg="brand.ink"
      color="white"
      borderRadius="0"
      fontSize="sm"
      fontWeight="semibold"
      letterSpacing="0.12em"
      textTransform="uppercase"
      _hover={{ bg: 'brand.charcoal' }}
      {...props}
    />
  )
}

/** A quiet text button (switching forms, "Forgot password?"). */
export function TextButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      color="brand.gold"
      fontWeight="semibold"
      textDecoration="underline"
      textUnderlineOffset="3px"
      minH="11"
      _hover={{ color: 'brand.ink' }}
    >
      {children}
    </chakra.button>
  )
}

/**
 * Sign-in needs the network; the rest of the store does not, and the shopper should know both. After
 * a press of a button it becomes an alert, so screen readers hear why nothing happened.
 */
export function OfflineNotice({ attempted = false }: { attempted?: boolean }) {
  return (
    <Notice tone="info" role={attempted ? 'alert' : 'status'} title="You are offline">
      <chakra.p>
        Signing in needs a connection. Meanwhile you can still browse the products you have seen,
        search them, and add to your cart and wishlist; they stay on this device.
      </chakra.p>
      {attempted ? (
        <chakra.p mt="2" fontWeight="semibold" color="brand.ink">
          Nothing was sent. What you typed is still here: please try again once you are back online.
        </chakra.p>
      ) : null}
    </Notice>
  )
}
