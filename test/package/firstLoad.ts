import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

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
