import { Box } from '@chakra-ui/react/box'
import { Outlet } from '@tanstack/react-router'
import { Toaster } from '@/components/toaster'

/** The page frame: header, main content, footer and the app-wide overlays. */
export function AppShell() {
  return (
    <Box minH="100dvh">
      <Box as="main" id="main">
        <Outlet />
      </Box>
      <Toaster />
    </Box>
  )
}
