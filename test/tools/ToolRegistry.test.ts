import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createToolRegistry, studyPulseTools } from '../../tools/createToolRegistry.ts'
import { defineTool } from '../../tools/defineTool.ts'
import { ToolError } from '../../tools/ToolError.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

const tools = createToolRegistry()

function prepareError(name: string, args: unknown): ToolError {
  try {
    tools.prepare('call-1', name, args)
  } catch (error) {
    if (error instanceof ToolError) return error
    throw error
  }
  throw new Error(`prepare(${name}) did not throw`)
}

describe('ToolRegistry', () => {
  it('shows each tool to the model with its JSON Schema and host-set permission', () => {
    const defs = tools.definitions()
    expect(defs.map((d) => d.name)).toEqual([
      'create_task',
      'list_tasks',
      'search_workspace',
      'read_source',
      'write_memory',
      'save_artifact',
      'delete_task',
      'update_task',
      'forget_memory',
      'list_memory',
      'list_artifacts',
      'read_artifact',
      'update_note',
      'delete_note',
      'undo_change',
      'run_code',
    ])
    const create = defs.find((d) => d.name === 'create_task')
    expect(create?.permission).toBe('write')
    expect(create?.parameters).toMatchObject({
      type: 'object',
      properties: {
        title: { type: 'string' },
        importance: { type: 'integer', minimum: 1, maximum: 5 },
      },
      required: ['title'],
    })
    expect(defs.find((d) => d.name === 'delete_task')?.permission).toBe('destructive')
    expect(defs.find((d) => d.name === 'list_tasks')?.permission).toBe('read')
    expect(defs.find((d) => d.name === 'run_code')?.permission).toBe('execute')
    // An undo may remove what a change made: the highest level of what it can do.
    expect(defs.find((d) => d.name === 'undo_change')?.permission).toBe('destructive')
  })

  it('lets the host override a permission, never the model', () => {
    const strict = createToolRegistry({ permissions: { list_tasks: 'write' } })
    expect(strict.prepare('c', 'list_tasks', '{}').permission).toBe('write')
    expect(() => strict.prepare('c', 'list_tasks', '{"permission":"read"}')).toThrow(ToolError)
  })

  it('prepares create_task with a trimmed preview and a stable digest', () => {
    const a = tools.prepare('call-1', 'create_task', { title: '  Read chapter 3 ', importance: 4 })
    const b = tools.prepare('call-2', 'create_task', '{"importance":4,"title":"  Read chapter 3 "}')
    expect(a.permission).toBe('write')
    expect(a.preview).toBe('Create task “Read chapter 3”, importance 4 of 5')
    expect(a.digest).toMatch(/^[0-9a-f]{64}$/)
    expect(b.digest).toBe(a.digest)
    const c = tools.prepare('call-3', 'create_task', { title: 'Read chapter 4', importance: 4 })
    expect(c.digest).not.toBe(a.digest)
  })

  it('keeps the parsed invocation out of reach and frozen', () => {
    const p = tools.prepare('call-1', 'create_task', { title: 'Read' })
    expect(Object.isFrozen(p)).toBe(true)
    expect(Object.keys(p).sort()).toEqual(
      [
        'argumentsJson',
        'callId',
        'describes',
        'digest',
        'idempotent',
        'name',
        'permission',
        'preview',
        'workspaceOnly',
        'writes',
      ].sort(),
    )
    expect(() => {
      ;(p as { permission: string }).permission = 'read'
    }).toThrow(TypeError)
  })

  it('refuses unknown tools, including prototype names', () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const error = prepareError(name, '{}')
      expect(error.code).toBe('unknown_tool')
      expect(error.tool).toBe(name)
      expect(error.detail).toContain('create_task')
    }
  })

  it('refuses bad arguments with a detail a model can act on', () => {
    expect(prepareError('create_task', '{"title":').code).toBe('invalid_arguments')
    expect(prepareError('create_task', '{"title":"   "}').detail).toContain('blank')
    expect(prepareError('create_task', { title: 'x', importance: 9 }).detail).toContain(
      'importance',
    )
    expect(prepareError('create_task', { title: 'x', importance: 2.5 }).code).toBe(
      'invalid_arguments',
    )
    expect(prepareError('create_task', { title: 42 }).detail).toContain('title')
    expect(prepareError('create_task', '[1,2]').detail).toContain('object')
    expect(prepareError('create_task', '{"title":"x","__proto__":{"p":1}}').detail).toContain(
      '__proto__',
    )
    expect(prepareError('create_task', '{"title":"x","extra":1}').code).toBe('invalid_arguments')
    expect(prepareError('create_task', `{"title":"${'a'.repeat(1_000_000)}"}`).detail).toContain(
      'limit',
    )
  })

  it('prepares without touching the workspace: prepare receives none', async () => {
    const { ws, dispose } = await tempWorkspace()
    try {
      const before = await ws.readTasks()
      tools.prepare('call-1', 'create_task', { title: 'Read' })
      expect(await ws.readTasks()).toEqual(before)
    } finally {
      await dispose()
    }
  })

  it('executes only calls it prepared, and turns a throwing tool into execution_failed', async () => {
    const boom = defineTool({
      name: 'boom',
      description: 'always throws',
      parameters: z.strictObject({}),
      permission: 'read',
      preview: () => 'boom',
      execute: () => {
        throw new Error('kaboom')
      },
    })
    const ok = defineTool({
      name: 'ok',
      description: 'fine',
      parameters: z.strictObject({}),
      permission: 'read',
      preview: () => 'ok',
      execute: () => toolOk(1),
    })
    const registry = new ToolRegistry([boom, ok])
    const { ws, dispose } = await tempWorkspace()
    try {
      const context = {
        workspace: ws,
        now: new Date(),
        sourcePaths: [],
        signal: new AbortController().signal,
        generateId: () => 'x',
      }
      const result = await registry.execute(registry.prepare('c', 'boom', {}), context)
      expect(result).toEqual({
        ok: false,
        error: { code: 'execution_failed', message: 'boom failed: kaboom' },
      })
      const foreign = tools.prepare('c', 'list_tasks', {})
      expect(await registry.execute(foreign, context)).toMatchObject({
        ok: false,
        error: { code: 'not_prepared' },
      })
      const forged = { ...registry.prepare('c', 'ok', {}) }
      expect(await registry.execute(forged, context)).toMatchObject({
        ok: false,
        error: { code: 'not_prepared' },
      })
    } finally {
      await dispose()
    }
  })

  it('declares every StudyPulse tool with a permission', () => {
    for (const tool of studyPulseTools)
      expect(['read', 'write', 'destructive', 'execute']).toContain(tool.permission)
  })
})
