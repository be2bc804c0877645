import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureBuild, repoRoot } from '../../app/server/ensureBuild.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's own copy of the built page, which browser tests serve (read only). */
    pageDir: string
  }
}

/**
 * Vitest global setup: brings the repository's page (`dist-page/`, git-ignored) up to date once,
 * before any test file runs, and copies it into a folder of this run's own. Tests that start the
 * app as a person does (`app/main.ts`) use `dist-page/`; they would otherwise each find it out of
 * date after a change to the sources and build it at the same time, into the same folder, each
 * emptying it under the other. Browser tests serve the copy, so a person's `npm start` rebuilding
 * `dist-page/` during the run cannot change the page under them — and no test file pays for a
 * build of its own (a Vite build each was a fifth of the suite's time).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const built = join(repoRoot, 'dist-page')
  await ensureBuild(built)
  const copy = await mkdtemp(join(tmpdir(), 'studypulse-page-'))
  await cp(built, copy, { recursive: true })
  project.provide('pageDir', copy)
  return () => rm(copy, { recursive: true, force: true })
}
