import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import {
  compiledSchemaCount,
  jsonSchemaValidator,
  maxCompiledSchemas,
} from '../../tools/jsonSchemaValidator.ts'
import { UnsafePatternError } from '../../tools/linearRegExp.ts'
import { nodeScript } from '../helpers/nodeScript.ts'

const hostile = { type: 'object', properties: { q: { type: 'string', pattern: '^(a+)+$' } } }

/**
 * Checks in a child process, killed after 20 s: a backtracking engine needs 2^5000 steps, and
 * would otherwise hang the test run instead of failing it.
 */
async function checkInChild(schema: object, value: unknown): Promise<unknown> {
  const script = fileURLToPath(new URL('./fixtures/validateInChild.ts', import.meta.url))
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...nodeScript(script), JSON.stringify({ schema, value })],
    { timeout: 20_000, killSignal: 'SIGKILL' },
  )
  return JSON.parse(stdout)
}

describe('patterns from a schema run on a linear-time engine', () => {
  it('^(a+)+$ against 5 000 a’s and a stop is answered (a backtracking engine needs 2^5000 steps)', async () => {
    const value = { q: `${'a'.repeat(5000)}!` }
    expect(await checkInChild(hostile, value)).toEqual({
      ok: false,
      detail: '/q must match pattern "^(a+)+$"',
    })
  })

  it('the same check on the host thread answers, and matches what a pattern should', () => {
    const check = jsonSchemaValidator(hostile)
    expect(check({ q: `${'a'.repeat(5000)}!` }).ok).toBe(false)
    expect(check({ q: 'a'.repeat(5000) })).toEqual({ ok: true })
    // Unicode classes and escapes in JavaScript's syntax still work.
    const word = jsonSchemaValidator({ type: 'string', pattern: '^[\\p{L}\\u00e9-]+$' })
    expect(word('élève-été').ok).toBe(true)
    expect(word('x1').ok).toBe(false)
  })

  it.each([
    ['lookahead', '^(?!admin)'],
    ['a backreference', '^(a)\\1$'],
    ['a program too large', '(?:\\w+\\s?){600}$'],
  ])('a pattern with %s is refused with a reason, in patternProperties too', (_, pattern) => {
    for (const schema of [
      { type: 'string', pattern },
      { type: 'object', patternProperties: { [pattern]: { type: 'string' } } },
    ]) {
      expect(() => jsonSchemaValidator(schema)).toThrow(UnsafePatternError)
      expect(() => jsonSchemaValidator(schema)).toThrow(
        /cannot be checked in linear time|too large/,
      )
    }
  })
})

describe('the compiled-schema cache', () => {
  it('holds at most maxCompiledSchemas, however many schemas come and go', () => {
    for (let i = 0; i < maxCompiledSchemas * 3; i++) {
      const check = jsonSchemaValidator({ type: 'object', properties: { [`p${i}`]: { const: i } } })
      expect(check({ [`p${i}`]: i })).toEqual({ ok: true })
      expect(check({ [`p${i}`]: -1 }).ok).toBe(false)
    }
    expect(compiledSchemaCount()).toBe(maxCompiledSchemas)
  })

  it('schemas that share an $id each compile (a server may reuse one)', () => {
    const a = jsonSchemaValidator({ $id: 'https://example.com/same', type: 'string' })
    const b = jsonSchemaValidator({ $id: 'https://example.com/same', type: 'number' })
    expect([a('s').ok, a(1).ok, b('s').ok, b(1).ok]).toEqual([true, false, false, true])
  })
})
