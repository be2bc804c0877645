// Signed approvals on the server, without a browser: real P-256 passkeys and real assertions made
// in Node (SoftAuthenticator), checked by the app's verifier before the decision intake takes an
// answer. Each refusal the issue names decides nothing.
import { afterEach, describe, expect, it } from 'vitest'
import { passkeyRelyingParty } from '../../app/server/passkeys/PasskeyRelyingParty.ts'
import {
  registerPasskey,
  registrationOptions,
} from '../../app/server/passkeys/passkeyRegistration.ts'
import {
  passkeySignedApprovals,
  signingRequest,
} from '../../app/server/passkeys/passkeySignatures.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import type { SignedReceipt } from '../../runtime/SignedApprovals.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { memoryPasskeyStore } from '../../store/memoryPasskeyStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { type ApprovalRules, parseApprovalRules } from '../../vocabulary/ApprovalRules.ts'
import type { CardAnswerResult } from '../../vocabulary/DecisionRequest.ts'
import type { Person } from '../../vocabulary/Identity.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { SoftAuthenticator } from '../helpers/softAuthenticator.ts'
import { sequentialIds } from '../helpers/tempWorkspace.ts'

const origin = 'https://studypulse.test'
const rita: Person = { id: 'rita', name: 'Rita' }
const sam: Person = { id: 'sam', name: 'Sam' }
const everySignedWrite: ApprovalRules = {
  version: 1,
  rules: [{ name: 'writes are signed', levels: ['write'], signed: true }],
}

let now = 0
const opened: AgentRuntime[] = []
afterEach(async () => {
  for (const runtime of opened.splice(0)) await runtime.close()
})

async function setUp(rules: ApprovalRules = everySignedWrite, runs = 1) {
  now = Date.parse('2026-12-06T09:00:00.000Z')
  const clock = () => new Date(now)
  const party = passkeyRelyingParty(memoryPasskeyStore(), origin, { clock, ceremonyMs: 60_000 })
  const receipts: SignedReceipt[] = []
  const workspace = new MemoryWorkspace()
  const call = (id: string) => ({ id, name: 'create_task', arguments: `{"title":"Task ${id}"}` })
  const runtime = createAgentRuntime({
    model: new ScriptedModel([
      ...Array.from({ length: runs }, (_, i) => ({ toolCalls: [call(`c${i}`)] })),
      ...Array.from({ length: runs }, () => ({ text: 'ok' })),
    ]),
    tools: createToolRegistry(),
    workspace,
    clock,
    generateId: sequentialIds('id'),
    approvalRules: rules,
    signedApprovals: {
      ...passkeySignedApprovals(party, { pageLink: (runId) => `${origin}/#run=${runId}` }),
      keep: async (receipt) => {
        receipts.push(receipt)
      },
    },
  })
  opened.push(runtime)
  const enrol = async (person: Person) => {
    const key = new SoftAuthenticator(party.rpId, origin)
    const options = await registrationOptions(party, person)
    const registered = await registerPasskey(party, person, key.register(options.challenge))
    expect(registered.ok).toBe(true)
    return key
  }
  const cards: { runId: string; confirmationId: string; digest: string }[] = []
  for (let i = 0; i < runs; i++) {
    const runId = runtime.startRun({ input: 'go', by: rita })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const pending = runtime.view(runId).pending
    if (pending === undefined) throw new Error('the run waits on a card')
    cards.push({ runId, confirmationId: pending.confirmationId, digest: pending.digest })
  }
  // A signature as the page makes one: the server's signing request, answered by `key`.
  const sign = async (
    key: SoftAuthenticator,
    person: Person,
    card: (typeof cards)[number],
    decision: 'allow' | 'deny',
    how: { verified?: boolean; origin?: string } = {},
  ) => {
    const request = await signingRequest(party, person, { ...card, decision }, undefined)
    if (request === undefined) throw new Error('the person has a passkey')
    return {
      nonce: request.binding.nonce,
      assertion: key.assert(request.options.challenge, how),
    }
  }
  const decide = async (
    person: Person,
    card: (typeof cards)[number],
    decision: 'allow' | 'deny',
    signature?: Awaited<ReturnType<typeof sign>>,
  ): Promise<CardAnswerResult | undefined> =>
    (
      await runtime.decide({
        face: 'test',
        by: person,
        answers: [{ ...card, decision, ...(signature !== undefined && { signature }) }],
      })
    ).cards[0]
  return { runtime, party, workspace, receipts, enrol, cards, sign, decide }
}

