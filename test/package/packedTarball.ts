import { watch } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inject } from 'vitest'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { command } from './consumerProject.ts'
import { cachedTarball, keepTarball, packInputsHash } from './packCache.ts'

interface Packed {
  tarball?: string
  error?: string
}

/**
 * The repository packed once per test run, as `npm pack` makes it for a publish (`prepack` builds
 * dist/). Test files run in parallel workers: the first to ask packs (it takes the `lock` folder),
 * the others wait for its word in `packed.json` — two packs at once would each empty dist/ under
 * the other. A run whose inputs (sources, package.json, lock file, build script: `packInputsHash`)
 * are those of the last run's pack takes that tarball from node_modules/.cache instead.
 */
export async function packedTarball(): Promise<string> {
  const dir = inject('packDir')
  const word = join(dir, 'packed.json')
  let packed: Packed
  try {
    await mkdir(join(dir, 'lock'))
    packed = await pack(dir)
    // Written whole, then renamed: a waiter never reads half a word.
    await writeFile(`${word}.tmp`, JSON.stringify(packed))
    await rename(`${word}.tmp`, word)
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error
    packed = await waitForWord(dir, word)
  }
  if (packed.tarball === undefined) throw new Error(`npm pack failed:\n${packed.error}`)
  return packed.tarball
}

async function pack(dir: string): Promise<Packed> {
  const key = await packInputsHash()
  const cached = key === undefined ? undefined : await cachedTarball(key, dir)
  if (cached !== undefined) return { tarball: cached }
  const out = await command(repoRoot, 'npm', [
    'pack',
    '--pack-destination',
    dir,
    '--json',
    '--loglevel=error',
  ])
  if (out.code !== 0) return { error: out.stderr }
  const [info] = JSON.parse(out.stdout.slice(out.stdout.indexOf('['))) as { filename: string }[]
  if (info === undefined) return { error: out.stdout }
  const tarball = join(dir, info.filename)
  // Hashed before the pack: a source changed while it ran is not kept as packed from.
  if (key !== undefined && key === (await packInputsHash())) await keepTarball(key, tarball)
  return { tarball }
}

// Waits on the folder's change events, not on a timer; the read after the watch starts covers a
// word written before it.
function waitForWord(dir: string, word: string): Promise<Packed> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dir)
    const check = () => {
      readFile(word, 'utf8').then(
        (text) => {
          watcher.close()
          resolve(JSON.parse(text) as Packed)
        },
        (error: { code?: string }) => {
          if (error.code !== 'ENOENT') {
            watcher.close()
            reject(error)
          }
        },
      )
    }
    watcher.on('change', check)
    watcher.on('error', reject)
    check()
  })
}
