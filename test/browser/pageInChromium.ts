import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { ensureBuild, repoRoot } from '../../app/server/ensureBuild.ts'
import { launchChromium } from '../helpers/launchChromium.ts'

/** Where test screenshots go (ignored by git). */
export const shots = join(repoRoot, 'screenshots')

/** Where the README's pictures go: `docs/` under `npm run screenshot`, else with the others. */
export const readmePictures =
  process.env.STUDYPULSE_SCREENSHOT === 'docs' ? join(repoRoot, 'docs') : shots

/** What a browser test file shares: a private build of the page and one Chromium. */
export interface PageInChromium {
  readonly browser: Browser
  readonly distDir: string
}

/**
 * Builds the page into a private folder (so a concurrent `npm start` or build in dist/ cannot
 * interfere) and launches Chromium before the file's tests; closes and removes both after.
 */
export function pageInChromium(): PageInChromium {
  let browser: Browser | undefined
  let distDir: string | undefined
  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'studypulse-dist-'))
    await ensureBuild(distDir)
    await mkdir(shots, { recursive: true })
    browser = await launchChromium()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    if (distDir !== undefined) await rm(distDir, { recursive: true, force: true })
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
