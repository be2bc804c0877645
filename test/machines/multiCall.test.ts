import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, makeRuntime, pendingId } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

describe('several calls in one turn', () => {
  it('read, write allowed, destructive denied: three results, in order', async () => {
    await ws.upsertTask({
      id: 'keep-me',
      title: 'Old task',
      done: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    })
    const model = new ScriptedModel([
      {
        text: 'Let me do three things.',
        toolCalls: [
          { id: 'c-read', name: 'list_tasks', arguments: '{}' },
          { id: 'c-write', name: 'create_task', arguments: '{"title":"New task","importance":3}' },
          { id: 'c-delete', name: 'delete_task', arguments: '{"id":"keep-me"}' },
        ],
      },
      { text: 'Done.' },
    ])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'tidy up' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const first = eventsOf(runtime, runId, 'confirmationRequired')
    expect(first.map((e) => e.toolName)).toEqual(['create_task'])
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const second = eventsOf(runtime, runId, 'confirmationRequired')
    expect(second.map((e) => [e.toolName, e.permission])).toEqual([
      ['create_task', 'write'],
      ['delete_task', 'destructive'],
    ])
    expect(second[1]?.confirmationId).not.toBe(second[0]?.confirmationId)
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')

    const toolMessages = (model.requests[1]?.messages ?? []).filter((m) => m.role === 'tool')
    expect(toolMessages.map((m) => m.toolCallId)).toEqual(['c-read', 'c-write', 'c-delete'])
    const contents = toolMessages.map((m) => JSON.parse(m.content))
    expect(contents[0]).toMatchObject({ ok: true, data: { tasks: [{ id: 'keep-me' }] } })
    expect(contents[1]).toMatchObject({ ok: true, data: { title: 'New task', importance: 3 } })
    expect(contents[2]).toEqual({
      ok: false,
      error: { code: 'user_denied', message: 'User denied the requested operation' },
    })
    const titles = (await ws.readTasks()).map((t) => t.title).sort()
    expect(titles).toEqual(['New task', 'Old task'])
    const seqs = runtime.view(runId).events.map((e) => e.seq)
    expect(seqs).toEqual(seqs.map((_, i) => i + 1))
  })
})
