// The reset, global styles and design tokens, as a static stylesheet (see build/chakra-base-css.ts).
import 'virtual:chakra-base.css'

// The app's code runs in two tasks, each under 50 ms on a cheap phone: the libraries every page needs
// (React, the router, Redux), then the app's own modules, which start the app. Evaluated together, as the
// entry's static imports, they made one task of 55-70 ms at 4x CPU. The app loader fetches both files
// with the entry (build/boot-files.ts); nothing here may import them statically, nor anything they hold
// (so the wait between is written out, not src/lib/next-task.ts).
await import('@/app/start-libraries')
await new Promise((resolve) => setTimeout(resolve, 0))
await import('@/app/start')
