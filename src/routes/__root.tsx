import { createRootRoute, HeadContent } from '@tanstack/react-router'
import { AppShell } from '@/app/layout/app-shell'
import { NotFoundScreen } from '@/app/layout/not-found-screen'
import { ErrorPage } from '@/components/error-page'

export const Route = createRootRoute({
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
