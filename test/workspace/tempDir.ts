import { mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

/** Registers cleanup and returns a function that makes a fresh, real temp folder (realpath'd). */
export function makeTempDirs(): () => Promise<string> {
  const made: string[] = []
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
  })
  return async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'studypulse-ws-')))
    made.push(dir)
    return dir
  }
}
