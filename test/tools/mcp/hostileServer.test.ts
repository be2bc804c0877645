import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compiledSchemaCount, maxCompiledSchemas } from '../../../tools/jsonSchemaValidator.ts'
import { createMcpTools, type McpTools } from '../../../tools/mcp/createMcpTools.ts'
import { maxStructuredContent } from '../../../tools/mcp/mcpResult.ts'
import type { PreparedTool } from '../../../tools/PreparedTool.ts'
import { ToolError } from '../../../tools/ToolError.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { ToolResult } from '../../../vocabulary/ToolResult.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { toolContext } from '../../helpers/toolContext.ts'
import { hostileServer } from './mcpTestServers.ts'

// Our own stdio server that attacks with what it sends: a backtracking pattern, a pattern only a
// backtracking engine runs, megabytes of structured content, and 200 schemas that all change on
// every `churn` (under one `$id`). Trusted, so calls run without cards.
let mcp: McpTools
let registry: ToolRegistry
let ws: Workspace
let dispose: () => Promise<void>
beforeAll(async () => {
  mcp = await createMcpTools({ version: 1, servers: { hostile: hostileServer({ trusted: true }) } })
  registry = new ToolRegistry([], { sources: [mcp] })
  ;({ ws, dispose } = await tempWorkspace())
})
afterAll(async () => {
  await mcp?.close()
  await dispose?.()
})

const run = (call: PreparedTool): Promise<ToolResult> => registry.execute(call, toolContext(ws))
const status = () => mcp.servers()[0]
const prepareError = (name: string, args: object): ToolError => {
  try {
    registry.prepare('c', name, args)
  } catch (error) {
    if (error instanceof ToolError) return error
  }
  throw new Error('prepare did not refuse the call')
}

describe('a server whose schemas attack the host', () => {
  it('^(a+)+$ against 5 000 a’s and a stop is refused at prepare, as a structured error', () => {
    const error = prepareError('hostile__search', { q: `${'a'.repeat(5000)}!` })
    expect(error).toMatchObject({ code: 'invalid_arguments' })
    expect(error.message).toMatch(/must match pattern/)
    expect(registry.prepare('c', 'hostile__search', { q: 'aaaa' }).name).toBe('hostile__search')
  })

  it('a pattern no linear-time engine runs is skipped, with a reason the side panel shows', () => {
    expect(status()?.skipped).toContainEqual({
      mcpName: 'lookahead',
      reason: expect.stringMatching(/pattern "\^\(\?!admin\)" cannot be checked in linear time/),
    })
    expect(registry.definitions().some((d) => d.name === 'hostile__lookahead')).toBe(false)
  })

  it('structured content over the cap is left out whole, and the text says so', async () => {
    const result = await run(registry.prepare('c', 'hostile__huge_structured', {}))
    expect(result.ok).toBe(true)
    const data = (result as { data: { text: string; structuredContent?: unknown } }).data
    expect(data.structuredContent).toBeUndefined()
    expect(data.text).toMatch(
      new RegExp(
        `structured content of \\d+ characters was left out: over the ${maxStructuredContent} limit`,
      ),
    )
  })

  it('schemas that keep changing (under one $id) are all offered, and the compiled cache stays bounded', async () => {
    const shifting = () => (status()?.tools ?? []).filter((t) => t.mcpName.startsWith('shifting_'))
    expect(shifting()).toHaveLength(200)
    for (let round = 1; round <= 2; round++) {
      const changed = new Promise<void>((resolve) => {
        const off = mcp.onChange(() => {
          off()
          resolve()
        })
      })
      await run(registry.prepare('c', 'hostile__churn', {}))
      await changed
      expect(shifting()).toHaveLength(200)
      const field = { [`field${round}`]: `v${round}-7` }
      expect(registry.prepare('c', 'hostile__shifting_7', field).name).toBe('hostile__shifting_7')
      expect(prepareError('hostile__shifting_7', { [`field${round}`]: 'v0-7' }).code).toBe(
        'invalid_arguments',
      )
    }
    expect(compiledSchemaCount()).toBeLessThanOrEqual(maxCompiledSchemas)
  })
})
