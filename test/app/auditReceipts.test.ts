import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'libsql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAuditLog } from '../../app/auditLog.ts'
import { passkeyRelyingParty } from '../../app/server/passkeys/PasskeyRelyingParty.ts'
import {
  registerPasskey,
  registrationOptions,
} from '../../app/server/passkeys/passkeyRegistration.ts'
import {
  passkeySignedApprovals,
  signingRequest,
} from '../../app/server/passkeys/passkeySignatures.ts'
import { verifyAuditLog } from '../../app/verifyAuditLog.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { type TrustedPasskey, verifyAuditReceipts } from '../../runtime/verifyAuditReceipts.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { AuditRecord } from '../../store/AuditRecord.ts'
import { chainLines, chainStart, verifyAuditChain } from '../../store/auditChain.ts'
import { memoryPasskeyStore } from '../../store/memoryPasskeyStore.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import type { StoredPasskey } from '../../store/PasskeyStore.ts'
import { sqlitePasskeyStore } from '../../store/sqlite/sqlitePasskeyStore.ts'
import { sqliteFileName, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { Person } from '../../vocabulary/Identity.ts'
import type { AuditReceipt } from '../../vocabulary/SignedReceipt.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { runAudit } from '../helpers/runAudit.ts'
import { SoftAuthenticator } from '../helpers/softAuthenticator.ts'
import { sequentialIds } from '../helpers/tempWorkspace.ts'

const origin = 'https://studypulse.test'
const rita: Person = { id: 'rita', name: 'Rita' }
const sam: Person = { id: 'sam', name: 'Sam' }

let records: AuditRecord[]
let keys: Map<string, TrustedPasskey>
let stranger: SoftAuthenticator
let passkeys: StoredPasskey[]

// Two cards of a four-eyes rule that must be signed: the first allowed by Rita then Sam, the
// second denied by Rita; the audit log as the runtime wrote it.
beforeAll(async () => {
  const party = passkeyRelyingParty(memoryPasskeyStore(), origin)
  const store = memoryRunStore()
  const call = (id: string) => ({ id, name: 'create_task', arguments: `{"title":"Task ${id}"}` })
  const runtime = createAgentRuntime({
    model: new ScriptedModel([
      { toolCalls: [call('c0')] },
      { text: 'ok' },
      { toolCalls: [call('c1')] },
      { text: 'ok' },
    ]),
    tools: createToolRegistry(),
    workspace: new MemoryWorkspace(),
    store,
    generateId: sequentialIds('id'),
    approvalRules: {
      version: 1,
      rules: [
        { levels: ['write'], approvers: { users: ['rita', 'sam'] }, quorum: 2, signed: true },
      ],
    },
    signedApprovals: passkeySignedApprovals(party),
  })
  const enrol = async (person: Person) => {
    const key = new SoftAuthenticator(party.rpId, origin)
    const options = await registrationOptions(party, person)
    expect((await registerPasskey(party, person, key.register(options.challenge))).ok).toBe(true)
    return key
  }
  const authenticators = new Map([
    ['rita', await enrol(rita)],
    ['sam', await enrol(sam)],
  ])
  stranger = new SoftAuthenticator(party.rpId, origin)
  const decide = async (person: Person, runId: string, decision: 'allow' | 'deny') => {
    const pending = runtime.view(runId).pending
    if (pending === undefined) throw new Error('the run waits on a card')
    const card = { runId, confirmationId: pending.confirmationId, digest: pending.digest }
    const request = await signingRequest(party, person, { ...card, decision }, undefined)
    const key = authenticators.get(person.id)
    if (request === undefined || key === undefined) throw new Error('the person has a passkey')
    const signature = {
      nonce: request.binding.nonce,
      assertion: key.assert(request.options.challenge),
    }
    const answer = await runtime.decide({
      face: 'test',
      by: person,
      answers: [{ ...card, decision, signature }],
    })
    expect(answer.ok, JSON.stringify(answer)).toBe(true)
  }
  for (const [i, decisions] of (
    [
      [
        [rita, 'allow'],
        [sam, 'allow'],
      ],
      [[rita, 'deny']],
    ] as [Person, 'allow' | 'deny'][][]
  ).entries()) {
    const runId = runtime.startRun({ input: `go ${i}`, by: rita })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    for (const [person, decision] of decisions) await decide(person, runId, decision)
    await waitForRun(runtime, runId, 'awaitingInput')
  }
  // Closed first: the runtime's last saves (the denied call's line among them) are written.
  await runtime.close()
  records = (await store.readAudit()).map(({ version, prev, hash, n, ...fields }) => fields)
  keys = new Map()
  passkeys = [...(await party.store.list(rita.id)), ...(await party.store.list(sam.id))]
  for (const p of passkeys)
    keys.set(p.credentialId, { personId: p.personId, publicKey: p.publicKey })
})

// The log as a tamperer leaves it: every line chained again, so the chain itself is whole.
const rewritten = (change: (records: AuditRecord[]) => void) => {
  const copy = structuredClone(records)
  change(copy)
  const { lines } = chainLines(chainStart, copy)
  expect(verifyAuditChain(lines).broken).toBeUndefined()
  return lines
}
const codes = async (lines: string[]) =>
  (await verifyAuditReceipts(lines, keys)).problems.map((p) => p.code)
const receiptsOf = (record: AuditRecord | undefined) => record?.receipts as AuditReceipt[]

describe('signed decisions kept in the audit log', () => {
  it('each signed line keeps the call and the receipts, in order, and verifies', async () => {
    const [allowed, denied] = records
    expect(allowed).toMatchObject({ decision: 'allow', outcome: 'completed' })
    expect(receiptsOf(allowed).map((r) => r.receipt.signer.id)).toEqual(['rita', 'sam'])
    expect(receiptsOf(allowed)[0]?.call).toEqual({
      toolName: 'create_task',
      argumentsJson: '{"title":"Task c0"}',
    })
    expect(denied).toMatchObject({ decision: 'deny', outcome: 'denied' })
    expect(receiptsOf(denied).map((r) => r.receipt.binding.decision)).toEqual(['deny'])
    const check = await verifyAuditReceipts(
      rewritten(() => {}),
      keys,
    )
    expect(check).toEqual({ receipts: 3, problems: [] })
  })

  it('names a changed call', async () => {
    const lines = rewritten(([allowed]) => {
      const kept = receiptsOf(allowed)[0]
      if (kept) kept.call.argumentsJson = '{"title":"Something else"}'
    })
    expect(await codes(lines)).toEqual(['call_changed'])
  })

  it('names a changed decision, on the line and in the receipt alike', async () => {
    expect(
      await codes(
        rewritten(([, denied]) => {
          if (denied) denied.decision = 'allow'
        }),
      ),
    ).toEqual(['decision_changed'])
    expect(
      await codes(
        rewritten(([, denied]) => {
          if (denied) denied.decision = 'allow'
          const kept = receiptsOf(denied)[0]
          if (kept) kept.receipt.binding.decision = 'allow'
        }),
      ),
    ).toEqual(['decision_changed'])
  })

  it('names a changed key, and a key it does not know', async () => {
    const lines = rewritten(([, denied]) => {
      const kept = receiptsOf(denied)[0]
      if (kept) kept.receipt.publicKey = stranger.publicKey
    })
    expect(await codes(lines)).toEqual(['key_changed'])
    const unknown = rewritten(([, denied]) => {
      const kept = receiptsOf(denied)[0]
      if (kept) kept.receipt.credentialId = stranger.credentialId
    })
    expect(await codes(unknown)).toEqual(['key_unknown'])
  })

  it('names a changed order: signers swapped, a receipt moved to another card, one used twice', async () => {
    expect(
      await codes(
        rewritten(([allowed]) => {
          if (allowed) allowed.receipts = [...receiptsOf(allowed)].reverse()
        }),
      ),
    ).toEqual(['order_changed'])
    const moved = rewritten(([allowed, denied]) => {
      if (allowed && denied) denied.receipts = [receiptsOf(allowed)[0] as AuditReceipt]
    })
    // Moved to the denied card's line: another card, another call, another decision, and twice.
    expect(await codes(moved)).toEqual([
      'receipt_reused',
      'order_changed',
      'call_changed',
      'decision_changed',
    ])
  })
})

describe('npm run audit -- --verify on a folder', () => {
  let ws: string
  const _repo = fileURLToPath(new URL('../..', import.meta.url))
  // The folder's SQLite file as the app writes it: the lines, and the passkeys registered.
  beforeAll(async () => {
    ws = join(await mkdtemp(join(tmpdir(), 'studypulse-receipts-')), 'ws')
    await Workspace.openOrCreate(ws, { samples: true })
    const store = sqliteRunStore(ws)
    for (const record of records) {
      await store.claim(record.runId)
      await store.commit(record.runId, { audit: [record] })
    }
    await store.close()
    const db = new Database(join(ws, sqliteFileName))
    for (const passkey of passkeys) await sqlitePasskeyStore(db).add(passkey)
    db.close()
  })
  afterAll(() => rm(join(ws, '..'), { recursive: true, force: true, maxRetries: 3 }))

  it('verifies every receipt against the passkeys the folder registered', async () => {
    const { text, ok } = await verifyAuditLog(await readAuditLog(ws, ''))
    expect(text.join('\n')).toMatch(/is whole: 2 lines\.\n.*\n3 signed decisions verified/)
    expect(ok).toBe(true)
  })

  it('names a decision changed under a rewritten chain, and exits 2', async () => {
    const lines = rewritten(([, denied]) => {
      if (denied) denied.decision = 'allow'
    })
    const db = new Database(join(ws, sqliteFileName))
    db.exec('DELETE FROM audit')
    const add = db.prepare('INSERT INTO audit (run_id, line) VALUES (?, ?)')
    for (const [i, line] of lines.entries()) add.run(records[i]?.runId, line)
    db.close()
    // The one spawn: the command a person runs, its words and its exit code.
    const { code, stdout } = await runAudit(ws, ['--verify'])
    expect(stdout).toMatch(/is whole: 2 lines\./)
    expect(stdout).toMatch(/decision_changed: line 2: the line says allow; rita signed to deny/)
    expect(code).toBe(2)
  })
})
