import type { ComponentType } from 'react'

/**
 * A lazily loaded part that still uses Chakra's components: its loader also brings Chakra's runtime and
 * the part renders inside a Chakra scope (see chakra-scope.tsx). A module-level function, as
 * `OptionalPart` wants: `const loadX = inChakraScope(() => import('./x').then((m) => m.X))`.
 */
export function inChakraScope<P extends object>(
  load: () => Promise<ComponentType<P>>,
): () => Promise<ComponentType<P>> {
  return () =>
    Promise.all([load(), import('./chakra-scope')]).then(([Part, { withChakra }]) =>
      withChakra(Part),
    )
}
