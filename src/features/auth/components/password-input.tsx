import { Box } from '@chakra-ui/react/box'
import { Input, type InputProps } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState, type Ref } from 'react'
import { fieldAria } from '@/components/field-aria'

/** A password field with a show/hide toggle (typing a long password on a phone is error-prone). */
export function PasswordInput({
  ref,
  ...props
}: Omit<InputProps, 'type' | 'ref'> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false)
  return (
    <Box position="relative">
      <Input ref={ref} {...props} type={visible ? 'text' : 'password'} pe="20" />
      <chakra.button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-controls={props.id}
        position="absolute"
        insetEnd="1"
        top="50%"
        transform="translateY(-50%)"
        h="8"
        px="3"
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="0.08em"
        textTransform="uppercase"
        color="brand.gold"
        borderRadius="l1"
        _hover={{ bg: 'brand.cream' }}
      >
        {visible ? 'Hide' : 'Show'}
      </chakra.button>
    </Box>
  )
}

/** A password input wired to its FormField (ids, error, described-by). */
export function PasswordField({
  id,
  error,
  hint,
  value,
  autoComplete,
  onChange,
  name = 'password',
}: {
  id: string
  name?: string
  error?: string
  hint?: boolean
  value: string
  autoComplete: 'current-password' | 'new-password'
  onChange: (value: string) => void
}) {
  return (
    <PasswordInput
      {...fieldAria(id, { error, hint })}
      name={name}
      size="lg"
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-required="true"
    />
  )
}
