import { describe, expect, it } from 'vitest'
import { type AnyToolDefinition, defineTool } from '../../tools/defineTool.ts'
import { callDigest } from '../../tools/digest.ts'
import { jsonSchemaParameters } from '../../tools/jsonSchemaParameters.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import type { Workspace } from '../../workspace/Workspace.ts'

const ran: unknown[] = []
const jsonTool = (schema: Record<string, unknown>, over: Partial<AnyToolDefinition> = {}) =>
  defineTool({
    name: 'ext__save',
    description: 'saves',
    parameters: jsonSchemaParameters(schema),
    inputJsonSchema: schema,
    contract: `ext\nsave\n${JSON.stringify(schema)}`,
    permission: 'write',
    permissionOrigin: { source: 'trusted_annotation', text: 'claimed by server ext (trusted)' },
    preview: (args) => `save ${JSON.stringify(args)}`,
    execute: (args) => {
      ran.push(args)
      return toolOk('saved')
    },
    ...over,
  })
const v1 = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }
const v2 = { ...v1, properties: { name: { type: 'string' }, tags: { type: 'array' } } }
const context = {
  workspace: undefined as unknown as Workspace,
  now: new Date(),
  sourcePaths: [],
  signal: new AbortController().signal,
  generateId: () => 'id',
}

/** A source whose tools the test swaps, as a list_changed would. */
function source(initial: readonly AnyToolDefinition[]) {
  let tools = initial
  return {
    tools: () => tools,
    set(next: readonly AnyToolDefinition[]) {
      tools = next
    },
  }
}

describe('a registry over changing tool sources', () => {
  it('shows the JSON Schema as is, checks it with ajv, and digests the contract', () => {
    const registry = new ToolRegistry([], { sources: [source([jsonTool(v1)])] })
    expect(registry.definitions()[0]?.parameters).toBe(v1)
    expect(() => registry.prepare('c', 'ext__save', { name: 3 })).toThrow(/\/name must be string/)
    const prepared = registry.prepare('c', 'ext__save', { name: 'a' })
    expect(prepared.digest).toBe(
      callDigest('ext__save', { name: 'a' }, `ext\nsave\n${JSON.stringify(v1)}`),
    )
    expect(prepared.digest).not.toBe(callDigest('ext__save', { name: 'a' }))
    expect(prepared.permissionOrigin?.source).toBe('trusted_annotation')
  })

  it('reads the source again each time, keeping its work while nothing changed', () => {
    const tools = source([jsonTool(v1)])
    const registry = new ToolRegistry([], { sources: [tools] })
    const first = registry.definitions()
    expect(registry.definitions()).toBe(first)
    tools.set([jsonTool(v2)])
    expect(registry.definitions()[0]?.parameters).toBe(v2)
    tools.set([])
    expect(registry.definitions()).toEqual([])
    expect(() => registry.prepare('c', 'ext__save', { name: 'a' })).toThrow(/no tool named/)
  })

  it('a fixed tool keeps its name against a source’s tool of the same name', () => {
    const fixed = jsonTool(v1, { description: 'fixed' })
    const registry = new ToolRegistry([fixed], { sources: [source([jsonTool(v2)])] })
    expect(registry.definitions().map((d) => d.description)).toEqual(['fixed'])
  })

  it('refuses a prepared call whose tool changed schema, level or vanished; runs it when equal', async () => {
    const tools = source([jsonTool(v1)])
    const registry = new ToolRegistry([], { sources: [tools] })
    const prepare = () => registry.prepare('c', 'ext__save', { name: 'a' })
    ran.length = 0

    let prepared = prepare()
    tools.set([jsonTool(v2)])
    expect(await registry.execute(prepared, context)).toMatchObject({
      error: { code: 'tool_changed' },
    })

    tools.set([jsonTool(v1)])
    prepared = prepare()
    tools.set([jsonTool(v1, { permission: 'read' })])
    expect(await registry.execute(prepared, context)).toMatchObject({
      error: { code: 'tool_changed' },
    })

    prepared = prepare()
    tools.set([])
    expect(await registry.execute(prepared, context)).toMatchObject({
      error: { code: 'tool_unavailable' },
    })
    expect(ran).toEqual([])

    tools.set([jsonTool(v1, { permission: 'read' })])
    prepared = prepare()
    // A fresh but equal definition (a list refresh that changed nothing) still runs the call.
    tools.set([jsonTool(v1, { permission: 'read' })])
    expect(await registry.execute(prepared, context)).toEqual({ ok: true, data: 'saved' })
    expect(ran).toEqual([{ name: 'a' }])
  })

  it('a host override of the level is reported as the host’s', () => {
    const registry = new ToolRegistry([], {
      sources: [source([jsonTool(v1)])],
      permissions: { ext__save: 'destructive' },
    })
    const prepared = registry.prepare('c', 'ext__save', { name: 'a' })
    expect([prepared.permission, prepared.permissionOrigin]).toEqual([
      'destructive',
      { source: 'host', text: 'set by you' },
    ])
  })
})
