import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { repoRoot } from '../../app/server/ensureBuild.ts'

const run = promisify(execFile)

/** Where the last run's tarball is kept, in a folder named by the hash of what it was packed from. */
const cacheRoot = join(repoRoot, 'node_modules', '.cache', 'studypulse-pack')

// What the tarball is not made from: the tests, the bench, the docs site and the API reports. All
// else git tracks or would track (sources, package.json, the lock file, the build script) counts.
const notPacked = /^(?:test|bench|docs|etc)\//

/**
 * The hash of every file `npm pack` may be made from, by path and content, or undefined where git
 * cannot list them (then nothing is cached). Installed packages count through package-lock.json.
 */
export async function packInputsHash(): Promise<string | undefined> {
  const listed = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: repoRoot,
      maxBuffer: 1 << 26,
    },
  ).catch(() => undefined)
  if (listed === undefined) return undefined
  const files = [...new Set(listed.stdout.split('\0'))].filter((f) => f && !notPacked.test(f))
  const hash = createHash('sha256').update(process.version)
  for (const file of files.sort()) {
    // A file git lists but the working tree deleted is no input.
    const content = await readFile(join(repoRoot, file)).catch(() => undefined)
    if (content !== undefined) hash.update(`${file}\0${content.length}\0`).update(content)
  }
  return hash.digest('hex').slice(0, 32)
}

/** The tarball packed from these very inputs by an earlier run, copied into `dir`; else undefined. */
export async function cachedTarball(key: string, dir: string): Promise<string | undefined> {
  const kept = await readdir(join(cacheRoot, key)).catch(() => [])
  const name = kept.find((file) => file.endsWith('.tgz'))
  if (name === undefined) return undefined
  await copyFile(join(cacheRoot, key, name), join(dir, name))
  return join(dir, name)
}

/** Keeps `tarball` for the next run of the same inputs (only the latest: one folder at a time). */
export async function keepTarball(key: string, tarball: string): Promise<void> {
  const folder = join(cacheRoot, key)
  await rm(cacheRoot, { recursive: true, force: true })
  await mkdir(folder, { recursive: true })
  // Copied whole under another name, then renamed: a later run never reads half a tarball.
  await copyFile(tarball, join(folder, 'partial'))
  await rename(join(folder, 'partial'), join(folder, basename(tarball)))
}
