import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { parseApprovalRules } from '../../../vocabulary/ApprovalRules.ts'
import { type AppHarness, type RawResponse, rawRequest, startHarness } from '../appHarness.ts'

// The rules example of the hosting guide, exactly as written there: it must work as it says.
const exampleFile = new URL('../../../docs/approval-rules.example.json', import.meta.url)
const guide = new URL('../../../docs/guide/hosting.md', import.meta.url)
const publicHost = 'study.example.edu'
type Who = { id: string; name: string; groups: string }
const alice: Who = { id: 'alice', name: 'Alice', groups: 'students' }
const bob: Who = { id: 'bob', name: 'Bob', groups: 'students' }
const rita: Who = { id: 'rita', name: 'Rita', groups: 'reviewers' }

let h: AppHarness
beforeAll(async () => {
  const parsed = parseApprovalRules(JSON.parse(await readFile(exampleFile, 'utf8')))
  if (!parsed.ok) throw new Error(parsed.message)
  h = await startHarness({
    approvalRules: parsed.rules,
    hosted: {
      publicOrigin: `https://${publicHost}`,
      auth: { kind: 'proxy' },
      trustedProxies: ['127.0.0.1'],
    },
  })
})
afterAll(async () => {
  await h?.dispose()
})

const as = (who: Who, method: 'GET' | 'POST', path: string, body?: object): Promise<RawResponse> =>
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

describe('the hosting guide’s approval rules work as written', () => {
  test('the guide shows exactly the example file', async () => {
    const text = await readFile(guide, 'utf8')
    const block = /```json\n(\{\n {2}"version": 1,[\s\S]*?)\n```/.exec(text)?.[1]
    expect(JSON.parse(block ?? 'null')).toEqual(JSON.parse(await readFile(exampleFile, 'utf8')))
  })

  test('/api/me says truthfully what each person may approve', async () => {
    const approvals = async (who: Who) =>
      (await as(who, 'GET', '/api/me')).json().approvals as { tool: string; mayApprove: boolean }[]
    const runCode = (list: { tool: string; mayApprove: boolean }[]) =>
      list.find((a) => a.tool === 'run_code')
    expect(runCode(await approvals(alice))).toMatchObject({
      mayApprove: true,
      quorum: 2,
      fourEyes: true,
    })
    expect(runCode(await approvals(bob))).toMatchObject({
      mayApprove: false,
      needs: 'group reviewers or user alice (two people run code)',
    })
    // Destructive tools need a reviewer: Alice is not one, Rita is.
    const destructive = (list: { tool: string; mayApprove: boolean }[]) =>
      list.find((a) => a.tool === 'delete_task')
    expect(destructive(await approvals(alice))?.mayApprove).toBe(false)
    expect(destructive(await approvals(rita))?.mayApprove).toBe(true)
  })

  test('Bob’s run_code card: Alice’s Allow counts (the quorum rule names her), Rita’s completes it; Bob may only deny', async () => {
    const started = await as(bob, 'POST', '/api/runs', {
      input: 'compute the mean of 12, 15, 19 and 22',
    })
    expect(started.status).toBe(201)
    const runId = started.json().runId as string
    await waitForRun(h.runtime, runId, 'awaitingConfirmation')
    const confirmationId = h.runtime.view(runId).pending?.confirmationId as string
    const bobs = (await as(bob, 'GET', `/api/runs/${runId}/card`)).json()
    expect(bobs).toMatchObject({ allow: { may: false }, deny: { may: true } })
    expect(String((bobs.allow as { why: string }).why)).toMatch(/group reviewers or user alice/)
    const alices = (await as(alice, 'GET', `/api/runs/${runId}/card`)).json()
    expect(alices).toMatchObject({ allow: { may: true } })
    expect(alices.elsewhere).toBeUndefined()

    const decide = (who: Who) =>
      as(who, 'POST', `/api/runs/${runId}/confirmations`, { confirmationId, decision: 'allow' })
    const refused = await decide(bob)
    expect(refused.status).toBe(403)
    expect((await decide(alice)).status).toBe(200)
    expect(h.runtime.view(runId).value).toBe('awaitingConfirmation')
    expect((await decide(rita)).status).toBe(200)
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const resolved = h.runtime.view(runId).events.find((e) => e.kind === 'confirmationResolved')
    expect(resolved).toMatchObject({ decision: 'allow', decider: { id: 'rita' } })
  })
})
