import { afterEach, expect, test, vi } from 'vitest'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { RunCommit } from '../../../store/RunStore.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

// A run reaching a state is a signal: on a busy machine it may come late, never time-bound
// (waitForRun's 10 s default was seen to run out on CI); the bound only ends a hung test.
vi.setConfig({ testTimeout: 120_000 })
const reach: typeof waitForRun = (runtime, runId, wanted) =>
  waitForRun(runtime, runId, wanted, { timeoutMs: 100_000 })

const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

/**
 * Nodes on one fresh database; errors a crashed node reports are kept, not printed. Their leases
 * outlast any test (see `startNode`): a takeover here is the test's own doing, `leaseRanOut`.
 */
async function startNodes(names: string[]): Promise<TestNode[]> {
  const { url } = await freshDatabase()
  const started = await Promise.all(
    names.map((name) =>
      startNode(url, {
        ownerId: `${name}-${Math.random()}`,
        onPersistError: () => undefined,
      }),
    ),
  )
  nodes.push(...started)
  return started
}

const userTexts = (runtime: AgentRuntime, runId: string) =>
  runtime
    .view(runId)
    .messages.filter((m) => m.role === 'user')
    .map((m) => m.content)

/** Starts `create <title>` on `owner`, allows its task, and waits for the run to want input. */
async function runAwaitingInput(owner: TestNode, title: string): Promise<string> {
  const runId = owner.runtime.startRun({ input: `create ${title}` })
  await reach(owner.runtime, runId, 'awaitingConfirmation')
  const card = owner.runtime.view(runId).pending
  await owner.runtime.submitConfirmation(runId, card?.confirmationId ?? '', 'allow')
  await reach(owner.runtime, runId, 'awaitingInput')
  await owner.runtime.flush()
  return runId
}

/** The run's lease runs out now, as it would once its dead owner's last renewal expired. */
async function leaseRanOut(by: TestNode, runId: string): Promise<void> {
  await by.store.pool.query(
    'UPDATE studypulse.runs SET lease_expires_at = now() WHERE run_id = $1',
    [runId],
  )
}

async function pendingCommandCount(node: TestNode): Promise<number> {
  const { rows } = await node.store.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM studypulse.run_commands WHERE applied_at IS NULL',
  )
  return rows[0]?.n ?? -1
}

test('input sent at a follower reaches the owner’s run once, and the run goes on with it', async () => {
  const [a, b] = (await startNodes(['a', 'b'])) as [TestNode, TestNode]
  const runId = await runAwaitingInput(a, 'one')
  await b.runtime.open(runId)
  expect(b.runtime.view(runId).value).toBe('awaitingInput')

  await b.runtime.sendInput(runId, 'create two')
  await reach(a.runtime, runId, 'awaitingConfirmation')
  expect(userTexts(a.runtime, runId)).toEqual(['create one', 'create two'])
  await a.runtime.submitConfirmation(
    runId,
    a.runtime.view(runId).pending?.confirmationId ?? '',
    'allow',
  )
  await reach(a.runtime, runId, 'awaitingInput')
  await vi.waitFor(() => expect(b.runtime.view(runId).value).toBe('awaitingInput'), {
    timeout: 20_000,
  })

  // `command` waits for the owner's outcome.
  await expect(
    b.runtime.command(runId, { kind: 'input', text: 'create three' }, { timeoutMs: 30_000 }),
  ).resolves.toEqual({
    applied: true,
  })
  await reach(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  expect(userTexts(a.runtime, runId)).toEqual(['create one', 'create two', 'create three'])
  expect(await pendingCommandCount(a)).toBe(0)
  const saved = await a.store.readMessages(runId)
  expect(saved.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
    'create one',
    'create two',
    'create three',
  ])
  expect((await a.workspace.readTasks()).map((t) => t.title)).toEqual(['one', 'two'])
})

