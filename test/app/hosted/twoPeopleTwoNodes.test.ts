import { mkdtemp } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { ApprovalRules } from '../../../vocabulary/ApprovalRules.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { type AppHarness, type RawResponse, rawRequest, startIn } from '../appHarness.ts'

const publicHost = 'study.example.edu'
const rules: ApprovalRules = {
  version: 1,
  rules: [
    {
      name: 'destructive needs a reviewer',
      levels: ['destructive'],
      approvers: { groups: ['reviewers'] },
      fourEyes: true,
    },
    {
      name: 'two reviewers add tasks',
      tools: ['create_task'],
      approvers: { groups: ['reviewers'] },
      quorum: 2,
    },
  ],
}
type Who = { id: string; name: string; groups: string }
const alice: Who = { id: 'alice', name: 'Alice', groups: 'reviewers' }
const bob: Who = { id: 'bob', name: 'Bob', groups: 'students' }
const rita: Who = { id: 'rita', name: 'Rita', groups: 'reviewers' }
const rex: Who = { id: 'rex', name: 'Rex', groups: 'reviewers' }

let a: AppHarness
let b: AppHarness
beforeAll(async () => {
  const { url } = await freshDatabase()
  // Two nodes as `npm start` makes them on one database, each behind the signing-in proxy.
  const node = async (name: string) =>
    startIn(await mkdtemp(join(tmpdir(), `studypulse-team-${name}-`)), {
      env: { STUDYPULSE_DATABASE_URL: url },
      approvalRules: rules,
      hosted: {
        publicOrigin: `https://${publicHost}`,
        auth: { kind: 'proxy' },
        trustedProxies: ['127.0.0.1'],
      },
    })
  a = await node('a')
  b = await node('b')
}, 120_000)
afterAll(async () => {
  await a?.dispose()
  await b?.dispose()
})

