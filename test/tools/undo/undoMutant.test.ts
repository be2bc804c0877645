import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { defineTool } from '../../../tools/defineTool.ts'
import { commitPlanned } from '../../../tools/studypulse/commitPlanned.ts'
import { undoChange } from '../../../tools/studypulse/undoChange.ts'
import type { ToolResult } from '../../../vocabulary/ToolResult.ts'
import { planPatches, recordSet } from '../../../workspace/changes/recordPatches.ts'
import type { StudyWorkspace } from '../../../workspace/StudyWorkspace.ts'
import { seedStudy } from '../../helpers/studyFixtures.ts'
import { undoContext, undoSetupsOfFile } from './undoSetups.ts'

const undoSetups = undoSetupsOfFile()

// The mutant: an undo that skips the version check and applies the kept inverse to the
// records as they are now. The same check the real tool passes must fail on it.
const skipsVersionCheck = defineTool({
  name: 'undo_change',
  description: undoChange.description,
  parameters: z.strictObject({ changeId: z.string().min(1).max(200) }),
  permission: 'destructive',
  workspaceOnly: true,
  preview: (args) => `Undo change ${args.changeId}`,
  async execute(args, context) {
    const change = await context.workspace.readChange(args.changeId)
    if (change === undefined) return { ok: false, error: { code: 'change_not_found', message: '' } }
    const base = recordSet()
    for (const { kind, id } of change.records) {
      const now = kind === 'task' ? await context.workspace.readTask(id) : undefined
      if (now !== undefined) base.task[id] = now.value
    }
    const plan = planPatches(base, change.inversePatches, change.patches, change.records)
    const call = { tool: 'undo_change', what: 'it', undoes: change.changeId }
    return commitPlanned(plan, call, context, { undid: change.changeId })
  },
})

const real = createToolRegistry()

/** Marks t1 done, lets someone else rename it, then undoes the first change with `undo`. */
async function undoAfterAnotherChange(
  ws: StudyWorkspace,
  other: StudyWorkspace,
  undo: (changeId: string) => Promise<ToolResult>,
): Promise<{ result: ToolResult; wrote: boolean }> {
  await seedStudy(ws)
  const done = real.prepare('c1', 'update_task', { id: 't1', done: true })
  const card = await real.describe(done, ws)
  const made = await real.execute(done, undoContext(ws, card.target?.version ?? null))
  const changeId = (made as { data: { changeId: string } }).data.changeId
  const rename = real.prepare('c2', 'update_task', { id: 't1', title: 'Essay (edited elsewhere)' })
  await real.execute(
    rename,
    undoContext(other, (await real.describe(rename, other)).target?.version ?? null),
  )
  const moved = JSON.stringify(await ws.readTasks())
  const result = await undo(changeId)
  return { result, wrote: JSON.stringify(await ws.readTasks()) !== moved }
}

describe.each(undoSetups)('on %s, the version check of an undo', (_, setup) => {
  it('holds in the real undo_change: target_changed, nothing written', async () => {
    const { ws, other } = await setup()
    const { result, wrote } = await undoAfterAnotherChange(ws, other, (changeId) =>
      real.execute(real.prepare('u', 'undo_change', { changeId }), undoContext(ws)),
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'target_changed' } })
    expect(wrote).toBe(false)
  })

  it('kills the mutant that skips it: it writes over the other change', async () => {
    const { ws, other } = await setup()
    const { result, wrote } = await undoAfterAnotherChange(ws, other, (changeId) =>
      Promise.resolve(skipsVersionCheck.execute({ changeId }, undoContext(ws))),
    )
    // What the real tool's test asserts fails on the mutant.
    expect(result.ok && wrote).toBe(true)
  })
})
