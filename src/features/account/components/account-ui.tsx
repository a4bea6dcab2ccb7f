import { Button, type ButtonProps } from '@chakra-ui/react/button'
import { chakra } from '@chakra-ui/react/styled-system'
import type { ComponentProps, ReactNode } from 'react'
import { VisuallyHidden } from '@/components/visually-hidden'
import { Notice } from '@/components/ui/notice'

/** One section of the account page: a quiet white card with a serif heading. */
export function SectionCard({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string
  title: string
  description?: ReactNode
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <chakra.section
      aria-labelledby={`${id}-title`}
      id={id}
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      px={{ base: '4', sm: '6', md: '8' }}
      py={{ base: '6', md: '8' }}
      scrollMarginTop="32"
    >
      <chakra.div
        display="flex"
        flexWrap="wrap"
        alignItems="flex-start"
        justifyContent="space-between"
        gap="3"
        mb="5"
      >
        <chakra.div>
          <chakra.h2
            id={`${id}-title`}
            fontFamily="heading"
            fontSize={{ base: 'xl', md: '2xl' }}
            color="brand.ink"
          >
            {title}
          </chakra.h2>
          {description ? (
            <chakra.p mt="1" fontSize="sm" color="brand.muted">
              {description}
            </chakra.p>
          ) : null}
        </chakra.div>
        {action}
      </chakra.div>
      {children}
    </chakra.section>
  )
}

export function PrimaryButton(props: ButtonProps) {
  return (
    <Button
      bg="brand.ink"
      color="white"
      borderRadius="0"
      fontSize="xs"
      fontWeight="semibold"
      letterSpacing="0.14em"
      textTransform="uppercase"
      minH="11"
      px="6"
      _hover={{ bg: 'brand.charcoal' }}
      {...props}
    />
  )
}

export function SecondaryButton(props: ButtonProps) {
  return (
    <Button
      variant="outline"
      borderColor="brand.ink"
      color="brand.ink"
      borderRadius="0"
      fontSize="xs"
      fontWeight="semibold"
      letterSpacing="0.14em"
      textTransform="uppercase"
      minH="11"
      px="5"
      _hover={{ bg: 'brand.cream' }}
      {...props}
    />
  )
}

/** A small text action inside a card (Edit, Delete, Make default). */
export function QuietButton({
  children,
  danger = false,
  ...rest
}: { children: ReactNode; danger?: boolean } & Omit<
  ComponentProps<typeof chakra.button>,
  'children'
>) {
  return (
    <chakra.button
      type="button"
      minH="11"
      px="2"
      fontSize="sm"
      fontWeight="semibold"
      color={danger ? 'brand.sale' : 'brand.gold'}
      textDecoration="underline"
      textUnderlineOffset="3px"
      _hover={{ color: danger ? 'brand.sale' : 'brand.ink' }}
      {...rest}
    >
      {children}
    </chakra.button>
  )
}

/** Loading, offline and failure states shared by the sections that read from the server. */
export function LoadProblem({
  online,
  what,
  message,
  onRetry,
}: {
  online: boolean
  what: string
  message: string
  onRetry: () => void
}) {
  return online ? (
    <Notice tone="error" role="alert" title={`Your ${what} could not be loaded`}>
      <chakra.p>{message}</chakra.p>
      <QuietButton onClick={onRetry}>Try again</QuietButton>
    </Notice>
  ) : (
    <Notice tone="info" role="status" title="You are offline">
      Your {what} will load as soon as you are back online.
    </Notice>
  )
}

export function Loading({ label }: { label: string }) {
  return (
    <chakra.div role="status" aria-live="polite" display="grid" gap="3">
      <VisuallyHidden>{label}</VisuallyHidden>
      {[0, 1].map((i) => (
        <chakra.div key={i} h="16" bg="brand.cream" borderRadius="sm" />
      ))}
    </chakra.div>
  )
}
