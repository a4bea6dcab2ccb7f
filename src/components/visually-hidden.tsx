import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system'

/** Text for screen readers only (labels, counts, context that the eye gets from layout). */
export const visuallyHiddenStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const

export function VisuallyHidden(props: HTMLChakraProps<'span'>) {
  return <chakra.span css={visuallyHiddenStyle} {...props} />
}
