import { createFileRoute } from '@tanstack/react-router'
import { parseAuthSearch } from '@/features/auth/auth-search'
import { AuthPage } from '@/features/auth/components/auth-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/auth')({
  validateSearch: parseAuthSearch,
  head: () => titleMeta('Sign in'),
  component: AuthRoute,
})

function AuthRoute() {
  const { mode, redirect } = Route.useSearch()
  return <AuthPage mode={mode} redirect={redirect} />
}
