import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { launchChromium } from '../helpers/launchChromium.ts'

/** Where test screenshots go (ignored by git). */
export const shots = join(repoRoot, 'screenshots')

/** Where the README's pictures go: `docs/` under `npm run screenshot`, else with the others. */
export const readmePictures =
  process.env.STUDYPULSE_SCREENSHOT === 'docs' ? join(repoRoot, 'docs') : shots

/** What a browser test file shares: the run's build of the page and one Chromium. */
export interface PageInChromium {
  readonly browser: Browser
  readonly distDir: string
}

/**
 * Launches Chromium before the file's tests and closes it after; the page is the run's own copy
 * of the build (test/helpers/pageGlobalSetup.ts), so no file builds it again.
 */
export function pageInChromium(): PageInChromium {
  let browser: Browser | undefined
  let distDir: string | undefined
  beforeAll(async () => {
    distDir = inject('pageDir')
    await mkdir(shots, { recursive: true })
    browser = await launchChromium()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
  })
  return {
    get browser() {
      if (browser === undefined) throw new Error('Chromium is not launched yet')
      return browser
    },
    get distDir() {
      if (distDir === undefined) throw new Error('the page is not built yet')
      return distDir
    },
  }
}