// A request as the proxy forwards it for `who`.
const as = (
  who: Who,
  h: AppHarness,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
): Promise<RawResponse> =>
  rawRequest(h.server.port, {
    method,
    path,
    headers: {
      host: publicHost,
      origin: `https://${publicHost}`,
      'x-forwarded-user': who.id,
      'x-forwarded-preferred-username': who.name,
      'x-forwarded-groups': who.groups,
      'content-type': 'application/json',
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })

async function startCard(h: AppHarness, who: Who, input: string) {
  const started = await as(who, h, 'POST', '/api/runs', { input })
  expect(started.status).toBe(201)
  const runId = started.json().runId as string
  await waitForRun(h.runtime, runId, 'awaitingConfirmation')
  await h.runtime.flush()
  const confirmationId = h.runtime.view(runId).pending?.confirmationId as string
  return { runId, confirmationId }
}

const decide = (who: Who, h: AppHarness, runId: string, confirmationId: string) =>
  as(who, h, 'POST', `/api/runs/${runId}/confirmations`, { confirmationId, decision: 'allow' })

// Every route that names a run, as `who` on `h`.
const everyRunRoute = (who: Who, h: AppHarness, runId: string, confirmationId: string) => [
  as(who, h, 'GET', `/api/runs/${runId}/events`),
  decide(who, h, runId, confirmationId),
  as(who, h, 'POST', `/api/runs/${runId}/edit`, { confirmationId, arguments: {} }),
  as(who, h, 'POST', `/api/runs/${runId}/cancel`, {}),
  as(who, h, 'POST', `/api/runs/${runId}/input`, { text: 'hi' }),
]

describe('two people on two nodes over PostgreSQL', { timeout: 120_000 }, () => {
  let card: { runId: string; confirmationId: string }

  test('Bob cannot see, stream, decide, edit or cancel Alice’s run: the 404 of a run that does not exist, on every node', async () => {
    card = await startCard(a, alice, 'add a task to review chapter 3 by Friday, importance 4')
    const missing = 'run-that-does-not-exist'
    for (const h of [a, b]) {
      const refused = await Promise.all(everyRunRoute(bob, h, card.runId, card.confirmationId))
      const absent = await Promise.all(everyRunRoute(bob, h, missing, card.confirmationId))
      for (const [i, answer] of refused.entries()) {
        expect(answer.status).toBe(404)
        expect(answer.body.replaceAll(card.runId, missing)).toBe(absent[i]?.body)
      }
      const listed = await as(bob, h, 'GET', '/api/runs')
      expect(listed.json().runs).toEqual([])
    }
    // Nothing Bob sent reached the run.
    expect(a.runtime.view(card.runId).value).toBe('awaitingConfirmation')
    expect(a.runtime.view(card.runId).pending?.confirmationId).toBe(card.confirmationId)
    // Alice sees her run in the list of either node (read from the store), and /api/me names
    // her on any.
    for (const h of [a, b]) {
      expect((await as(alice, h, 'GET', '/api/runs')).json().runs).toEqual([
        expect.objectContaining({ runId: card.runId, owner: 'alice', pending: true }),
      ])
    }
    expect((await as(alice, b, 'GET', '/api/me')).json()).toMatchObject({
      id: 'alice',
      reviewer: true,
    })
  })

  test('a quorum of two needs two distinct people: the same person twice does not count, and a refusal leaves the card pending', async () => {
    const { runId, confirmationId } = card
    // Someone on node B has the run open (a node follows another's run only while it is heard).
    const stopListening = b.runtime.subscribe(runId, () => undefined)
    const first = await decide(alice, a, runId, confirmationId)
    expect(first.status, first.body).toBe(200)
    // Node B follows the run: its page shows the card with Alice's approval on it.
    await expect.poll(() => b.runtime.view(runId).pending?.approvals?.length).toBe(1)
    stopListening()
    const twice = await decide(alice, b, runId, confirmationId)
    expect(twice.status).toBe(403)
    expect(twice.json().error?.code).toBe('approver_not_allowed')
    expect(a.runtime.view(runId).value).toBe('awaitingConfirmation')
    expect(a.runtime.view(runId).pending?.approvals).toEqual([{ id: 'alice', name: 'Alice' }])
    // Rita, a reviewer, completes the quorum from node B; the task is added once.
    expect((await decide(rita, b, runId, confirmationId)).status).toBe(200)
    await waitForRun(a.runtime, runId, 'awaitingInput')
    const resolved = a.runtime.view(runId).events.find((e) => e.kind === 'confirmationResolved')
    expect(resolved).toMatchObject({ decision: 'allow', decider: { id: 'rita', name: 'Rita' } })
  })

  test('with four eyes Alice cannot approve her own destructive card; a reviewer on the other node does', async () => {
    const tasks = async () => (await a.workspaces.of({ id: 'alice' })).workspace.readTasks()
    const before = await tasks()
    expect(before.some((t) => /chapter 3/i.test(t.title))).toBe(true)
    const { runId, confirmationId } = await startCard(a, alice, 'delete the task review chapter 3')
    const asked = a.runtime.view(runId).events.findLast((e) => e.kind === 'confirmationRequired')
    expect(asked).toMatchObject({ toolName: 'delete_task', permission: 'destructive' })
    const own = await decide(alice, b, runId, confirmationId)
    expect(own.status).toBe(403)
    expect(own.json().error?.message).toMatch(/four eyes/)
    expect(a.runtime.view(runId).value).toBe('awaitingConfirmation')
    // Bob is no reviewer: he still cannot even see it.
    expect((await decide(bob, b, runId, confirmationId)).status).toBe(404)
    // A reviewer may decide, never command, another's run.
    const cancel = await as(rex, b, 'POST', `/api/runs/${runId}/cancel`, {})
    expect(cancel.status).toBe(403)
    expect(cancel.json().error?.code).toBe('not_your_run')
    expect((await decide(rex, b, runId, confirmationId)).status).toBe(200)
    await waitForRun(a.runtime, runId, 'awaitingInput')
    expect((await tasks()).length).toBe(before.length - 1)
    const resolved = a.runtime.view(runId).events.find((e) => e.kind === 'confirmationResolved')
    expect(resolved).toMatchObject({ decider: { id: 'rex', name: 'Rex' } })
  })

  test('the run list is each person’s own, read from the store: the same on both nodes, wherever a run is held', async () => {
    const bobs = await startCard(b, bob, 'add a task to read chapter 4 by Monday, importance 2')
    const alices = await startCard(
      b,
      alice,
      'add a task to revise chapter 5 by Sunday, importance 3',
    )
    // Alice's runs are held on both nodes now; Bob's only on node B.
    expect(a.runtime.runIds()).toContain(card.runId)
    expect(a.runtime.runIds()).not.toContain(alices.runId)
    const listed = async (who: Who, h: AppHarness) => {
      const answer = await as(who, h, 'GET', '/api/runs')
      expect(answer.status).toBe(200)
      return answer.json().runs as { runId: string; owner?: string }[]
    }
    for (const h of [a, b]) {
      const mine = await listed(alice, h)
      expect(mine.map((r) => r.runId)).toEqual(expect.arrayContaining([card.runId, alices.runId]))
      expect(mine.map((r) => r.runId)).not.toContain(bobs.runId)
      expect(mine.every((r) => r.owner === 'alice')).toBe(true)
      // Bob's list never shows Alice's runs, even on the node that holds them.
      expect(await listed(bob, h)).toEqual([
        expect.objectContaining({ runId: bobs.runId, owner: 'bob' }),
      ])
      // A page at a time, still only hers: the cursor pages her runs, not everyone's.
      const first = await as(alice, h, 'GET', '/api/runs?limit=1')
      const page = first.json() as { runs: { runId: string }[]; nextCursor?: string }
      expect(page.runs).toEqual([expect.objectContaining({ runId: alices.runId })])
      const rest = await as(alice, h, 'GET', `/api/runs?limit=100&cursor=${page.nextCursor}`)
      const older = (rest.json().runs as { runId: string; owner?: string }[]).map((r) => r.owner)
      expect(older.length).toBeGreaterThan(0)
      expect(older.every((owner) => owner === 'alice')).toBe(true)
    }
  })

  test('the live panel and the task box are the asker’s own: Bob hears no run of Alice’s, nor ticks her task', async () => {
    const at = new Date().toISOString()
    const alicesWorkspace = (await a.workspaces.of({ id: 'alice' })).workspace
    await alicesWorkspace.upsertTask({
      id: 'alice-essay',
      title: 'Essay on photosynthesis',
      done: false,
      createdAt: at,
      updatedAt: at,
    })
    const version = (await alicesWorkspace.readTask('alice-essay'))?.version as string
    // Bob's own workspace has no such task, whatever version he sends: nothing is written.
    const ticked = await as(bob, b, 'POST', '/api/workspace/tasks/alice-essay/done', {
      done: true,
      version,
    })
    expect(ticked.status).toBe(404)
    expect((await alicesWorkspace.readTask('alice-essay'))?.value.done).toBe(false)
    // Alice ticks it from either node: her workspace, bound to the version her page showed.
    const hers = await as(alice, b, 'POST', '/api/workspace/tasks/alice-essay/done', {
      done: true,
      version,
    })
    expect(hers.status).toBe(200)
    expect((await alicesWorkspace.readTask('alice-essay'))?.value.done).toBe(true)

    // Bob's live panel on node B: Alice's run there changes state, then his own does.
    const frames: { event: string; data: string }[] = []
    let bobsRun = ''
    let alicesRun = ''
    await new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: b.server.port,
          path: '/api/workspace/events',
          setHost: false,
          headers: {
            host: publicHost,
            'x-forwarded-user': bob.id,
            'x-forwarded-groups': bob.groups,
            accept: 'text/event-stream',
          },
        },
        (res) => {
          expect(res.statusCode).toBe(200)
          let text = ''
          let acted = false
          // Done once Bob's own run was heard (its frames may arrive before its start returns).
          const heardOwn = () => {
            if (
              bobsRun === '' ||
              !frames.some((f) => f.event === 'runs' && f.data.includes(bobsRun))
            )
              return
            req.destroy()
            resolve()
          }
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8')
            const blocks = text.split('\n\n')
            text = blocks.pop() ?? ''
            for (const block of blocks) {
              const event = /^event: (.*)$/m.exec(block)?.[1]
              const data = /^data: (.*)$/m.exec(block)?.[1]
              if (event !== undefined && data !== undefined) frames.push({ event, data })
            }
            if (!acted && frames.some((f) => f.event === 'ready')) {
              acted = true
              void (async () => {
                alicesRun = (await startCard(b, alice, 'add a task to plan the lab report')).runId
                bobsRun = (await startCard(b, bob, 'add a task to plan the essay')).runId
                heardOwn()
              })().catch(reject)
            }
            heardOwn()
          })
        },
      )
      req.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' ? undefined : reject(error),
      )
      req.end()
    })
    const runs = frames.filter((f) => f.event === 'runs').map((f) => JSON.parse(f.data).runId)
    expect(runs).toContain(bobsRun)
    expect(alicesRun).not.toBe('')
    expect(runs).not.toContain(alicesRun)
  })
})
