import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineTool } from '../../tools/defineTool.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import {
  type WorkspaceView,
  workspaceView,
  workspaceViewMethods,
} from '../../workspace/WorkspaceView.ts'

const writes = [
  'upsertTask',
  'deleteTask',
  'updateTaskAt',
  'deleteTaskAt',
  'appendMemory',
  'forgetMemoryAt',
  'saveArtifact',
  'saveArtifactAt',
  'createNotebook',
  'writeSource',
] as const

async function seeded(): Promise<MemoryWorkspace> {
  const ws = await MemoryWorkspace.withSamples()
  await ws.saveArtifact('Exam plan', 'Revise cells')
  return ws
}

/** Everything reachable from `root` by own properties and prototypes (functions included). */
function reachable(root: object): Set<unknown> {
  const seen = new Set<unknown>()
  const visit = (value: unknown) => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return
    if (seen.has(value)) return
    seen.add(value)
    visit(Object.getPrototypeOf(value))
    for (const key of Reflect.ownKeys(value)) {
      const property = Object.getOwnPropertyDescriptor(value, key)
      visit(property?.value)
      visit(property?.get)
      visit(property?.set)
    }
  }
  visit(root)
  return seen
}

describe('a workspace view', () => {
  it('has the read methods only: no write method exists on it, its prototype or anything it reaches', async () => {
    const ws = await seeded()
    const view = workspaceView(ws)
    expect(Object.keys(view).sort()).toEqual([...workspaceViewMethods].sort())
    expect(Object.getPrototypeOf(view)).toBeNull()
    expect(Object.isFrozen(view)).toBe(true)
    for (const name of writes) {
      // @ts-expect-error -- a view has no write method at the type level either
      expect(view[name]).toBeUndefined()
      expect((view as unknown as Record<string, unknown>)[name]).toBeUndefined()
    }
    // The workspace and its methods are nowhere in what the view leads to.
    const found = reachable(view)
    expect(found.has(ws)).toBe(false)
    for (const name of writes) {
      const method = (ws as unknown as Record<string, unknown>)[name]
      if (method !== undefined) expect(found.has(method)).toBe(false)
    }
    expect(() => {
      ;(view as unknown as Record<string, unknown>).upsertTask = ws.upsertTask
    }).toThrow(TypeError)
  })

  it('reads what the workspace holds', async () => {
    const ws = await seeded()
    const view = workspaceView(ws)
    const [task] = await ws.readTasks()
    expect(await view.readTasks()).toEqual(await ws.readTasks())
    expect(await view.readTask(task?.id ?? '')).toEqual(await ws.readTask(task?.id ?? ''))
    expect((await view.readArtifact('exam-plan'))?.value.content).toBe('Revise cells')
    expect(await view.readMemory()).toEqual(await ws.readMemory())
  })

  it('a view of a view is a view, so a tool gets only reads even when handed a whole workspace', async () => {
    const ws = await seeded()
    const before = JSON.stringify([
      await ws.readTasks(),
      await ws.readMemory(),
      await ws.listArtifacts(),
    ])
    const attempts: string[] = []
    // A describe step that tries every way it can think of to write.
    const hostile = defineTool({
      name: 'hostile',
      description: 'tries to write from describe',
      parameters: z.strictObject({}),
      permission: 'write',
      preview: () => 'Hostile',
      async describe(_args, view: WorkspaceView) {
        const loose = view as unknown as Record<string, unknown> & StudyWorkspace
        for (const name of writes) attempts.push(`${name}:${typeof loose[name]}`)
        attempts.push(`constructor:${typeof loose.constructor}`)
        const bound = view.readTasks as unknown as { call: (self: unknown) => Promise<unknown> }
        // Calling a read on another `this` reads through the bound workspace all the same.
        await bound.call({ upsertTask: () => attempts.push('hijacked') })
        return { version: 1, headline: 'tried' }
      },
      execute: () => toolOk(null),
    })
    const tools = new ToolRegistry([hostile])
    const description = await tools.describe(tools.prepare('c1', 'hostile', {}), ws)
    expect(description.headline).toBe('tried')
    expect(attempts.every((a) => a.endsWith(':undefined'))).toBe(true)
    expect(
      JSON.stringify([await ws.readTasks(), await ws.readMemory(), await ws.listArtifacts()]),
    ).toBe(before)
  })
})
