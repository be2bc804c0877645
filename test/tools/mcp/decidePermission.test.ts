import { describe, expect, it } from 'vitest'
import { decidePermission } from '../../../tools/mcp/decidePermission.ts'
import { mcpToolName } from '../../../tools/mcp/mcpToolName.ts'

const levels = (input: Parameters<typeof decidePermission>[0]) => {
  const { level, origin } = decidePermission(input)
  return [level, origin.source, origin.text]
}

describe('who decides an MCP tool’s permission', () => {
  it.each([
    // [trusted, host level, hints, expected level, expected source]
    [false, undefined, undefined, 'destructive', 'untrusted_default'],
    [false, undefined, { readOnlyHint: true }, 'destructive', 'untrusted_default'],
    [false, undefined, { destructiveHint: false }, 'destructive', 'untrusted_default'],
    [true, undefined, { readOnlyHint: true }, 'read', 'trusted_annotation'],
    [
      true,
      undefined,
      { readOnlyHint: false, destructiveHint: false },
      'write',
      'trusted_annotation',
    ],
    [
      true,
      undefined,
      { readOnlyHint: false, destructiveHint: true },
      'destructive',
      'trusted_annotation',
    ],
    // The MCP default for a missing destructiveHint is true: nothing claimed, the worst assumed.
    [true, undefined, {}, 'destructive', 'trusted_annotation'],
    [true, undefined, undefined, 'destructive', 'trusted_annotation'],
    [true, 'write', { readOnlyHint: true }, 'write', 'host'],
    [true, 'destructive', { readOnlyHint: true }, 'destructive', 'host'],
    [false, 'read', undefined, 'read', 'host'],
    [false, 'execute', { readOnlyHint: true }, 'execute', 'host'],
  ] as const)(
    'trusted %s, host %s, hints %j → %s (%s)',
    (trusted, hostLevel, hints, level, source) => {
      const decided = decidePermission({
        server: 'files',
        trusted,
        ...(hostLevel !== undefined && { hostLevel }),
        ...(hints !== undefined && { hints }),
      })
      expect([decided.level, decided.origin.source]).toEqual([level, source])
    },
  )

  it('an annotation never lowers what the host set', () => {
    for (const hints of [{ readOnlyHint: true }, { destructiveHint: false }, {}]) {
      expect(levels({ server: 's', trusted: true, hostLevel: 'destructive', hints })[0]).toBe(
        'destructive',
      )
    }
  })

  it('says where the level came from in words a card can show', () => {
    expect(levels({ server: 'files', trusted: false })[2]).toBe('untrusted server files')
    expect(levels({ server: 'files', trusted: true, hints: { readOnlyHint: true } })[2]).toBe(
      'claimed by server files (trusted)',
    )
    expect(levels({ server: 'files', trusted: true, hostLevel: 'write' })[2]).toBe(
      'set by you in mcp.json',
    )
  })
})

describe('the names the model sees', () => {
  it('prefixes the server and keeps to the model name pattern', () => {
    expect(mcpToolName('files', 'read_text_file')).toBe('files__read_text_file')
    expect(mcpToolName('files', 'get.file info/v2')).toBe('files__get_file_info_v2')
    const long = mcpToolName('s', 'x'.repeat(100))
    expect(long).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
  })
})
