import { describe, expect, it } from 'vitest'
import { OfflinePlanner } from '../../../models/offline/OfflinePlanner.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { evalClock, evalWorkspace } from './eval/runEval.ts'

// Issue #51: under "Allow adding tasks for this session" a guess was added with no card. The
// planner never proposes a task it guessed, so a session rule has nothing to allow.
describe('a session rule never turns a guess into a task', () => {
  it('adds no task for chit-chat, news or a thing named while create_task is allowed for the session', async () => {
    const { ws, notebookId } = await evalWorkspace('week')
    let ids = 0
    const runtime = createAgentRuntime({
      model: new OfflinePlanner({ clock: evalClock }),
      tools: createToolRegistry(),
      workspace: ws,
      clock: evalClock,
      generateId: () => `r${++ids}`,
    })
    try {
      const first = runtime.startRun({ input: 'add a task to buy milk', notebookId })
      await waitForRun(runtime, first, 'awaitingConfirmation')
      const card = runtime.view(first).pending
      if (card === undefined) throw new Error('no card for the first task')
      await runtime.command(first, {
        kind: 'decide',
        confirmationId: card.confirmationId,
        decision: 'allow',
        digest: card.digest,
        remember: 'session',
      })
      await waitForRun(runtime, first, 'awaitingInput')
      const before = (await ws.readTasks()).map((t) => t.title)
      expect(before).toContain('Buy milk')
      // The rule holds: a real request is added with no card.
      const ruled = runtime.startRun({ input: 'add a task to buy bread', notebookId })
      await waitForRun(runtime, ruled, 'awaitingInput')
      expect((await ws.readTasks()).map((t) => t.title)).toContain('Buy bread')
      const after = (await ws.readTasks()).length
      for (const said of [
        'the essay',
        'my lab report',
        'lol my flatmate ate my leftovers again',
        'ugh this week is so stressful',
        'i sorted the extension thing with dr patel in person so scrap that task',
      ]) {
        const run = runtime.startRun({ input: said, notebookId })
        await waitForRun(runtime, run, ['awaitingInput', 'awaitingConfirmation'])
        const proposed = runtime
          .view(run)
          .messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []))
        expect(
          proposed.map((call) => call.name),
          said,
        ).not.toContain('create_task')
      }
      expect((await ws.readTasks()).length).toBe(after)
    } finally {
      await runtime.close()
    }
  })
})