test('two messages sent at once at a follower keep their order: the first is taken, the second refused', async () => {
  const [a, b] = (await startNodes(['a', 'b'])) as [TestNode, TestNode]
  const runId = await runAwaitingInput(a, 'one')
  await b.runtime.open(runId)
  // Both sent at once: the follower's view still says the run awaits input for each.
  const sent = await Promise.allSettled([
    b.runtime.sendInput(runId, 'create two'),
    b.runtime.sendInput(runId, 'create three'),
  ])
  expect(sent.map((s) => s.status)).toEqual(['fulfilled', 'rejected'])
  expect((sent[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'not_awaiting_input' })
  const applied = async () => {
    const { rows } = await a.store.pool.query<{ command: { text: string }; outcome: unknown }>(
      'SELECT command, outcome FROM studypulse.run_commands ORDER BY id',
    )
    return rows.map((r) => [r.command.text, r.outcome])
  }
  await vi.waitFor(
    async () =>
      expect(await applied()).toEqual([
        ['create two', { version: 1, ok: true }],
        ['create three', expect.objectContaining({ ok: false, code: 'not_awaiting_input' })],
      ]),
    { timeout: 60_000, interval: 50 },
  )
  expect(userTexts(a.runtime, runId)).toEqual(['create one', 'create two'])
})

test('input at a follower while the run is not awaiting input is refused, and changes nothing', async () => {
  const [a, b] = (await startNodes(['a', 'b'])) as [TestNode, TestNode]
  const runId = a.runtime.startRun({ input: 'create one' })
  await reach(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  await b.runtime.open(runId)
  expect(b.runtime.view(runId).value).toBe('awaitingConfirmation')

  // Checked against the run as followed here.
  await expect(b.runtime.sendInput(runId, 'create two')).rejects.toMatchObject({
    code: 'not_awaiting_input',
  })
  await expect(b.runtime.sendInput(runId, '  ')).rejects.toMatchObject({ code: 'invalid_input' })
  await expect(
    b.runtime.command(runId, { kind: 'input', text: 'create two' }, { timeoutMs: 30_000 }),
  ).rejects.toMatchObject({ code: 'not_awaiting_input' })
  await expect(
    b.runtime.command('no-such-run', { kind: 'input', text: 'hello' }),
  ).rejects.toMatchObject({ code: 'run_not_found' })

  // A follower whose view is behind offers anyway: the owner refuses, and says so.
  const offered = await b.store.cluster.offerCommand(runId, { kind: 'input', text: 'create two' })
  if (!offered.ok) throw new Error('offer refused')
  expect(await b.store.cluster.commandOutcome(offered.id, 60_000)).toMatchObject({
    ok: false,
    code: 'not_awaiting_input',
  })
  expect(a.runtime.view(runId).value).toBe('awaitingConfirmation')
  expect(userTexts(a.runtime, runId)).toEqual(['create one'])
  expect(await pendingCommandCount(a)).toBe(0)
})

test('a cancel at a follower cancels the owner’s run, and its card executes nowhere', async () => {
  const [a, b] = (await startNodes(['a', 'b'])) as [TestNode, TestNode]
  const runId = a.runtime.startRun({ input: 'create never' })
  await reach(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  const card = a.runtime.view(runId).pending
  await b.runtime.open(runId)
  // A page at b shows the run: b follows it while it listens.
  b.runtime.subscribe(runId, () => undefined)

  await b.runtime.cancel(runId, 'changed my mind')
  await reach(a.runtime, runId, 'cancelled')
  expect(a.runtime.view(runId).events.find((e) => e.kind === 'runCancelled')?.text).toBe(
    'changed my mind',
  )
  await a.runtime.flush()
  await expect(
    b.runtime.submitConfirmation(runId, card?.confirmationId ?? '', 'allow'),
  ).rejects.toMatchObject({
    code: 'confirmation_not_found',
  })
  expect(await a.workspace.readTasks()).toEqual([])
  expect(await a.store.readJournal(runId)).toEqual([])
  // Cancelling an ended run, anywhere, is nothing to do.
  await expect(
    b.runtime.command(runId, { kind: 'cancel' }, { timeoutMs: 30_000 }),
  ).resolves.toEqual({ applied: true })
  await vi.waitFor(() => expect(b.runtime.view(runId).value).toBe('cancelled'), { timeout: 20_000 })
  expect(() => b.runtime.cancel(runId)).not.toThrow()
})

test('an edit at a follower replaces the owner’s card and names the new one; the old id dies', async () => {
  const [a, b] = (await startNodes(['a', 'b'])) as [TestNode, TestNode]
  const runId = a.runtime.startRun({ input: 'create draft' })
  await reach(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  const card = a.runtime.view(runId).pending
  if (card === undefined) throw new Error('no card')
  await b.runtime.open(runId)

  await expect(
    b.runtime.command(
      runId,
      {
        kind: 'edit',
        confirmationId: card.confirmationId,
        args: { title: 17 },
      },
      { timeoutMs: 30_000 },
    ),
  ).rejects.toMatchObject({ code: 'invalid_edit' })
  const edited = await b.runtime.command(
    runId,
    {
      kind: 'edit',
      confirmationId: card.confirmationId,
      args: { title: 'final' },
    },
    { timeoutMs: 30_000 },
  )
  expect(edited).toMatchObject({ applied: true })
  const newId = (edited as { confirmationId: string }).confirmationId
  expect(newId).not.toBe(card.confirmationId)
  expect(a.runtime.view(runId).pending?.confirmationId).toBe(newId)
  await expect(
    b.runtime.submitConfirmation(runId, card.confirmationId, 'allow'),
  ).rejects.toMatchObject({
    code: 'confirmation_not_found',
  })
  await a.runtime.flush()
  await b.runtime.submitConfirmation(runId, newId, 'allow')
  await reach(a.runtime, runId, 'awaitingInput')
  expect((await a.workspace.readTasks()).map((t) => t.title)).toEqual(['final'])
})

test('a command offered while the owner is down is applied by whoever takes the run over, once', async () => {
  const [a, b, c] = (await startNodes(['a', 'b', 'c'])) as [TestNode, TestNode, TestNode]
  const runId = await runAwaitingInput(a, 'one')
  // A loses its database for good: no heartbeat, no release, no more commits.
  a.loseDatabase()
  await b.runtime.open(runId)
  await expect(
    b.runtime.command(runId, { kind: 'input', text: 'create two' }, { timeoutMs: 50 }),
  ).resolves.toEqual({ applied: false })
  expect(await pendingCommandCount(b)).toBe(1)

  // B's commits are watched: the command's record must travel with the state it led to.
  const commits: RunCommit[] = []
  const commit = b.store.commit.bind(b.store)
  b.store.commit = (id, saved) => {
    if (id === runId) commits.push(saved)
    return commit(id, saved)
  }
  await leaseRanOut(b, runId)
  expect(await b.runtime.restore()).toEqual([runId])
  await reach(b.runtime, runId, 'awaitingConfirmation')
  await b.runtime.flush()
  expect(userTexts(b.runtime, runId)).toEqual(['create one', 'create two'])
  expect(await pendingCommandCount(b)).toBe(0)
  const recorded = commits.filter((saved) => (saved.commands ?? []).length > 0)
  expect(recorded).toHaveLength(1)
  // Not a commit of its own: the one whose snapshot first holds the input (saves may be grouped).
  const [withInput] = recorded
  expect(withInput?.snapshot?.value).toMatch(/^(thinking|awaitingConfirmation)$/)
  expect(withInput?.messages?.items).toContainEqual({ role: 'user', content: 'create two' })
  expect(withInput?.events?.map((e) => [e.kind, e.text])).toContainEqual([
    'userMessage',
    'create two',
  ])

  // B dies in turn; C takes over from B's save and does not apply the input again.
  b.loseDatabase()
  await leaseRanOut(c, runId)
  expect(await c.runtime.restore()).toEqual([runId])
  await reach(c.runtime, runId, 'awaitingConfirmation')
  expect(userTexts(c.runtime, runId)).toEqual(['create one', 'create two'])
  await c.runtime.submitConfirmation(
    runId,
    c.runtime.view(runId).pending?.confirmationId ?? '',
    'allow',
  )
  await reach(c.runtime, runId, 'awaitingInput')
  await c.runtime.flush()
  expect(userTexts(c.runtime, runId)).toEqual(['create one', 'create two'])
  expect((await c.workspace.readTasks()).map((t) => t.title)).toEqual(['one', 'two'])
})
