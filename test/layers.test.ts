import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { productFolders, productSources, repoRoot as root } from './helpers/productSources.ts'

// The layers, lowest first: a folder imports only from folders before it (type-only imports
// included), so the shared vocabulary sits at the bottom and what a person runs at the top.
const layers = productFolders

const importPattern =
  /(?:import|export)\b[^'";]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** Every relative import of each source file, as repository paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of productSources()) {
    const text = readFileSync(join(root, file), 'utf8')
    const targets = [...text.matchAll(importPattern)].map((m) =>
      relative(root, resolve(dirname(join(root, file)), (m[1] ?? m[2]) as string)),
    )
    graph.set(file, targets)
  }
  return graph
}

const layerOf = (file: string) => layers.indexOf(file.split('/')[0] as (typeof layers)[number])

describe('imports point one way', () => {
  const graph = importGraph()

  it('reads the imports it checks (the scan is not empty)', () => {
    expect(graph.size).toBeGreaterThan(200)
    expect(graph.get('runtime/sessionHost.ts')).toContain('machines/agentRunMachine.ts')
  })

  it('each folder imports only from the folders below it', () => {
    const upward: string[] = []
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (layerOf(target) > layerOf(file)) upward.push(`${file} -> ${target}`)
      }
    }
    expect(upward).toEqual([])
  })

  it('no file reaches itself through its imports', () => {
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '))
        return
      }
      state.set(file, 'open')
      for (const target of graph.get(file) ?? []) visit(target, [...path, file])
      state.set(file, 'done')
    }
    for (const file of graph.keys()) visit(file, [])
    expect(cycles).toEqual([])
  })
})
