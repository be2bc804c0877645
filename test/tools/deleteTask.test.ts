import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const tools = createToolRegistry()
const context = () => ({
  workspace: ws,
  now: new Date(),
  sourcePaths: [],
  signal: new AbortController().signal,
  generateId: () => 'x',
})

describe('delete_task', () => {
  beforeEach(async () => {
    const at = '2026-11-01T00:00:00.000Z'
    await ws.upsertTask({ id: 't1', title: 'Keep me', done: false, createdAt: at, updatedAt: at })
  })

  it('names the task on the card when the title is given', () => {
    expect(tools.prepare('c', 'delete_task', { id: 't1', title: 'Keep me' }).preview).toBe(
      'Delete task “Keep me”',
    )
  })

  it('refuses when the title on the card is not the task behind the id', async () => {
    const prepared = tools.prepare('c', 'delete_task', { id: 't1', title: 'Something harmless' })
    const result = await tools.execute(prepared, context())
    expect(result).toMatchObject({ ok: false, error: { code: 'task_mismatch' } })
    expect((await ws.readTasks()).map((t) => t.id)).toEqual(['t1'])
  })

  it('deletes when id and title match, and reports an unknown id', async () => {
    const ok = await tools.execute(
      tools.prepare('c', 'delete_task', { id: 't1', title: 'Keep me' }),
      context(),
    )
    expect(ok).toMatchObject({ ok: true, data: { deleted: { id: 't1' } } })
    expect(await ws.readTasks()).toEqual([])
    const missing = await tools.execute(tools.prepare('c', 'delete_task', { id: 't1' }), context())
    expect(missing).toMatchObject({ ok: false, error: { code: 'task_not_found' } })
  })
})
