// The public contract: code outside this repository calls exactly these names, as written here.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  AgentError,
  createAgentRuntime,
  createModelClient,
  createToolRegistry,
  modelFromEnv,
  ScriptedModel,
  ToolError,
  ToolRegistry,
  Workspace,
  WorkspaceError,
} from '../index.ts'
import { waitForRun } from '../runtime/waitForRun.ts'
import { sqliteRunStore } from '../store/sqlite/sqliteRunStore.ts'
import { tempWorkspace, trackRuntime } from './helpers/tempWorkspace.ts'

let dir: string
let dispose: () => Promise<void>
beforeEach(async () => {
  const made = await tempWorkspace()
  dir = `${made.dir}/contract`
  dispose = made.dispose
})
afterEach(() => dispose())

describe('the public contract of index.ts', () => {
  it('runs the documented snippet as written', async () => {
    const ws = await Workspace.create(dir)
    await ws.readTasks()
    await ws.upsertTask({
      id: 't0',
      title: 'Existing',
      done: false,
      createdAt: '2026-11-30T09:00:00.000Z',
      updatedAt: '2026-11-30T09:00:00.000Z',
    })
    await writeFile(join(dir, 'sources', 'lecture-1.md'), '# Lecture 1')
    const nb = await ws.createNotebook('Biology', ['lecture-1.md'])
    expect(typeof nb.id).toBe('string')

    const tools = createToolRegistry()
    expect(tools).toBeInstanceOf(ToolRegistry)
    const p = tools.prepare('call-1', 'create_task', { title: 'Read chapter 3', importance: 4 })
    expect([p.permission, p.preview, typeof p.digest]).toEqual([
      'write',
      'Create task “Read chapter 3”, importance 4 of 5',
      'string',
    ])
    expect(() => tools.prepare('call-1', 'nope', '{}')).toThrow(ToolError)

    const model = new ScriptedModel([
      {
        toolCalls: [{ id: 'call-1', name: 'create_task', arguments: '{"title":"Read chapter 3"}' }],
      },
      (request) => {
        expect(request.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call-1' })
        return { text: 'Done.' }
      },
    ])
    const runtime = createAgentRuntime({
      model,
      tools,
      workspace: ws,
      store: sqliteRunStore(ws.root),
    })
    trackRuntime(runtime)
    const runId = runtime.startRun({ input: 'plan my week', notebookId: nb.id })
    await waitForRun(runtime, runId, 'awaitingConfirmation', { timeoutMs: 5000 })
    const c = runtime.view(runId).events.find((e) => e.kind === 'confirmationRequired')
    await runtime.submitConfirmation(runId, c?.confirmationId ?? '', 'allow')
    await expect(
      runtime.submitConfirmation(runId, c?.confirmationId ?? '', 'allow'),
    ).rejects.toThrow(AgentError)
    await waitForRun(runtime, runId, 'awaitingInput', { timeoutMs: 5000 })
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Existing', 'Read chapter 3'])
    await expect(Workspace.open(join(dir, 'sources'))).rejects.toBeInstanceOf(WorkspaceError)
  })

  it('chooses models by name and from the environment', () => {
    expect(modelFromEnv({}).name).toBe('offline-planner')
    expect(createModelClient({ provider: 'offline', model: 'planner' }).name).toBe(
      'offline-planner',
    )
    const local = createModelClient({
      provider: 'openai-compatible',
      model: 'llama3.1',
      baseURL: 'http://127.0.0.1:11434/v1',
    })
    expect(local.name).toContain('openai-compatible:llama3.1')
  })
})
