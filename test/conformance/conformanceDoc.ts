// The docs page's generated part: the last run's table and the n/a reasons, between markers, so
// `--write-docs` replaces only them and the test reads back exactly what a run wrote.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root folder. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..')

/** The generated parts of the page. */
export interface DocTable {
  /** The scenarios and their promises, from the table of scenarios. */
  scenarios: string
  table: string
  reasons: string
}

const parts = ['scenarios', 'table', 'reasons'] as const
const start = (part: string) =>
  `<!-- conformance-${part}:start (generated: npm run conformance -- --write-docs) -->\n`
const end = (part: string) => `<!-- conformance-${part}:end -->`

/**
 * A Markdown table as its cells say it, whatever its padding: the page is formatted by biome
 * (which pads the columns), the run renders it unpadded.
 */
export function tableCells(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim().replace(/^-+$/, '---'))
            .join('|')
        : line,
    )
    .join('\n')
}

/** The generated parts the page holds now (empty when it has none), their padding ignored. */
export function tableInDoc(page: string): DocTable {
  const read = (part: string) => {
    const from = page.indexOf(start(part))
    const to = page.indexOf(end(part))
    return from < 0 || to < from ? '' : tableCells(page.slice(from + start(part).length, to))
  }
  return { scenarios: read('scenarios'), table: read('table'), reasons: read('reasons') }
}

/** The page with its generated parts replaced by `now`. */
export function docWithTable(page: string, now: DocTable): string {
  let next = page
  for (const part of parts) {
    const from = next.indexOf(start(part))
    const to = next.indexOf(end(part))
    if (from < 0 || to < from) throw new Error(`the page has no ${part} markers`)
    next = `${next.slice(0, from + start(part).length)}${now[part]}${next.slice(to)}`
  }
  return next
}
