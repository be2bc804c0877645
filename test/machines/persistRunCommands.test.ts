import { expect, test } from 'vitest'
import { createActor } from 'xstate'
import { createAgentRunMachine } from '../../machines/agentRunMachine.ts'
import { persistRun } from '../../runtime/persistRun.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import type { RunCommit, RunStore } from '../../store/RunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
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

function runAwaitingInput() {
  const logic = createAgentRunMachine({ tools: createToolRegistry() })
  const actor = createActor(logic, { id: 'r1', input: { runId: 'r1', input: 'hello' } })
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
  // A refused command changes no state: its record goes alone, without the failed one.
  const refused = { ok: false, code: 'not_awaiting_input', message: 'thinking' } as const
  persister.applied({ id: '8', outcome: refused })
  await persister.flush()
  expect(asked.at(-1)).toMatchObject({ commands: [{ id: '8' }] })
  expect(asked.at(-1)?.snapshot).toBeUndefined()

  actor.send({ type: 'MODEL_DONE', turn: { text: 'done' } })
  await persister.flush()
  expect(asked.at(-1)?.snapshot?.value).toBe('awaitingInput')
  expect(asked.at(-1)?.commands).toEqual([{ id: '7', outcome: { ok: true } }])
})
