/** A 40px round icon target, like the header's other icon buttons; put it on a span inside the Link. */
export const headerIconStyle = {
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSize: '10',
  borderRadius: 'full',
  color: 'brand.ink',
  _hover: { bg: 'brand.cream' },
} as const
