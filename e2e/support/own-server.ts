import { rmSync } from 'node:fs'
import { test } from '@playwright/test'
import { copyBuild, startTestServer, type TestServer } from './server'

/**
 * A spec's own server, over a private copy of the build (a rebuild of dist/ elsewhere, or another spec's
 * visits, must not change what its tests find): started before the spec's tests, removed after them.
 * Call at the top of the spec; read `server` and `build` inside tests.
 */
export function useOwnServer(): { readonly server: TestServer; readonly build: string } {
  let build: string | undefined
  let server: TestServer | undefined
  test.beforeAll(async () => {
    build = copyBuild()
    server = await startTestServer({ distDir: build })
  })
  test.afterAll(async () => {
    await server?.dispose()
    if (build) rmSync(build, { recursive: true, force: true })
  })
  return {
    get server() {
      if (!server) throw new Error('the spec’s server is not started yet (read it inside a test)')
      return server
    },
    get build() {
      if (!build) throw new Error('the spec’s build is not copied yet (read it inside a test)')
      return build
    },
  }
}
