import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { idComparisons } from './idComparisons.ts'

const root = join(import.meta.dirname, '../../..')

// The product's source: every folder a person or a host runs, and the entry points at the top.
// Not `test/` (tests compare ids to check them) nor `bench/` (rival implementations, measured).
const sourceFolders = [
  'app',
  'machines',
  'models',
  'runtime',
  'store',
  'tools',
  'ui',
  'vocabulary',
  'workspace',
]

// The one place that compares a decision with its card.
const guards = 'machines/runGuards.ts'

/**
 * Comparisons found outside the guards, each a file and its trimmed line. No decision is checked
 * outside the guards: what is left compares a call's digest with the same call prepared again
 * (its tool changed since the card), never a decision with its card. The test fails on a new one,
 * and on an entry that is gone, so the list only shrinks.
 */
const knownOffenders: readonly { file: string; text: string; why: string }[] = [
  {
    file: 'runtime/loadSavedRun.ts',
    text: 'if (fresh.digest === current.prepared.digest) current.prepared = fresh',
    why: 'tool drift: a restored call, prepared again, must be the same call',
  },
  {
    file: 'tools/ToolRegistry.ts',
    text: '(callDigest(tool.name, invocation.args, tool.contract) !== prepared.digest ||',
    why: 'tool drift: a tool changed between preparing and executing its call',
  },
]

function sourceFiles(): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name)) files.push(relative(root, path))
    }
  }
  for (const folder of sourceFolders) walk(join(root, folder))
  for (const entry of readdirSync(root, { withFileTypes: true }))
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.config.'))
      files.push(entry.name)
  return files.sort()
}

describe('the scan for comparisons of confirmation ids and digests', () => {
  it('finds comparisons, and leaves out presence tests, lookups, comments and strings', () => {
    const source = [
      'if (decision.confirmationId !== pending.confirmationId) return', // 1: found
      'const open = current?.digest !== undefined', // presence
      "const text = typeof decision.digest === 'string'", // a type test
      'const card = log.find((e) => e.kind === "x" && e.confirmationId === id)', // lookup
      '// a.confirmationId === b.confirmationId', // comment
      "const text = 'a.digest === b.digest'", // string
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanned source holds a template
      'const message = `${offer.digest === shown ? "same" : "other"} call`', // 6: found, in a template
      'if (retired.includes(decision.confirmationId)) return', // 7: found, membership
      'const same = selectPendingId(snapshot) == id', // 8: found
      'const rows = journal.filter(', // a lookup over lines
      '  (r) =>',
      '    r.digest === prepared.digest,',
      ')',
    ].join('\n')
    expect(idComparisons(source).map((c) => c.line)).toEqual([1, 7, 8, 9])
  })

  it(`finds none outside ${guards} but the known ones, which only shrink`, () => {
    const files = sourceFiles()
    expect(files).toContain(guards)
    expect(files.length).toBeGreaterThan(100)
    const found = files
      .filter((file) => file !== guards)
      .flatMap((file) =>
        idComparisons(readFileSync(join(root, file), 'utf8')).map((c) => ({ file, ...c })),
      )
    const key = (c: { file: string; text: string }) => `${c.file}: ${c.text}`
    const known = new Set(knownOffenders.map(key))
    const fresh = found
      .filter((c) => !known.has(key(c)))
      .map((c) => `${c.file}:${c.line}: ${c.text}`)
    const gone = knownOffenders.filter((k) => !found.some((c) => key(c) === key(k))).map(key)
    expect(
      fresh,
      'new comparisons of ids or digests: call decisionRefusal/editRefusal instead',
    ).toEqual([])
    expect(gone, 'fixed: remove these from knownOffenders').toEqual([])
    // The guards themselves are found by the same scan: it is not blind to how they compare.
    expect(idComparisons(readFileSync(join(root, guards), 'utf8')).length).toBeGreaterThan(3)
  })
})
