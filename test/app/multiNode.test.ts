import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, expect, test } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { freshDatabase } from '../helpers/postgres.ts'
import { type AppHarness, rawRequest, runToCard, startIn } from './appHarness.ts'

const addTask = 'add a task to review chapter 3 by Friday, importance 4'
const servers: AppHarness[] = []
afterAll(async () => {
  for (const h of servers.splice(0)) await h.dispose()
})

/** Reads `agent` events and `state` frames of a server's run stream until `done` says stop. */
async function readStream(
  h: AppHarness,
  path: string,
  done: (events: AgentEvent[], state: Record<string, unknown> | undefined) => boolean,
  headers: Record<string, string> = {},
): Promise<{ events: AgentEvent[]; state: Record<string, unknown> | undefined }> {
  const controller = new AbortController()
  const res = await fetch(`${h.server.url}${path}`, {
    headers: { 'x-studypulse-token': h.server.token, ...headers },
    signal: controller.signal,
  })
  expect(res.status).toBe(200)
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  const events: AgentEvent[] = []
  let state: Record<string, unknown> | undefined
  while (!done(events, state)) {
    const { value, done: ended } = await reader.read()
    if (ended) break
    text += decoder.decode(value, { stream: true })
    const blocks = text.split('\n\n')
    text = blocks.pop() ?? ''
    for (const block of blocks) {
      const data = block
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice(6)
      if (data === undefined) continue
      // Streamed text has no id and is live only; the log entries are what a reconnect resumes.
      if (block.includes('event: agent') && block.startsWith('id: ')) events.push(JSON.parse(data))
      if (block.includes('event: state')) state = JSON.parse(data)
    }
  }
  controller.abort()
  return { events, state }
}

const decideOver = (h: AppHarness, runId: string, confirmationId: string) =>
  rawRequest(h.server.port, {
    method: 'POST',
    path: `/api/runs/${runId}/confirmations`,
    headers: h.pageHeaders(),
    body: JSON.stringify({ confirmationId, decision: 'allow' }),
  })

test('a decision posted to node B for a run of node A executes once on A, and node C streams it', {
  timeout: 120_000,
}, async () => {
  const { url } = await freshDatabase()
  // Three app servers as `npm start` makes them with STUDYPULSE_DATABASE_URL set.
  const env = { STUDYPULSE_DATABASE_URL: url }
  for (const name of ['a', 'b', 'c']) {
    servers.push(await startIn(await mkdtemp(join(tmpdir(), `studypulse-node-${name}-`)), { env }))
  }
  const [a, b, c] = servers as [AppHarness, AppHarness, AppHarness]
  expect(a.runtime.store?.location).toContain('postgres')

  const { runId, confirmationId } = await runToCard(a, addTask)
  await a.runtime.flush()
  const before = await a.runtime.workspace.readTasks()

  // The page on node C shows the card that node A's run waits on.
  const atCard = await readStream(c, `/api/runs/${runId}/events?from=1`, (_, state) => {
    return (state?.pending as { confirmationId?: string } | undefined)?.confirmationId !== undefined
  })
  expect(atCard.state?.pending).toMatchObject({ confirmationId })
  const lastSeen = atCard.events.at(-1)?.seq ?? 0

  // C reconnects from what it saw; the decision goes to B, and a second one to C is refused.
  const following = readStream(
    c,
    `/api/runs/${runId}/events`,
    (events) => events.some((e) => e.kind === 'assistantMessage' && e.seq > lastSeen + 2),
    { 'last-event-id': String(lastSeen) },
  )
  const decided = await decideOver(b, runId, confirmationId)
  expect(decided.status).toBe(200)
  const again = await decideOver(c, runId, confirmationId)
  expect(again.status).toBe(409)
  expect(again.json().error?.code).toBe('confirmation_not_found')

  await waitForRun(a.runtime, runId, 'awaitingInput')
  await a.runtime.flush()
  const after = await a.runtime.workspace.readTasks()
  expect(after).toHaveLength(before.length + 1)
  expect(b.runtime.runIds()).not.toContain(runId)
  expect(c.runtime.runIds()).not.toContain(runId)

  // C's resumed stream continues right after what it had, in order, with no gap, to the end.
  const resumed = await following
  const seqs = [...atCard.events, ...resumed.events].map((e) => e.seq)
  expect(seqs).toEqual(a.runtime.view(runId).events.map((e) => e.seq))
  const resolved = resumed.events.find((e) => e.kind === 'confirmationResolved')
  expect(resolved).toMatchObject({ decision: 'allow', decidedBy: 'user' })
  expect(resumed.events.map((e) => e.kind)).toContain('toolCompleted')

  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query(
      "SELECT record->>'type' AS type FROM studypulse.run_journal WHERE run_id = $1",
      [runId],
    )
    expect(rows.map((r) => r.type)).toEqual(['intent', 'outcome'])
  } finally {
    await client.end()
  }
})

const postOver = (h: AppHarness, runId: string, command: string, body: object) =>
  rawRequest(h.server.port, {
    method: 'POST',
    path: `/api/runs/${runId}/${command}`,
    headers: h.pageHeaders(),
    body: JSON.stringify(body),
  })

test('input and cancel posted to node B reach node A’s run; input it cannot take is refused', {
  timeout: 120_000,
}, async () => {
  const { url } = await freshDatabase()
  const env = { STUDYPULSE_DATABASE_URL: url }
  const [a, b] = [
    await startIn(await mkdtemp(join(tmpdir(), 'studypulse-node-a-')), { env }),
    await startIn(await mkdtemp(join(tmpdir(), 'studypulse-node-b-')), { env }),
  ]
  servers.push(a, b)
  const { runId, confirmationId } = await runToCard(a, addTask)
  await a.runtime.flush()
  expect((await decideOver(a, runId, confirmationId)).status).toBe(200)
  await waitForRun(a.runtime, runId, 'awaitingInput')
  await a.runtime.flush()
  const tasks = (await a.runtime.workspace.readTasks()).length

  const sent = await postOver(b, runId, 'input', { text: addTask })
  expect(sent.status).toBe(200)
  expect(sent.json()).toEqual({ ok: true })
  await waitForRun(a.runtime, runId, 'awaitingConfirmation')
  const userTexts = a.runtime.view(runId).messages.filter((m) => m.role === 'user')
  expect(userTexts).toHaveLength(2)
  expect(b.runtime.runIds()).not.toContain(runId)

  const refused = await postOver(b, runId, 'input', { text: 'and another' })
  expect(refused.status).toBe(409)
  expect(refused.json().error?.code).toBe('not_awaiting_input')
  expect((await postOver(b, 'no-such-run', 'input', { text: 'hi' })).status).toBe(404)

  const cancelled = await postOver(b, runId, 'cancel', { reason: 'done for today' })
  expect(cancelled.status).toBe(200)
  await waitForRun(a.runtime, runId, 'cancelled')
  await a.runtime.flush()
  expect(await a.runtime.workspace.readTasks()).toHaveLength(tasks)
})
