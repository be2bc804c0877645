import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../../app/server/ensureBuild.ts'
import type { planOfflineTurn as PlanOfflineTurn } from '../../../models/offline/planOfflineTurn.ts'
import { request } from './plannerHarness.ts'

// The budget issue #51 sets for what a page fetches before the planner's first turn.
const FIRST_LOAD_BUDGET = 100_000
const monday = new Date(2026, 10, 30, 9)

interface Chunk {
  file: string
  gzipBytes: number
  inputs: string[]
  firstLoad: boolean
}

let folder: string
let chunks: Chunk[]

// The chunks an entry imports statically load with it; a dynamic import's chunk loads when reached.
function firstLoadFiles(outputs: Metafile['outputs'], entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const used of outputs[file]?.imports ?? []) {
      if (used.kind === 'import-statement') visit(used.path)
    }
  }
  visit(entry)
  return seen
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'planner-chunk-'))
  // As a page's bundler splits it: minified for the browser, one chunk per dynamic import.
  const built = await build({
    absWorkingDir: repoRoot,
    entryPoints: ['models/offline/planOfflineTurn.ts'],
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: folder,
    metafile: true,
    logLevel: 'error',
  })
  const outputs = built.metafile.outputs
  const files = Object.keys(outputs).filter((file) => file.endsWith('.js'))
  const entry = files.find((file) => outputs[file]?.entryPoint !== undefined) ?? ''
  const first = firstLoadFiles(outputs, entry)
  chunks = await Promise.all(
    files.map(async (file) => ({
      file: relative(folder, join(repoRoot, file)),
      gzipBytes: gzipSync(await readFile(join(repoRoot, file)), { level: 9 }).length,
      inputs: Object.keys(outputs[file]?.inputs ?? {}),
      firstLoad: first.has(file),
    })),
  )
})

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

describe('the planner as a page loads it (esbuild, minified, split at its dynamic imports)', () => {
  it('fetches at most 100 KB gzipped before its first turn; the intent classifier later', () => {
    const table = chunks.map((c) => `${c.firstLoad ? 'first' : 'later'} ${c.gzipBytes} ${c.file}`)
    console.log(`the planner's chunks (bytes gzipped):\n${table.join('\n')}`)
    const first = chunks.filter((c) => c.firstLoad)
    expect(first.reduce((sum, c) => sum + c.gzipBytes, 0)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET)
    const classifier = chunks.filter((c) =>
      c.inputs.some((input) => input.endsWith('plannerIntentModel.ts')),
    )
    expect(classifier.map((c) => c.firstLoad)).toEqual([false])
    expect(first.flatMap((c) => c.inputs).some((input) => input.includes('@nlpjs'))).toBe(false)
  })

  it('answers a turn only the classifier reads from the built chunks, as from the sources', async () => {
    const entry = chunks.find((c) => c.file.startsWith('planOfflineTurn'))?.file ?? ''
    const built: { planOfflineTurn: typeof PlanOfflineTurn } = await import(
      pathToFileURL(join(folder, entry)).href
    )
    // No pattern reads "i ought to …"; the classifier's confident create_task makes it a task.
    const turn = await built.planOfflineTurn(
      request([{ role: 'user', content: 'i ought to water the plants' }]),
      monday,
    )
    const proposed = (turn.toolCalls ?? []).map((call) => [call.name, JSON.parse(call.arguments)])
    expect(proposed).toEqual([['create_task', { title: 'Water the plants' }]])
  })
})
