/**
 * Vitest global setup of the `postgres` project: one throw-away cluster for the whole run, stopped at
 * the end. Test files reach it through `inject('postgresCluster')` (see test-db.ts).
 */
import type { TestProject } from 'vitest/node'
import { startTestCluster, type ClusterInfo } from './cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresCluster: ClusterInfo
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startTestCluster((m) => console.info(m))
  project.provide('postgresCluster', { port: cluster.port, templates: cluster.templates })
  return () => cluster.stop()
}
