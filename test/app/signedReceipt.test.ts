// A signed decision's receipt checked offline by the package's pure verifier: a real receipt

// verifies with only the signer's public key (also from a fresh process), and each kind of
// tampering is named.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { passkeyRelyingParty } from '../../app/server/passkeys/PasskeyRelyingParty.ts'
import { signingRequest, verifySignedAnswer } from '../../app/server/passkeys/passkeySignatures.ts'
import type { SignedReceipt } from '../../runtime/SignedApprovals.ts'
import { verifySignedReceipt } from '../../runtime/verifySignedReceipt.ts'
import { memoryPasskeyStore } from '../../store/memoryPasskeyStore.ts'
import { nodeScript } from '../helpers/nodeScript.ts'
import { SoftAuthenticator } from '../helpers/softAuthenticator.ts'

const origin = 'https://studypulse.test'
const card = { runId: 'run-1', confirmationId: 'card-1', digest: 'a'.repeat(64) }
let receipt: SignedReceipt
let key: SoftAuthenticator

beforeAll(async () => {
  const party = passkeyRelyingParty(memoryPasskeyStore(), origin)
  key = new SoftAuthenticator(party.rpId, origin)
  await party.store.add({
    version: 1,
    credentialId: key.credentialId,
    personId: 'rita',
    publicKey: key.publicKey,
    counter: 0,
    label: 'test',
    createdAt: 0,
  })
  const request = await signingRequest(
    party,
    { id: 'rita' },
    { ...card, decision: 'allow' },
    undefined,
  )
  if (request === undefined) throw new Error('rita has a passkey')
  const verdict = await verifySignedAnswer(party, {
    card: { ...card, decision: 'allow' },
    by: { id: 'rita' },
    signed: { nonce: request.binding.nonce, assertion: key.assert(request.options.challenge) },
  })
  if (!verdict.ok) throw new Error(verdict.message)
  receipt = verdict.receipt
})

const codes = async (changed: unknown, publicKey = key.publicKey) => {
  const verdict = await verifySignedReceipt(changed, { publicKey })
  return verdict.ok ? [] : verdict.problems.map((p) => p.code)
}

describe('verifySignedReceipt', () => {
  it('verifies a real receipt with only the signer’s public key', async () => {
    expect(await codes(JSON.parse(JSON.stringify(receipt)))).toEqual([])
  })

  it('names a changed call, decision, card or order of signing (nonce) as a changed binding', async () => {
    for (const binding of [
      { digest: 'b'.repeat(64) },
      { decision: 'deny' },
      { confirmationId: 'card-2' },
      { nonce: 'another-nonce' },
    ]) {
      expect(await codes({ ...receipt, binding: { ...receipt.binding, ...binding } })).toEqual([
        'binding_changed',
      ])
    }
  })

  it('names a swapped key, and a signature that no longer verifies', async () => {
    const other = new SoftAuthenticator('studypulse.test', origin)
    expect(await codes({ ...receipt, publicKey: other.publicKey })).toEqual(['key_changed'])
    expect(await codes(receipt, other.publicKey)).toEqual(['key_changed', 'signature_invalid'])
    const signature = Buffer.from(receipt.assertion.signature, 'base64url')
    signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 1
    const assertion = { ...receipt.assertion, signature: signature.toString('base64url') }
    expect(await codes({ ...receipt, assertion })).toEqual(['signature_invalid'])
    expect(await codes({ ...receipt, rpId: 'evil.test' })).toEqual(['rp_changed'])
    expect(await codes({ ...receipt, version: 2 })).toEqual(['receipt_malformed'])
  })

  it('checks a receipt from a fresh process given only the receipt and the public key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'studypulse-receipt-'))
    try {
      await writeFile(join(dir, 'receipt.json'), JSON.stringify(receipt))
      await writeFile(join(dir, 'key.txt'), key.publicKey)
      await writeFile(
        join(dir, 'changed.json'),
        JSON.stringify({ ...receipt, binding: { ...receipt.binding, decision: 'deny' } }),
      )
      // One child for both receipts: starting a TypeScript process is the slow part.
      const child = new URL('../helpers/verifyReceiptChild.ts', import.meta.url).pathname
      const files = ['key.txt', 'receipt.json', 'changed.json'].map((f) => join(dir, f))
      const { stdout } = await promisify(execFile)(process.execPath, [
        ...nodeScript(child),
        ...files,
      ])
      const [good, changed] = JSON.parse(stdout)
      expect(good.ok).toBe(true)
      expect(changed.problems.map((p: { code: string }) => p.code)).toEqual(['binding_changed'])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
