import { createRootRoute, HeadContent } from '@tanstack/react-router'
import { AppShell } from '@/app/layout/app-shell'
import { ErrorPage } from '@/components/error-page'
import { NotFoundPage } from '@/components/not-found-page'

export const Route = createRootRoute({
  component: function Root() {
    return (
      <>
        <HeadContent />
        <AppShell />
      </>
    )
  },
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})
