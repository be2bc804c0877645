import { describe, expect, it } from 'vitest'
import { describeChainCheck } from '../../app/auditLog.ts'
import { describeMcpServer } from '../../app/describeMcpServer.ts'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import type { McpServerStatus } from '../../tools/mcp/McpServerStatus.ts'
import { countOf } from '../../vocabulary/countOf.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'

const tools = createCoreToolRegistry()

async function saveCard(title: string, content: string) {
  const prepared = tools.prepare('c1', 'save_artifact', { title, content })
  const description = await tools.describe(prepared, new MemoryWorkspace())
  return { preview: prepared.preview, headline: description.headline }
}

function server(toolCount: number): McpServerStatus {
  return {
    name: 'notes',
    transport: 'stdio',
    trusted: true,
    state: 'connected',
    tools: Array.from({ length: toolCount }, (_, i) => ({
      name: `notes__t${i}`,
      mcpName: `t${i}`,
      permission: 'read' as const,
      origin: { source: 'host', text: 'set by you in mcp.json' },
    })),
    skipped: [],
  }
}

describe('counts say one thing and several things', () => {
  it('countOf: singular for one, plural otherwise, an irregular plural when given', () => {
    expect(countOf(1, 'line')).toBe('1 line')
    expect(countOf(0, 'line')).toBe('0 lines')
    expect(countOf(2, 'line')).toBe('2 lines')
    expect(countOf(1, 'match', 'matches')).toBe('1 match')
    expect(countOf(3, 'match', 'matches')).toBe('3 matches')
  })

  it('a one-line note is "1 line", a one-character one "1 character"; more are plural', async () => {
    expect((await saveCard('Exam plan', 'Revise cells')).headline).toBe(
      'Save a new note “Exam plan” (1 line)',
    )
    expect((await saveCard('Exam plan', 'a\nb')).headline).toBe(
      'Save a new note “Exam plan” (2 lines)',
    )
    expect((await saveCard('X', 'a')).preview).toBe('Save note “X” (1 character)')
    expect((await saveCard('X', 'ab')).preview).toBe('Save note “X” (2 characters)')
  })

  it('an MCP server with one tool has "1 tool"', () => {
    expect(describeMcpServer(server(1))).toContain(': 1 tool (1 read)')
    expect(describeMcpServer(server(2))).toContain(': 2 tools (2 read)')
  })

  it('npm run audit -- --verify says "1 line" of a one-line log', () => {
    const check = { lines: 1, beforeChain: 0, head: 'abc' }
    const log = { location: 'audit.jsonl', lines: [] }
    expect(describeChainCheck(log, check)[0]).toContain('is whole: 1 line.')
    expect(describeChainCheck(log, { ...check, lines: 2 })[0]).toContain('is whole: 2 lines.')
  })
})
