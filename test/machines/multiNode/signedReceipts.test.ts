// Signed decisions on two PostgreSQL nodes: a four-eyes card signed on the node that does not own
// the run, and one whose first signature was kept across the owner's restart, both reach the
// call's audit line; `npm run audit -- --verify` then checks them against studypulse.passkeys.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { postgresPasskeys } from '../../../app/auditPasskeys.ts'
import {
  type PasskeyRelyingParty,
  passkeyRelyingParty,
} from '../../../app/server/passkeys/PasskeyRelyingParty.ts'
import {
  registerPasskey,
  registrationOptions,
} from '../../../app/server/passkeys/passkeyRegistration.ts'
import {
  passkeySignedApprovals,
  signingRequest,
} from '../../../app/server/passkeys/passkeySignatures.ts'
import { verifyAuditReceipts } from '../../../runtime/verifyAuditReceipts.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { AuditRecord } from '../../../store/AuditRecord.ts'
import { writeAuditCheckpoint } from '../../../store/postgres/postgresAuditLog.ts'
import { postgresPasskeyStore } from '../../../store/postgres/postgresPasskeyStore.ts'
import type { ApprovalRules } from '../../../vocabulary/ApprovalRules.ts'
import type { Person } from '../../../vocabulary/Identity.ts'
import type { AuditReceipt } from '../../../vocabulary/SignedReceipt.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { runAudit } from '../../helpers/runAudit.ts'
import { SoftAuthenticator } from '../../helpers/softAuthenticator.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

// Four eyes, both signed: Rita's and Sam's passkeys must sign every write.
const rules: ApprovalRules = {
  version: 1,
  rules: [{ levels: ['write'], approvers: { users: ['rita', 'sam'] }, quorum: 2, signed: true }],
}
const origin = 'https://studypulse.test'
const alice: Person = { id: 'alice', name: 'Alice' }
const rita: Person = { id: 'rita', name: 'Rita' }
const sam: Person = { id: 'sam', name: 'Sam' }

let url: string
let database: Awaited<ReturnType<typeof freshDatabase>>
const open: TestNode[] = []
const keys = new Map<string, SoftAuthenticator>()
let lines: AuditRecord[]
let fromOtherNode: string
let acrossRestart: string

// A node as the app makes one: its passkeys and ceremonies in the shared database, on its own pool.
async function signingNode(
  ownerId: string,
): Promise<{ node: TestNode; party: PasskeyRelyingParty }> {
  const party = passkeyRelyingParty(postgresPasskeyStore(database.pool()), origin)
  const node = await startNode(url, {
    ownerId,
    approvalRules: rules,
    signedApprovals: passkeySignedApprovals(party),
  })
  open.push(node)
  return { node, party }
}

// `person` signs an Allow of the run's open card on `node` (any node: the ceremony is shared).
async function signAllow(
  at: { node: TestNode; party: PasskeyRelyingParty },
  runId: string,
  person: Person,
) {
  const pending = at.node.runtime.view(runId).pending
  if (pending === undefined) throw new Error('the run waits on a card')
  const card = { runId, confirmationId: pending.confirmationId, digest: pending.digest }
  const request = await signingRequest(at.party, person, { ...card, decision: 'allow' }, undefined)
  const key = keys.get(person.id)
  if (request === undefined || key === undefined) throw new Error('the person has a passkey')
  const signature = {
    nonce: request.binding.nonce,
    assertion: key.assert(request.options.challenge),
  }
  return at.node.runtime.decide({
    face: 'test',
    by: person,
    answers: [{ ...card, decision: 'allow', signature }],
    awaitOutcome: false,
  })
}

// Resolves once `node` logged an approval of the run's card by `person`, saved.
async function approvalSaved(node: TestNode, runId: string, person: Person) {
  await new Promise<void>((resolve) => {
    const look = () =>
      node.runtime
        .view(runId)
        .events.some((e) => e.kind === 'confirmationApproved' && e.decider?.id === person.id)
    if (look()) return resolve()
    const stop = node.runtime.subscribe(runId, () => {
      if (!look()) return
      stop()
      resolve()
    })
  })
  await node.runtime.flush()
}

