import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import { build, type Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../app/server/ensureBuild.ts'

// The entry points a browser app imports. Bundling them for the browser must reach no Node module.
const browserEntries = ['core.ts', 'store.ts', 'tracing.ts', 'ui/index.ts', 'ui/core/index.ts']

const builtins = new Set(builtinModules)
const isNodeModule = (id: string) => id.startsWith('node:') || builtins.has(id.split('/')[0] ?? '')

/** Every Node module the browser bundle of `entry` reaches, each with the import chain that reaches it. */
async function nodeImportsOf(entry: string): Promise<string[]> {
  const importers = new Map<string, string>()
  const found: string[] = []
  const chain = (file: string): string[] => {
    const path: string[] = []
    for (let at: string | undefined = file; at !== undefined; at = importers.get(at))
      path.unshift(relative(repoRoot, at))
    return path
  }
  const watch: Plugin = {
    name: 'find-node-imports',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined) return null
      if (isNodeModule(source)) {
        found.push([...chain(importer), source].join(' → '))
        return { id: source, external: true }
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (resolved && !importers.has(resolved.id)) importers.set(resolved.id, importer)
      return resolved
    },
  }
  await build({
    configFile: false,
    logLevel: 'silent',
    root: repoRoot,
    plugins: [watch],
    build: {
      write: false,
      lib: { entry: join(repoRoot, entry), formats: ['es'], fileName: 'entry' },
      // Only our own code is followed; packages are the host's to bundle (and are browser-safe).
      rollupOptions: {
        external: (id) => !id.startsWith('.') && !id.startsWith('/') && !isNodeModule(id),
      },
    },
  })
  return [...new Set(found)].sort()
}

describe('the browser entry points import nothing from Node', () => {
  for (const entry of browserEntries) {
    it(`${entry}: no node: module is reachable`, async () => {
      expect(await nodeImportsOf(entry)).toEqual([])
    })
  }

  it('(control) the same check finds the Node modules of the folder workspace', async () => {
    const reached = await nodeImportsOf('workspace/Workspace.ts')
    expect(reached).toContain('workspace/Workspace.ts → workspace/jsonFile.ts → node:fs')
  })
})
