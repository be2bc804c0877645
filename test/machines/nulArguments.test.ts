import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import { postgresRunStore } from '../../store/postgres/postgresRunStore.ts'
import type { RunStore } from '../../store/RunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { emptyStudypulseTables, fileDatabase } from '../helpers/postgres.ts'
import { eventsOf } from '../helpers/runHarness.ts'
import {
  sequentialIds,
  steppingClock,
  tempWorkspace,
  trackRuntime,
} from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
const closers: (() => Promise<void>)[] = []
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
  await dispose()
})

// Whether any key or string of `value` holds a NUL (an escape in a kept text is no NUL).
function nulIn(value: unknown): boolean {
  let found = false
  JSON.stringify(value, (key: string, item: unknown) => {
    if (key.includes('\u0000') || (typeof item === 'string' && item.includes('\u0000')))
      found = true
    return item
  })
  return found
}

const stores: [string, () => Promise<RunStore>][] = [
  ['in memory', async () => memoryRunStore()],
  [
    'on PostgreSQL',
    async () => {
      const { url } = await fileDatabase()
      await emptyStudypulseTables(url)
      const store = await postgresRunStore({ connectionString: url })
      closers.push(() => store.close())
      return store
    },
  ],
]

// A NUL as a model sends it: escaped in the JSON text, in an object, or raw in the text itself.
const proposals: [string, string | Record<string, unknown>][] = [
  ['escaped in the JSON text', '{"title":"Exam\\u0000plan"}'],
  ['in object arguments', { title: 'Exam\u0000plan' }],
  ['in a key', '{"title":"Exam plan","x\\u0000":1}'],
  ['raw in the argument text', '{"title":"Exam\u0000plan"}'],
]

// A runtime over `store` and a model saying `turns`, whose save errors are collected.
async function start(makeStore: () => Promise<RunStore>, turns: ModelTurn[]) {
  const store = await makeStore()
  const persistErrors: unknown[] = []
  const model = new ScriptedModel(turns)
  const runtime: AgentRuntime = createAgentRuntime({
    model,
    tools: createToolRegistry(),
    workspace: ws,
    store,
    clock: steppingClock(),
    generateId: sequentialIds('uuid'),
    onPersistError: (error) => persistErrors.push(error),
  })
  trackRuntime(runtime)
  return { store, model, runtime, persistErrors }
}

describe.each(stores)('a NUL in a model’s tool arguments, %s', (_label, makeStore) => {
  it('a NUL in the model’s text or a tool’s name is kept as U+FFFD: every save succeeds', async () => {
    const { store, runtime, persistErrors } = await start(makeStore, [
      { toolCalls: [{ id: 'n\u0000', name: 'list\u0000tasks', arguments: '{}' }] },
      { text: 'Done\u0000.' },
    ])
    const runId = runtime.startRun({ input: 'list them' })
    await waitForRun(runtime, runId, 'awaitingInput')
    await runtime.flush()
    expect(persistErrors).toEqual([])
    expect(eventsOf(runtime, runId, 'toolFailed')[0]?.error?.code).toBe('unknown_tool')
    const messages = await store.readMessages(runId)
    expect(nulIn(messages)).toBe(false)
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Done\uFFFD.' })
  })

  it.each(proposals)(
    '%s: refused at prepare, the model hears why, the run goes on',
    async (_how, args) => {
      const { store, model, runtime, persistErrors } = await start(makeStore, [
        { toolCalls: [{ id: 'nul-1', name: 'create_task', arguments: args as string }] },
        { text: 'Sorry, I will not use that character.' },
      ])
      const runId = runtime.startRun({ input: 'add my exam plan' })
      await waitForRun(runtime, runId, 'awaitingInput')
      await runtime.flush()
      expect(persistErrors).toEqual([])
      expect(eventsOf(runtime, runId, 'confirmationRequired')).toEqual([])
      expect(eventsOf(runtime, runId, 'toolFailed')[0]?.error?.code).toBe('invalid_arguments')
      const told = model.requests[1]?.messages.at(-1)
      const content = JSON.parse(told?.role === 'tool' ? told.content : '{}')
      expect(content).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } })
      expect(content.error.message).toMatch(/NUL/)
      // Nothing is stuck: the store holds the run as it is now, with no NUL anywhere.
      const stored = await store.peekRun(runId)
      expect(stored?.value).toBe('awaitingInput')
      expect(nulIn(await store.readMessages(runId))).toBe(false)
      expect(nulIn(await store.readEvents(runId))).toBe(false)
      expect(await ws.readTasks()).toEqual([])
    },
  )
})
