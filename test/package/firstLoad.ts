import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { repoRoot } from '../../app/server/ensureBuild.ts'

/** One JavaScript file of a build, raw and gzipped, and whether the page loads it at once. */
export interface BuiltScript {
  name: string
  bytes: number
  gzipBytes: number
  firstLoad: boolean
}

/**
 * The scripts of a Vite build in `dist`: those `index.html` loads at once (its module script and
 * the chunks it preloads) and those fetched later by a dynamic import.
 */
export function builtScripts(dist: string): BuiltScript[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const named = [...html.matchAll(/(?:src|href)="\/?assets\/([^"]+\.js)"/g)].map((m) => m[1])
  return readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const text = readFileSync(join(dist, 'assets', name))
      return {
        name,
        bytes: text.length,
        gzipBytes: gzipSync(text, { level: 9 }).length,
        firstLoad: named.includes(name),
      }
    })
    .sort((a, b) => Number(b.firstLoad) - Number(a.firstLoad) || b.bytes - a.bytes)
}

/** The scripts as a table for a test's output (kB as Vite prints them). */
export function scriptTable(scripts: readonly BuiltScript[]): string {
  const kb = (n: number) => (n / 1000).toFixed(1).padStart(8)
  const rows = scripts.map(
    (s) =>
      `${s.firstLoad ? 'first' : 'later'} ${kb(s.bytes)} kB ${kb(s.gzipBytes)} kB gz  ${s.name}`,
  )
  const first = scripts.filter((s) => s.firstLoad).reduce((sum, s) => sum + s.gzipBytes, 0)
  return [...rows, `first load: ${kb(first)} kB gzipped`].join('\n')
}

/** The sizes the React guide gives for its page's build, in KB of gzipped JavaScript. */
export interface GuideFigures {
  firstLoad: number
  /** The offline planner's chunks (its turn, the date parser and the intent classifier it loads). */
  planner: number
  editForm: number
  elk: number
}

/** What the React guide says its page's build loads first and later, read from its text. */
export function guideFigures(): GuideFigures {
  const text = readFileSync(join(repoRoot, 'docs', 'guide', 'react.md'), 'utf8')
  const figure = (pattern: RegExp) => {
    const match = pattern.exec(text)
    if (match === null) throw new Error(`the React guide no longer says ${pattern}`)
    return Number(match[1])
  }
  return {
    firstLoad: figure(/first\s+load\s+is\s+about\s+(\d+)\s+KB\s+of\s+gzipped\s+JavaScript/),
    planner: figure(/offline\s+planner\s+\(about\s+(\d+)\s+KB\)/),
    editForm: figure(/edit\s+form\s+\(about\s+(\d+)\s+KB\)/),
    elk: figure(/layout\s+engine\s+\(about\s+(\d+)\s+KB\)/),
  }
}

/** The same sizes measured in a build's scripts (the later ones by their chunks' names). */
export function measuredFigures(scripts: readonly BuiltScript[]): GuideFigures {
  const kb = (chosen: readonly BuiltScript[]) =>
    chosen.reduce((sum, s) => sum + s.gzipBytes, 0) / 1000
  const later = (prefix: string) => scripts.filter((s) => !s.firstLoad && s.name.startsWith(prefix))
  return {
    firstLoad: kb(scripts.filter((s) => s.firstLoad)),
    planner: kb([
      ...later('planOfflineTurn'),
      ...later('plannerChrono'),
      ...later('plannerIntentClassifier'),
    ]),
    editForm: kb(later('CardEditForm')),
    elk: kb(later('elk.bundled')),
  }
}
