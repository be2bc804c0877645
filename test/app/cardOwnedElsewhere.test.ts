import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startRuntime } from '../../app/startRuntime.ts'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { type AppHarness, pageGet, pagePost, startHarness } from './appHarness.ts'

// The web app and the terminal chat (`npm run chat`) on one workspace folder: each holds its
// own runs, and a decision made on the page for a card the chat holds goes to the chat's process
// through the folder's store (its decision relay), where the run's own guard takes it, once.
let h: AppHarness
let chat: AgentRuntime

beforeAll(async () => {
  h = await startHarness()
  const started = await startRuntime({
    model: new OfflinePlanner(),
    env: { STUDYPULSE_WORKSPACE: join(h.dir, 'ws') },
    log: () => {},
  })
  chat = started.runtime
})
afterAll(async () => {
  for (const id of chat?.runIds() ?? []) chat.cancel(id, 'test over')
  await chat?.close()
  await h?.dispose()
})

test('a card waiting in the terminal chat is answered on the page: the chat runs it, and the same answer again is refused', async () => {
  const runId = await chat.startRun({
    input: 'add a task to review chapter 3 by Friday, importance 4',
  })
  await waitForRun(chat, runId, 'awaitingConfirmation')
  await chat.flush()
  const answer = await pageGet(h, `/api/runs/${runId}/card`)
  expect(answer.status, answer.body).toBe(200)
  // No longer "answer it there": the page can answer it.
  expect(answer.json().elsewhere).toBeUndefined()
  const pending = chat.view(runId).pending
  const decision = {
    confirmationId: pending?.confirmationId,
    decision: 'allow',
    digest: pending?.digest,
  }
  const decided = await pagePost(h, `/api/runs/${runId}/confirmations`, decision)
  expect(decided.status, decided.body).toBe(200)
  // The chat's process ran the call (its run moved on past the card).
  await waitForRun(chat, runId, 'awaitingInput')
  const resolved = chat
    .view(runId)
    .events.filter((e) => e.kind === 'confirmationResolved' && e.decision === 'allow')
  expect(resolved).toHaveLength(1)
  const titles = (await h.runtime.workspace.readTasks()).map((t) => t.title)
  expect(titles.filter((title) => /chapter 3/i.test(title))).toHaveLength(1)
  // Replayed: the card's id is spent.
  const again = await pagePost(h, `/api/runs/${runId}/confirmations`, decision)
  expect(again.status, again.body).toBe(409)
  // The page's own run, held by the app, is its to decide as ever.
  const mine = await h.runtime.startRun({ input: 'add a task to read chapter 2' })
  await waitForRun(h.runtime, mine, 'awaitingConfirmation')
  const own = await pageGet(h, `/api/runs/${mine}/card`)
  expect(own.json().elsewhere).toBeUndefined()
})
