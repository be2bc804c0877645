import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startRuntime } from '../../app/startRuntime.ts'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { type AppHarness, pageGet, startHarness } from './appHarness.ts'

// The web app and the terminal chat (`npm run chat`) on one workspace folder: each holds its
// own runs, and the folder store shares no decisions between them.
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

test('a card waiting in the terminal chat says on the page where to answer it, with no run id, and none of its decisions', async () => {
  const runId = await chat.startRun({
    input: 'add a task to review chapter 3 by Friday, importance 4',
  })
  await waitForRun(chat, runId, 'awaitingConfirmation')
  await chat.flush()
  const answer = await pageGet(h, `/api/runs/${runId}/card`)
  expect(answer.status, answer.body).toBe(200)
  const elsewhere = String(answer.json().elsewhere)
  expect(elsewhere).toMatch(/terminal chat/)
  expect(elsewhere).not.toContain(runId)
  // The page's own run, held by the app, is its to decide.
  const mine = await h.runtime.startRun({ input: 'add a task to read chapter 2' })
  await waitForRun(h.runtime, mine, 'awaitingConfirmation')
  const own = await pageGet(h, `/api/runs/${mine}/card`)
  expect(own.json().elsewhere).toBeUndefined()
})
