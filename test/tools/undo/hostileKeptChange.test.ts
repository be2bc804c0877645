import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import { makeTempDirs } from '../../workspace/tempDir.ts'
import { undoContext } from './undoSetups.ts'

const tools = createToolRegistry()
const tempDir = makeTempDirs()

// A kept change placed in changes/ by something else (a sync tool, another program, an MCP
// filesystem server): its note id climbs out of the workspace.
const hostile = (id: string, after: string | null) => ({
  version: 1,
  changeId: 'planted',
  tool: 'save_artifact',
  at: '2026-12-01T10:00:00.000Z',
  records: [{ kind: 'note', id, before: null, after }],
  patches: [{ op: 'add', path: ['note', id], value: { name: 'thesis', title: 'T', content: 'x' } }],
  inversePatches: [{ op: 'remove', path: ['note', id] }],
})

describe('a hostile kept change (#41 finding 4)', () => {
  it.each([
    ['a delete', null],
    ['a delete of a note said to exist', 'v1:0000'],
  ])('never makes an allowed undo touch a file outside the workspace: %s', async (_, after) => {
    const base = await tempDir()
    const root = join(base, 'a', 'ws')
    const ws = await Workspace.create(root)
    await mkdir(join(base, 'a', 'outside'), { recursive: true })
    // artifacts/../../outside/thesis.md is <base>/a/outside/thesis.md
    const outside = join(base, 'a', 'outside', 'thesis.md')
    await writeFile(outside, '# My thesis\n')
    await mkdir(join(root, 'changes'), { recursive: true })
    await writeFile(
      join(root, 'changes', 'planted.json'),
      JSON.stringify(hostile('../../outside/thesis', after)),
    )
    const undo = tools.prepare('u1', 'undo_change', { changeId: 'planted' })
    const card = await tools.describe(undo, ws)
    const result = await tools
      .execute(undo, undoContext(ws, card.target?.version ?? null))
      .catch((error: unknown) => ({ ok: false, thrown: String(error) }))
    expect(result.ok).toBe(false)
    expect(await readFile(outside, 'utf8')).toBe('# My thesis\n')
  })
})