const code = (result: CardAnswerResult | undefined) =>
  result?.status === 'refused' ? result.code : result?.status

describe('a card whose rule requires a signed approval', () => {
  it('is allowed by a signature over its call, and the receipt binds card, call and decision', async () => {
    const { enrol, cards, sign, decide, workspace, receipts, runtime } = await setUp()
    const key = await enrol(rita)
    const [card] = cards
    if (card === undefined) throw new Error('one card')
    expect(code(await decide(rita, card, 'allow', await sign(key, rita, card, 'allow')))).toBe(
      'taken',
    )
    await waitForRun(runtime, card.runId, 'awaitingInput')
    expect((await workspace.readTasks()).map((t) => t.title)).toContain('Task c0')
    expect(receipts).toHaveLength(1)
    expect(receipts[0]?.binding).toMatchObject({ ...card, decision: 'allow' })
    expect(receipts[0]?.credentialId).toBe(key.credentialId)
  })

  it('is denied by a signed Deny, and nothing runs', async () => {
    const { enrol, cards, sign, decide, workspace, runtime } = await setUp()
    const key = await enrol(rita)
    const [card] = cards
    if (card === undefined) throw new Error('one card')
    expect(code(await decide(rita, card, 'deny', await sign(key, rita, card, 'deny')))).toBe(
      'taken',
    )
    await waitForRun(runtime, card.runId, 'awaitingInput')
    expect(await workspace.readTasks()).toEqual([])
  })

  it('refuses a plain Allow, naming the page where it can be signed', async () => {
    const { cards, decide, runtime } = await setUp()
    const [card] = cards
    if (card === undefined) throw new Error('one card')
    const result = await decide(rita, card, 'allow')
    expect(code(result)).toBe('signature_required')
    expect(result?.status === 'refused' && result.message).toContain(`${origin}/#run=`)
    expect(runtime.view(card.runId).pending?.confirmationId).toBe(card.confirmationId)
  })

  it('refuses a signature for another card, another decision, or used twice', async () => {
    const { enrol, cards, sign, decide, runtime } = await setUp(everySignedWrite, 2)
    const key = await enrol(rita)
    const [first, second] = cards
    if (first === undefined || second === undefined) throw new Error('two cards')
    expect(code(await decide(rita, second, 'allow', await sign(key, rita, first, 'allow')))).toBe(
      'signature_mismatch',
    )
    expect(code(await decide(rita, first, 'deny', await sign(key, rita, first, 'allow')))).toBe(
      'signature_mismatch',
    )
    // Checked beside an answer refused for another reason: nothing is decided, the ceremony is
    // used all the same, so the same signature again is a replay.
    const ritas = await sign(key, rita, first, 'allow')
    const beside = await runtime.decide({
      face: 'test',
      by: rita,
      answers: [
        { ...first, decision: 'allow', signature: ritas },
        { runId: second.runId, confirmationId: 'no-such-card', decision: 'allow' },
      ],
    })
    expect(beside.cards.map(code)).toEqual(['request_refused', 'confirmation_not_found'])
    expect(code(await decide(rita, first, 'allow', ritas))).toBe('signature_replayed')
    for (const card of cards)
      expect(runtime.view(card.runId).pending?.confirmationId).toBe(card.confirmationId)
  })

  it('refuses a signature past its deadline, one without user verification, and a revoked key', async () => {
    const { enrol, cards, sign, decide, party } = await setUp()
    const key = await enrol(rita)
    const [card] = cards
    if (card === undefined) throw new Error('one card')
    const late = await sign(key, rita, card, 'allow')
    now += 60_001
    expect(code(await decide(rita, card, 'allow', late))).toBe('signature_expired')
    const unverified = await sign(key, rita, card, 'allow', { verified: false })
    expect(code(await decide(rita, card, 'allow', unverified))).toBe('user_not_verified')
    const before = await sign(key, rita, card, 'allow')
    expect(await party.store.revoke('rita', key.credentialId, now)).toBe(true)
    expect(code(await decide(rita, card, 'allow', before))).toBe('passkey_revoked')
    expect(await signingRequest(party, rita, { ...card, decision: 'allow' }, undefined)).toBe(
      undefined,
    )
  })

  it('refuses a key that is not the person’s, another site’s client data, and altered bytes', async () => {
    const { enrol, cards, sign, decide } = await setUp()
    const ritasKey = await enrol(rita)
    const [card] = cards
    if (card === undefined) throw new Error('one card')
    const stranger = new SoftAuthenticator('studypulse.test', origin)
    const samsKey = await enrol(sam)
    // Sam's key answering Rita's ceremony: a key of someone else.
    expect(code(await decide(rita, card, 'allow', await sign(samsKey, rita, card, 'allow')))).toBe(
      'passkey_unknown',
    )
    expect(code(await decide(rita, card, 'allow', await sign(stranger, rita, card, 'allow')))).toBe(
      'passkey_unknown',
    )
    // Rita's own key, signing client data from another site (a phishing page's origin).
    const phished = await sign(ritasKey, rita, card, 'allow', { origin: 'https://studypulse.evil' })
    expect(code(await decide(rita, card, 'allow', phished))).toBe('signature_invalid')
    // Rita's own key, a valid signature whose authenticator data was changed after signing.
    const good = await sign(ritasKey, rita, card, 'allow')
    const data = Buffer.from(good.assertion.response.authenticatorData, 'base64url')
    data[36] = (data[36] ?? 0) ^ 1
    const altered = {
      ...good,
      assertion: {
        ...good.assertion,
        response: { ...good.assertion.response, authenticatorData: data.toString('base64url') },
      },
    }
    expect(code(await decide(rita, card, 'allow', altered))).toBe('signature_invalid')
  })

  it('four eyes, both signed: the first signature counts, the second takes the card', async () => {
    const rules: ApprovalRules = {
      version: 1,
      rules: [
        { levels: ['write'], approvers: { users: ['rita', 'sam'] }, quorum: 2, signed: true },
      ],
    }
    const { enrol, cards, sign, decide, receipts, workspace, runtime } = await setUp(rules)
    const ritasKey = await enrol(rita)
    const samsKey = await enrol(sam)
    const [card] = cards
    if (card === undefined) throw new Error('one card')
    expect(code(await decide(sam, card, 'allow'))).toBe('signature_required')
    // Rita's signature sent by Sam: made for someone else.
    expect(code(await decide(sam, card, 'allow', await sign(ritasKey, rita, card, 'allow')))).toBe(
      'signature_mismatch',
    )
    expect(code(await decide(rita, card, 'allow', await sign(ritasKey, rita, card, 'allow')))).toBe(
      'waiting',
    )
    expect(code(await decide(sam, card, 'allow', await sign(samsKey, sam, card, 'allow')))).toBe(
      'taken',
    )
    await waitForRun(runtime, card.runId, 'awaitingInput')
    expect((await workspace.readTasks()).map((t) => t.title)).toContain('Task c0')
    expect(receipts.map((r) => r.signer.id)).toEqual(['rita', 'sam'])
  })
})

describe('the rule that requires a signed approval', () => {
  it('may leave its approvers out only when it requires a signature', () => {
    const rule = (extra: object) => ({ version: 1, rules: [{ levels: ['execute'], ...extra }] })
    expect(parseApprovalRules(rule({})).ok).toBe(false)
    expect(parseApprovalRules(rule({ signed: false })).ok).toBe(false)
    expect(parseApprovalRules(rule({ signed: true })).ok).toBe(true)
  })
})
