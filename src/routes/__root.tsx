import { createRootRoute, HeadContent } from '@tanstack/react-router'
import { AppShell } from '@/app/layout/app-shell'
import { NotFoundScreen } from '@/app/layout/not-found-screen'
import { isPlainPage, loadChakraScope } from '@/app/layout/page-styles'
import { ErrorPage } from '@/components/error-page'

export const Route = createRootRoute({
  // A page that still uses Chakra's components gets its runtime fetched beside the page's own code
  // (the loader runs alongside the other routes' loading), so the page renders once, inside its scope.
  beforeLoad: ({ matches }) => ({
    chakraScope: isPlainPage(matches) ? undefined : loadChakraScope(),
  }),
  loader: async ({ context }) => {
    await context.chakraScope
  },
  // The 404 page is plain.
  staticData: { plainStyles: true },
  component: function Root() {
    return (
      <>
        <HeadContent />
        <AppShell />
      </>
    )
  },
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorPage,
})
