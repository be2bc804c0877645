import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { defineTool } from '../../tools/defineTool.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import { CallDescriptionSchema } from '../../vocabulary/CallDescription.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'

const tool = (name: string, describe?: () => Promise<unknown>) =>
  defineTool({
    name,
    description: name,
    parameters: z.strictObject({}),
    permission: 'write',
    preview: () => `Preview of ${name}`,
    ...(describe && { describe: describe as never }),
    execute: () => toolOk(null),
  })

describe('ToolRegistry.describe', () => {
  const ws = new MemoryWorkspace()

  it('a tool without a describe step is described by its preview', async () => {
    const tools = new ToolRegistry([tool('plain')])
    expect(await tools.describe(tools.prepare('c', 'plain', {}), ws)).toEqual({
      version: 1,
      headline: 'Preview of plain',
    })
  })

  it.each([
    ['throws', () => Promise.reject(new Error('the disk is gone'))],
    ['returns something malformed', () => Promise.resolve({ version: 2, headline: 7 })],
    ['returns too much', () => Promise.resolve({ version: 1, headline: 'x'.repeat(501) })],
  ])('a describe step that %s becomes a description that says it could not read', async (_, fn) => {
    const tools = new ToolRegistry([tool('broken', fn)])
    const description = await tools.describe(tools.prepare('c', 'broken', {}), ws)
    expect(description).toMatchObject({
      version: 1,
      headline: 'Preview of broken',
      notice: { code: 'not_described' },
    })
    expect(description.notice?.text).toMatch(/^Could not read what this would change/)
    expect(CallDescriptionSchema.safeParse(description).success).toBe(true)
  })

  it('a call prepared by another registry is not described from it', async () => {
    const one = createToolRegistry()
    const other = createToolRegistry()
    const prepared = one.prepare('c', 'create_task', { title: 'Read' })
    expect((await other.describe(prepared, ws)).notice?.code).toBe('not_described')
  })

  it('what it returns is frozen, valid and survives JSON', async () => {
    const tools = createToolRegistry()
    const prepared = tools.prepare('c', 'save_artifact', { title: 'Plan', content: 'a\nb' })
    const description = await tools.describe(prepared, ws)
    expect(Object.isFrozen(description)).toBe(true)
    expect(Object.isFrozen(description.diff?.hunks[0]?.lines)).toBe(true)
    expect(CallDescriptionSchema.parse(JSON.parse(JSON.stringify(description)))).toEqual(
      description,
    )
  })
})
