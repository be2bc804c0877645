import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { productFolders, productSources, repoRoot as root } from '../../helpers/productSources.ts'
import { idComparisons } from './idComparisons.ts'

// The product's source (every folder a person or a host runs) and the entry points at the top.
// Not `test/` (tests compare ids to check them) nor `bench/` (rival implementations, measured).
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
  // The edit form's three: which open card's schema to draw, never whether a call may run (an
  // edit is a new proposal, checked by the one decision path like any other).
  {
    file: 'ui/components/CardEdit.tsx',
    text: "if (load.current === undefined || confirmationId === '') return",
    why: 'the edit form: no card, no schema to load',
  },
  // The edit form's schema, asked when a card is drawn (whether it offers Edit at all) and moved
  // with that into a hook of its own.
  {
    file: 'ui/hooks/useEditSchema.ts',
    text: "if (!wanted || load.current === undefined || confirmationId === '') return",
    why: 'the edit form: no card, no schema to load',
  },
  {
    file: 'ui/hooks/useEditSchema.ts',
    text: 'if (answer?.confirmationId !== confirmationId) return { offers: false, loadSchema }',
    why: "the edit form: the schema of the card drawn, not a newer card's",
  },
  {
    file: 'ui/local/LocalRunClient.ts',
    text: 'if (pending?.confirmationId !== confirmationId) return undefined',
    why: "the edit form: the schema of the card the person opened, not a newer card's",
  },
  {
    file: 'ui/remote/RemoteRunClient.ts',
    text: 'return answer.confirmationId === confirmationId ? answer.schema : undefined',
    why: "the edit form: the schema of the card the person opened, not a newer card's",
  },
]

const sourceFiles = () => productSources(productFolders, { entryPoints: true })

describe('the scan for comparisons of confirmation ids and digests', () => {
  it('finds comparisons, and leaves out presence tests, lookups, comments and strings', () => {
    const source = [
      'if (decision.confirmationId !== pending.confirmationId) return', // 1: found
      'const open = current?.digest !== undefined', // presence
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
    expect(idComparisons(source).map((c) => c.line)).toEqual([1, 6, 7, 8])
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
