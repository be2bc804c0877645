import { expect, test } from 'vitest'
import { createActor } from 'xstate'
import { createAgentRunMachine } from '../../machines/agentRunMachine.ts'
import { persistRun } from '../../runtime/persistRun.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import type { RunCommit, RunStore } from '../../store/RunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { signal } from '../helpers/signal.ts'

/** A memory store that keeps every commit it is asked for, and refuses those `refuse` picks. */
function watchedStore(refuse: (commit: RunCommit, n: number) => boolean) {
  const inner = memoryRunStore()
  const asked: RunCommit[] = []
  const store: RunStore = {
    ...inner,
    location: inner.location,
    commit(runId, commit) {
      asked.push(commit)
      if (refuse(commit, asked.length)) return Promise.reject(new Error('the database went away'))
      return inner.commit(runId, commit)
    },
  }
  return { store, asked }
}

function runAwaitingInput(logged?: (events: readonly AgentEvent[]) => void) {
  const logic = createAgentRunMachine({ tools: createToolRegistry() })
  const actor = createActor(logic, { id: 'r1', input: { runId: 'r1', input: 'hello' } })
  if (logged !== undefined) actor.on('agentEvents', (emitted) => logged(emitted.events))
  actor.start()
  actor.send({ type: 'MODEL_DONE', turn: { text: 'what next?' } })
  expect(actor.getSnapshot().value).toBe('awaitingInput')
  return actor
}

test('an applied command is recorded in the very commit that saves the state it led to', async () => {
  const actor = runAwaitingInput()
  const { store, asked } = watchedStore(() => false)
  const persister = persistRun('r1', actor.logic, store, {
    current: () => actor.getSnapshot(),
    ready: Promise.resolve(),
    onError: () => {},
  })
  // The runtime saves after each step; here the test's actor is the run.
  actor.subscribe((state) => persister.save(state))
  await persister.flush()
  asked.length = 0

  actor.send({ type: 'USER_INPUT', text: 'and then?' })
  persister.applied({ id: '7', outcome: { ok: true } })
  await persister.flush()
  expect(asked).toHaveLength(1)
  expect(asked[0]?.snapshot?.value).toBe('thinking')
  expect(asked[0]?.commands).toEqual([{ id: '7', outcome: { ok: true } }])
})

test('a command whose commit failed is recorded with the next saved state, never alone', async () => {
  const actor = runAwaitingInput()
  const failed = signal<unknown>()
  let failOnce = true
  const { store, asked } = watchedStore((commit) => {
    const refuse = failOnce && commit.commands?.[0]?.id === '7'
    if (refuse) failOnce = false
    return refuse
  })
  const persister = persistRun('r1', actor.logic, store, {
    current: () => actor.getSnapshot(),
    ready: Promise.resolve(),
    onError: (error: unknown) => failed.resolve(error),
  })
  actor.subscribe((state) => persister.save(state))
  await persister.flush()
  asked.length = 0

  actor.send({ type: 'USER_INPUT', text: 'and then?' })
  persister.applied({ id: '7', outcome: { ok: true } })
  expect(await failed.promise).toMatchObject({ message: 'the database went away' })
  // The refused save is tried again with the next commit: the state command 7 led to, with it.
  const refused = { ok: false, code: 'not_awaiting_input', message: 'thinking' } as const
  persister.applied({ id: '8', outcome: refused })
  await persister.flush()
  expect(asked.at(-1)?.snapshot?.value).toBe('thinking')
  expect(asked.at(-1)?.commands?.map((c) => c.id)).toEqual(['7', '8'])

  actor.send({ type: 'MODEL_DONE', turn: { text: 'done' } })
  await persister.flush()
  expect(asked.at(-1)?.snapshot?.value).toBe('awaitingInput')
  expect(asked.at(-1)?.commands).toBeUndefined()
})

test('a commit the store refuses loses nothing: its events, messages, journal and audit go first into the next commit', async () => {
  const log: AgentEvent[] = []
  const early: AgentEvent[] = []
  let hand = (events: readonly AgentEvent[]): void => {
    early.push(...events)
  }
  const actor = runAwaitingInput((events) => {
    log.push(...events)
    hand(events)
  })
  const failed = signal<unknown>()
  let refusing = false
  const { store, asked } = watchedStore(() => refusing)
  const persister = persistRun('r1', actor.logic, store, {
    current: () => actor.getSnapshot(),
    ready: Promise.resolve(),
    onError: (error: unknown) => failed.resolve(error),
  })
  persister.logged(early)
  hand = (events) => {
    persister.logged(events)
  }
  actor.subscribe((state) => persister.save(state))
  await persister.flush()
  const savedSeq = actor.getSnapshot().context.lastSeq
  refusing = true
  persister.outcome({
    type: 'outcome',
    callId: 'c1',
    digest: 'd',
    result: { ok: true, data: null },
    at: 'now',
  })
  actor.send({ type: 'USER_INPUT', text: 'and then?' })
  expect(await failed.promise).toMatchObject({ message: 'the database went away' })
  expect(asked.at(-1)?.events?.length).toBeGreaterThan(0)
  refusing = false
  actor.send({ type: 'MODEL_DONE', turn: { text: 'done' } })
  await persister.flush()
  const stored = await store.readEvents('r1')
  expect(stored.map((e) => e.seq)).toEqual(log.map((e) => e.seq))
  expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1))
  expect(stored.at(-1)?.seq).toBeGreaterThan(savedSeq)
  expect(await store.readJournal('r1')).toHaveLength(1)
  const messages = await store.readMessages('r1')
  expect(messages.map((m) => m.content)).toEqual(
    actor.getSnapshot().context.messages.map((m) => m.content),
  )
})

test('a refused commit is tried again by a flush even when nothing new was saved', async () => {
  const early: AgentEvent[] = []
  const actor = runAwaitingInput((events) => void early.push(...events))
  const failed = signal<unknown>()
  let refusing = true
  const { store } = watchedStore(() => refusing)
  const persister = persistRun('r1', actor.logic, store, {
    current: () => actor.getSnapshot(),
    ready: Promise.resolve(),
    onError: (error: unknown) => failed.resolve(error),
  })
  persister.logged(early)
  persister.save(actor.getSnapshot())
  await failed.promise
  refusing = false
  await persister.flush()
  expect((await store.readEvents('r1')).map((e) => e.seq)).toEqual(early.map((e) => e.seq))
})
