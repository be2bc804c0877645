import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { AgentError } from '../../runtime/AgentError.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { maxMessageChars } from '../../vocabulary/messageLength.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'
import { typeIntoChat } from '../helpers/terminalChat.ts'
import { type AppHarness, pagePost, startHarness } from './appHarness.ts'

// One limit on a message's length for every entry point, refused as `message_too_long` before
// the model sees a character of it: a 1 MB message once cost the planner 5 to 20 s.
const longest = 'x'.repeat(maxMessageChars)
const tooLong = `remind me to x by friday ${'friday '.repeat(150_000)}`
const refusal =
  /^a message may be at most 8,000 characters; this one has [\d,]+: shorten it, or send it in parts$/

let ws: Workspace
let dispose: () => Promise<void>
let h: AppHarness | undefined
beforeEach(async () => {
  ;({ ws, dispose } = await tempWorkspace())
})
afterEach(async () => {
  await h?.dispose()
  h = undefined
  await dispose()
})

const refused = (fn: () => unknown) =>
  Promise.resolve()
    .then(fn)
    .then(
      () => undefined,
      (error: unknown) => error,
    )

describe('one limit on a message’s length, at every entry point', () => {
  it('is 8,000 characters', () => {
    expect(maxMessageChars).toBe(8000)
  })

  it('the runtime: startRun and sendInput refuse a longer message, and the model never sees it', async () => {
    const model = new ScriptedModel(() => ({ text: 'ok' }))
    const runtime = makeRuntime(model, ws)
    for (const text of [`${longest}x`, tooLong]) {
      const error = await refused(() => runtime.startRun({ input: text }))
      expect(error).toBeInstanceOf(AgentError)
      expect(error).toMatchObject({
        code: 'message_too_long',
        message: expect.stringMatching(refusal),
      })
    }
    const runId = runtime.startRun({ input: longest })
    await waitForRun(runtime, runId, 'awaitingInput')
    const error = await refused(() => runtime.sendInput(runId, tooLong))
    expect(error).toMatchObject({ code: 'message_too_long' })
    expect(
      model.requests.every((r) => r.messages.every((m) => m.content.length <= maxMessageChars)),
    ).toBe(true)
    await runtime.close()
  })

  it('the HTTP API: 400 invalid_request with the same sentence, for a first message and a next one; 8,000 characters are taken', async () => {
    const app = await startHarness()
    h = app
    const over = await pagePost(app, '/api/runs', { text: `${longest}x` })
    expect(over.status).toBe(400)
    expect(over.json().error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(
        /^text: a message may be at most 8,000 characters; this one has 8,001/,
      ),
    })
    const started = await pagePost(app, '/api/runs', { text: 'what are my tasks' })
    expect(started.status).toBe(201)
    const runId = started.json().runId as string
    await waitForRun(app.runtime, runId, 'awaitingInput')
    // Over the limit yet under the 64 KiB body limit (a 1 MB body is 413 body_too_large).
    const next = await pagePost(app, `/api/runs/${runId}/input`, { text: 'y'.repeat(9000) })
    expect(next.status).toBe(400)
    expect(next.json().error?.message).toMatch(/a message may be at most 8,000 characters/)
    const atLimit = await pagePost(app, `/api/runs/${runId}/input`, { text: longest })
    expect(atLimit.status).toBeLessThan(300)
  })

  it('the terminal chat: a 1 MB line is refused with the reason, and the chat goes on', async () => {
    const runtime = makeRuntime(new OfflinePlanner(), ws)
    const written = await typeIntoChat(runtime, [tooLong, 'what are my tasks'], { at: /you › $/ })
    await runtime.close()
    expect(written).toMatch(
      / {2}! a message may be at most 8,000 characters; this one has [\d,]+: shorten it/,
    )
    // The next message was answered: the chat went on.
    expect(written.split('you › ')).toHaveLength(4)
  })
})
