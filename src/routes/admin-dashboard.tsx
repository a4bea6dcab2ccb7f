import { createFileRoute, redirect } from '@tanstack/react-router'

/** The spec's admin dashboard page leads into the admin area. */
export const Route = createFileRoute('/admin-dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/admin' })
  },
})
