import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { internalsOf } from '../../runtime/runtimeInternals.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { sandboxStats } from '../../tools/sandbox/runInSandbox.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, makeRuntime, pendingId } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const runCode = (args: object, id = 'c1'): ModelTurn => ({
  toolCalls: [{ id, name: 'run_code', arguments: JSON.stringify(args) }],
})

const lastToolMessage = (model: ScriptedModel) => {
  const message = model.requests.at(-1)?.messages.at(-1)
  return message?.role === 'tool' ? JSON.parse(message.content) : undefined
}

/** Lets every queued callback and I/O turn run, so a stray execution would have happened. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe('run_code in a run', () => {
  it('waits for Allow once as an execute card; nothing reaches the sandbox before it', async () => {
    const model = new ScriptedModel([
      runCode({ code: 'console.log("ran")\n6 * 7' }),
      { text: 'It is 42.' },
    ])
    const runtime = makeRuntime(model, ws)
    const before = sandboxStats().runs
    const runId = runtime.startRun({ input: 'what is six times seven' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const [card] = eventsOf(runtime, runId, 'confirmationRequired')
    expect(card).toMatchObject({ toolName: 'run_code', permission: 'execute' })
    expect(JSON.parse(card?.payloadJson ?? '{}')).toEqual({ code: 'console.log("ran")\n6 * 7' })
    await settle()
    expect(sandboxStats().runs).toBe(before)
    expect(eventsOf(runtime, runId, 'toolCompleted')).toEqual([])

    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(sandboxStats().runs).toBe(before + 1)
    expect(lastToolMessage(model)).toEqual({ ok: true, data: { output: 'ran\n', value: 42 } })
  })

  it('a denied run_code runs nothing: user_denied reaches the model and the run goes on', async () => {
    const model = new ScriptedModel([
      runCode({ code: 'console.log("should never print")' }),
      { text: 'OK, I did not run it.' },
    ])
    const runtime = makeRuntime(model, ws)
    const before = sandboxStats().runs
    const runId = runtime.startRun({ input: 'run something' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')
    await settle()
    expect(sandboxStats().runs).toBe(before)
    expect(lastToolMessage(model)).toMatchObject({ ok: false, error: { code: 'user_denied' } })
    expect(eventsOf(runtime, runId, 'toolFailed')[0]?.error?.code).toBe('user_denied')
    expect(eventsOf(runtime, runId, 'assistantMessage').at(-1)?.text).toBe('OK, I did not run it.')
  })

  it('no standing rule can allow run_code, and a forged policy CONFIRM is refused', async () => {
    const model = new ScriptedModel([runCode({ code: '1 + 1' }), { text: 'ok' }])
    const runtime = makeRuntime(model, ws)
    const before = sandboxStats().runs
    for (const scope of ['session', 'always'] as const) {
      expect(() => runtime.policies.add({ tool: 'run_code', effect: 'allow', scope })).toThrow(
        expect.objectContaining({ code: 'policy_not_allowed' }),
      )
    }
    const runId = runtime.startRun({ input: 'add one and one' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    expect(() =>
      runtime.policies.add({ tool: 'run_code', effect: 'allow', scope: 'run', runId }),
    ).toThrow(expect.objectContaining({ code: 'policy_not_allowed' }))
    const cardId = pendingId(runtime, runId)
    await expect(
      runtime.submitConfirmation(runId, cardId, 'allow', { remember: 'session' }),
    ).rejects.toMatchObject({ code: 'policy_not_allowed' })
    // A forged rule decision reaching the run itself (past the runtime's checks) is refused by
    // the chart's guard: only the policy's standing is wrong, the id and digest are right.
    internalsOf(runtime)
      .session(runId)
      ?.send({
        type: 'CONFIRM',
        decision: {
          runId,
          confirmationId: cardId,
          decision: 'allow',
          digest: runtime.view(runId).pending?.digest as string,
          by: { kind: 'rule', rule: 'forged' },
        },
      })
    await settle()
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
    expect(eventsOf(runtime, runId, 'confirmationResolved')).toEqual([])
    expect(runtime.policies.list()).toEqual([])
    expect(sandboxStats().runs).toBe(before)
  })

  it('passes notebook sources in read-only by name, and refuses sources outside the notebook', async () => {
    await writeFile(join(ws.sourcesDir, 'lecture-2.md'), 'Mitosis has four phases.\n')
    await writeFile(join(ws.sourcesDir, 'private.md'), 'not in this notebook')
    const notebook = await ws.createNotebook('Biology', ['lecture-2.md'])
    const model = new ScriptedModel([
      runCode({
        code: 'inputs["lecture-2.md"].split(" ").length',
        inputs: ['lecture-2.md'],
      }),
      runCode({ code: 'inputs["private.md"]', inputs: ['private.md'] }, 'c2'),
      { text: 'done' },
    ])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'count words', notebookId: notebook.id })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    expect(lastToolMessage(model)).toEqual({ ok: true, data: { output: '', value: 4 } })
    const before = sandboxStats().runs
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(lastToolMessage(model)).toMatchObject({
      ok: false,
      error: { code: 'source_not_allowed' },
    })
    expect(sandboxStats().runs).toBe(before)
  })

  it('a code error comes back as code_error with its line, and the run goes on', async () => {
    const model = new ScriptedModel([
      runCode({ code: 'console.log("start")\nundefinedThing()' }),
      { text: 'That failed.' },
    ])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'try it' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(lastToolMessage(model)).toEqual({
      ok: false,
      error: {
        code: 'code_error',
        message: "ReferenceError: 'undefinedThing' is not defined",
        details: { line: 2, output: 'start\n' },
      },
    })
  })
})
