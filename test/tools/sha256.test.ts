import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../tools/canonicalJson.ts'
import { callDigest } from '../../tools/digest.ts'
import { pureSha256Hex, sha256Hex } from '../../vocabulary/sha256.ts'
import { handWrittenSha256Hex } from './handWrittenSha256.ts'

const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('sha256Hex, the browser-safe digest (@noble/hashes)', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(pureSha256Hex('')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
    expect(pureSha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(pureSha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    )
  })

  it('matches node:crypto at every length around the block and padding edges', () => {
    for (let length = 0; length <= 300; length += 1) {
      const text = 'x'.repeat(length)
      expect(pureSha256Hex(text), `length ${length}`).toBe(nodeSha256(text))
    }
  })

  it('matches node:crypto on random text, multi-byte characters and lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        expect(pureSha256Hex(text)).toBe(nodeSha256(text))
      }),
      { numRuns: 200 },
    )
    const samples = ['é', '日本語', '🙂', '\ud800', 'a\udc00b', '\u0000', 'x'.repeat(100_000)]
    for (const text of samples) expect(pureSha256Hex(text)).toBe(nodeSha256(text))
  })

  it('keeps call digests exactly as node:crypto computed them before', () => {
    const args = { title: 'Read chapter 3', importance: 4, tags: ['ß', '🙂'] }
    const before = createHash('sha256')
      .update('create_task')
      .update('\n')
      .update('{"importance":4,"tags":["ß","🙂"],"title":"Read chapter 3"}')
      .digest('hex')
    expect(callDigest('create_task', args)).toBe(before)
    const withContract = createHash('sha256')
      .update('mcp__notes__add')
      .update('\n')
      .update('contract v1 ✓')
      .update('\n')
      .update('{"importance":4,"tags":["ß","🙂"],"title":"Read chapter 3"}')
      .digest('hex')
    expect(callDigest('mcp__notes__add', args, 'contract v1 ✓')).toBe(withContract)
  })
})

describe('sha256Hex in Node (node:crypto) and in a browser (@noble/hashes) agree', () => {
  it('gives in Node what the pure one gives in a browser', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        expect(sha256Hex(text)).toBe(pureSha256Hex(text))
      }),
      { numRuns: 200 },
    )
    for (const text of ['', '\ud800', 'a\udc00b', '🙂', 'x'.repeat(100_000)]) {
      expect(sha256Hex(text)).toBe(pureSha256Hex(text))
    }
  })
})

describe('the @noble/hashes digest is the hand-written one it replaced, byte for byte', () => {
  // What callDigest computed before, with the hand-written SHA-256.
  const digestBefore = (name: string, args: unknown, contract?: string) =>
    handWrittenSha256Hex(
      `${(contract === undefined ? [name] : [name, contract]).join('\n')}\n${canonicalJson(args)}`,
    )

  it('on random tool names, contracts and argument objects (nested, unicode, numbers)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 })
    fc.assert(
      fc.property(
        text,
        fc.option(text, { nil: undefined }),
        fc.dictionary(text, fc.jsonValue({ maxDepth: 4 }), { maxKeys: 8 }),
        (name, contract, args) => {
          expect(callDigest(name, args, contract)).toBe(digestBefore(name, args, contract))
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000) },
    )
  })

  it('on texts of every length around the block edges, and long ones', () => {
    for (let length = 0; length <= 200; length += 1) {
      const text = '🙂é'.repeat(length)
      expect(pureSha256Hex(text), `length ${length}`).toBe(handWrittenSha256Hex(text))
    }
    expect(pureSha256Hex('x'.repeat(1_000_000))).toBe(handWrittenSha256Hex('x'.repeat(1_000_000)))
  })
})
