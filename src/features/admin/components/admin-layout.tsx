import { Outlet } from '@tanstack/react-router'
import { Heading } from '@chakra-ui/react/heading'

/** Placeholder until its feature lands. */
export function AdminLayout() {
  return (
    <>
      <Heading as="h1">Admin</Heading>
      <Outlet />
    </>
  )
}
