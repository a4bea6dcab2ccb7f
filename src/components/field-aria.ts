/**
 * The accessibility attributes a form control needs: its id, its state, and the hint and error that
 * describe it (pass the field's `hintBelow`). Used inside `FormField` and by the plain forms of the
 * pages that load no Chakra (the contact form).
 */
export function fieldAria(
  id: string,
  { error, hint, hintBelow }: { error?: string; hint?: boolean; hintBelow?: boolean } = {},
) {
  // Below the control the error takes the hint's place, so only one of them is read out.
  const hintShown = hint && !(hintBelow && error)
  const describedBy = [hintShown ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const
}
