import { join } from 'node:path'
import { ensureBuild, repoRoot } from '../../app/server/ensureBuild.ts'

/**
 * Vitest global setup: brings the repository's page (`dist-page/`, git-ignored) up to date once,
 * before any test file runs. Tests that start the app as a person does (`app/main.ts`) would
 * otherwise each find it out of date after a change to the sources and build it at the same
 * time, into the same folder, each emptying it under the other.
 */
export default async function setup(): Promise<void> {
  await ensureBuild(join(repoRoot, 'dist-page'))
}
