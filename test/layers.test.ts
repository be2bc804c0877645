import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

// The layers, lowest first: a folder imports only from folders before it (type-only imports
// included), so the shared vocabulary sits at the bottom and what a person runs at the top.
const layers = [
  'vocabulary',
  'workspace',
  'models',
  'tools',
  'store',
  'machines',
  'runtime',
  'ui',
  'app',
] as const

const importPattern =
  /(?:import|export)\b[^'";]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

function sourceFiles(): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name)) files.push(relative(root, path))
    }
  }
  for (const layer of layers) walk(join(root, layer))
  return files.sort()
}

/** Every relative import of each source file, as repository paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles()) {
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
    expect(graph.get('runtime/createAgentRuntime.ts')).toContain('machines/agentRunMachine.ts')
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
