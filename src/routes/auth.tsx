import { createFileRoute } from '@tanstack/react-router'
import { AuthPage } from '@/features/auth/components/auth-page'
import { titleMeta } from '@/lib/page-title'

export const Route = createFileRoute('/auth')({
  head: () => titleMeta('Sign in'),
  component: () => <AuthPage />,
})
