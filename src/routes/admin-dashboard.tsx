import { createFileRoute, redirect } from '@tanstack/react-router'

/** The admin dashboard page (/admin-dashboard) leads into the admin area. */
export const Route = createFileRoute('/admin-dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/admin' })
  },
})