beforeAll(async () => {
  database = await freshDatabase()
  url = database.url
  const a = await signingNode('node-a')
  const b = await signingNode('node-b')
  for (const person of [rita, sam]) {
    const key = new SoftAuthenticator(a.party.rpId, origin)
    const options = await registrationOptions(a.party, person)
    expect((await registerPasskey(a.party, person, key.register(options.challenge))).ok).toBe(true)
    keys.set(person.id, key)
  }

  // Alice's run on node A; both signatures taken on node B, which does not own it.
  fromOtherNode = a.node.runtime.startRun({ input: 'create Signed elsewhere', by: alice })
  await waitForRun(a.node.runtime, fromOtherNode, 'awaitingConfirmation')
  await a.node.runtime.flush()
  await b.node.runtime.open(fromOtherNode)
  expect((await signAllow(b, fromOtherNode, rita)).cards[0]?.status).toBe('waiting')
  await approvalSaved(a.node, fromOtherNode, rita)
  // Node B follows the run: it says `taken` once it has seen Rita's approval counted.
  await approvalSaved(b.node, fromOtherNode, rita)
  expect((await signAllow(b, fromOtherNode, sam)).cards[0]?.status).toBe('taken')
  await waitForRun(a.node.runtime, fromOtherNode, 'awaitingInput')

  // Another run on node A: Rita signs there, node A restarts, Sam signs on the restarted node.
  acrossRestart = a.node.runtime.startRun({ input: 'create Signed across a restart', by: alice })
  await waitForRun(a.node.runtime, acrossRestart, 'awaitingConfirmation')
  expect((await signAllow(a, acrossRestart, rita)).cards[0]?.status).toBe('waiting')
  await approvalSaved(a.node, acrossRestart, rita)
  await a.node.close()
  const again = await signingNode('node-a')
  await again.node.runtime.open(acrossRestart)
  expect(again.node.runtime.runIds()).toContain(acrossRestart)
  expect((await signAllow(again, acrossRestart, sam)).cards[0]?.status).toBe('taken')
  await waitForRun(again.node.runtime, acrossRestart, 'awaitingInput')
  await again.node.runtime.flush()
  await writeAuditCheckpoint(again.node.store.pool)
  lines = await again.node.store.readAudit()
}, 60_000)

afterAll(async () => {
  for (const node of open.splice(0)) await node.close().catch(() => undefined)
})

const receiptsOn = (runId: string) =>
  (lines.find((l) => l.runId === runId)?.receipts ?? []) as AuditReceipt[]

describe('signed decisions reach the audit line on PostgreSQL', () => {
  test('signatures taken on a node that does not own the run are on its line, in order', () => {
    expect(receiptsOn(fromOtherNode).map((r) => r.receipt.signer.id)).toEqual(['rita', 'sam'])
    expect(receiptsOn(fromOtherNode)[0]?.call).toMatchObject({ toolName: 'create_task' })
  })

  test("a four-eyes card's first signature, kept across a restart, is on the line with the last", () => {
    expect(receiptsOn(acrossRestart).map((r) => r.receipt.signer.id)).toEqual(['rita', 'sam'])
  })

  test('every receipt verifies against the passkeys PostgreSQL registered', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    try {
      const { lines: text } = await import('../../../store/postgres/postgresAuditLog.ts').then(
        (m) => m.readStoredAuditLog(pool),
      )
      expect(await verifyAuditReceipts(text, await postgresPasskeys(pool))).toEqual({
        receipts: 4,
        problems: [],
      })
    } finally {
      await pool.end()
    }
  })
})

describe('npm run audit -- --verify on PostgreSQL checks the receipts', { timeout: 60_000 }, () => {
  let ws: string
  beforeAll(async () => {
    ws = join(await mkdtemp(join(tmpdir(), 'studypulse-receipts-pg-')), 'ws')
  })
  afterAll(() => rm(join(ws, '..'), { recursive: true, force: true, maxRetries: 3 }))

  test('verifies them whole, then names a passkey changed in studypulse.passkeys, and exits 2', async () => {
    const whole = await runAudit(ws, ['--verify'], url)
    expect(whole.stdout).toMatch(/is whole: 2 lines in 2 runs/)
    expect(whole.stdout).toMatch(/4 signed decisions verified/)
    expect(whole.code).toBe(0)
    // The log untouched, its chains whole: only the key the store vouches for is another.
    const stranger = new SoftAuthenticator('studypulse.test', origin)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(
        `UPDATE studypulse.passkeys SET passkey = jsonb_set(passkey, '{publicKey}', to_jsonb($1::text))
         WHERE person_id = 'sam'`,
        [stranger.publicKey],
      )
    } finally {
      await client.end()
    }
    const changed = await runAudit(ws, ['--verify'], url)
    expect(changed.stdout).toMatch(/is whole: 2 lines in 2 runs/)
    expect(changed.stdout.match(/key_changed: /g)).toHaveLength(2)
    expect(changed.code).toBe(2)
  })
})
