// Signed approvals over HTTP in hosted mode: a person registers a passkey, lists and revokes it;
// a card whose rule requires a signature refuses a plain Allow, and is allowed by the signature the
// server's signing request asked for. Real P-256 assertions made in Node stand for the browser's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { ApprovalRules } from '../../../vocabulary/ApprovalRules.ts'
import { SoftAuthenticator } from '../../helpers/softAuthenticator.ts'
import { type AppHarness, type RawResponse, rawRequest, startHarness } from '../appHarness.ts'

const publicHost = 'study.example.edu'
const origin = `https://${publicHost}`
const rules: ApprovalRules = {
  version: 1,
  rules: [{ name: 'writes are signed', levels: ['write'], signed: true }],
}

let h: AppHarness
beforeAll(async () => {
  h = await startHarness({
    approvalRules: rules,
    hosted: { publicOrigin: origin, auth: { kind: 'proxy' }, trustedProxies: ['127.0.0.1'] },
  })
})
afterAll(async () => {
  await h?.dispose()
})

const as = (
  who: string,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
): Promise<RawResponse> =>
  rawRequest(h.server.port, {
    method,
    path,
    headers: {
      host: publicHost,
      origin,
      'x-forwarded-user': who,
      'content-type': 'application/json',
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })

async function enrol(who: string, label: string): Promise<SoftAuthenticator> {
  const key = new SoftAuthenticator(publicHost, origin)
  const options = await as(who, 'POST', '/api/passkeys/registration', {})
  expect(options.status).toBe(200)
  const challenge = options.json().challenge as string
  const registered = await as(who, 'POST', '/api/passkeys', {
    response: key.register(challenge),
    label,
  })
  expect(registered.status, registered.body).toBe(200)
  // The same answer again: its ceremony was used.
  const again = await as(who, 'POST', '/api/passkeys', { response: key.register(challenge) })
  expect(again.json().error?.code).toBe('ceremony_not_found')
  return key
}

async function cardOf(who: string) {
  const started = await as(who, 'POST', '/api/runs', {
    input: 'add a task to review chapter 3 by Friday, importance 4',
  })
  expect(started.status).toBe(201)
  const runId = started.json().runId as string
  await waitForRun(h.runtime, runId, 'awaitingConfirmation')
  return { runId, confirmationId: h.runtime.view(runId).pending?.confirmationId as string }
}

describe('signed approvals over HTTP', () => {
  test('register, list and revoke: a revoked passkey stays listed and signs nothing more', async () => {
    const key = await enrol('dana', 'Dana’s laptop')
    const listed = (await as('dana', 'GET', '/api/passkeys')).json().passkeys as {
      credentialId: string
      label: string
      revokedAt?: string
    }[]
    expect(listed).toEqual([
      expect.objectContaining({ credentialId: key.credentialId, label: 'Dana’s laptop' }),
    ])
    expect((await as('erik', 'GET', '/api/passkeys')).json().passkeys).toEqual([])
    // Only its person may revoke it.
    const theirs = await as('erik', 'POST', '/api/passkeys/revoke', {
      credentialId: key.credentialId,
    })
    expect(theirs.status).toBe(404)
    const revoked = await as('dana', 'POST', '/api/passkeys/revoke', {
      credentialId: key.credentialId,
    })
    expect(revoked.status).toBe(200)
    const after = (await as('dana', 'GET', '/api/passkeys')).json().passkeys as {
      revokedAt?: string
    }[]
    expect(after[0]?.revokedAt).toBeDefined()
    const card = await cardOf('dana')
    const signing = await as('dana', 'POST', `/api/runs/${card.runId}/signing`, {
      confirmationId: card.confirmationId,
      decision: 'allow',
    })
    expect(signing.json().error?.code).toBe('no_passkey')
  })

  test('a plain Allow is refused; the signed one the server asked for is taken', async () => {
    const key = await enrol('alice', 'Alice’s phone')
    const card = await cardOf('alice')
    const decide = (body: object) =>
      as('alice', 'POST', `/api/runs/${card.runId}/confirmations`, {
        confirmationId: card.confirmationId,
        ...body,
      })
    const plain = await decide({ decision: 'allow' })
    expect(plain.status).toBe(403)
    expect(plain.json().error?.code).toBe('signature_required')
    expect(plain.json().error?.message).toContain(`${origin}/?run=${card.runId}`)

    const signing = await as('alice', 'POST', `/api/runs/${card.runId}/signing`, {
      confirmationId: card.confirmationId,
      decision: 'allow',
    })
    expect(signing.status, signing.body).toBe(200)
    const { options, binding } = signing.json() as {
      options: { challenge: string; rpId: string; userVerification: string }
      binding: { nonce: string; digest: string }
    }
    expect(options).toMatchObject({ rpId: publicHost, userVerification: 'required' })
    expect(binding.digest).toBe(h.runtime.view(card.runId).pending?.digest)
    const signature = { nonce: binding.nonce, assertion: key.assert(options.challenge) }
    // Signed to allow, sent as a deny: refused, and the ceremony is used up.
    const swapped = await decide({ decision: 'deny', signature })
    expect(swapped.json().error?.code).toBe('signature_mismatch')
    expect((await decide({ decision: 'allow', signature })).json().error?.code).toBe(
      'signature_replayed',
    )
    const again = (
      await as('alice', 'POST', `/api/runs/${card.runId}/signing`, {
        confirmationId: card.confirmationId,
        decision: 'allow',
      })
    ).json() as { options: { challenge: string }; binding: { nonce: string } }
    const taken = await decide({
      decision: 'allow',
      signature: { nonce: again.binding.nonce, assertion: key.assert(again.options.challenge) },
    })
    expect(taken.status, taken.body).toBe(200)
    await waitForRun(h.runtime, card.runId, 'awaitingInput')
    const resolved = h.runtime
      .view(card.runId)
      .events.find((e) => e.kind === 'confirmationResolved')
    expect(resolved).toMatchObject({ decision: 'allow', decider: { id: 'alice' } })
  })
})
