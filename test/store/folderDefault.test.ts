import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createAgentRuntime, ScriptedModel, Workspace, waitForRun } from '../../index.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-default-'))
})
afterEach(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }))

const create = {
  toolCalls: [
    { id: 'c1', name: 'create_task', arguments: JSON.stringify({ title: 'Read ch. 3' }) },
  ],
}

// The README's durability example: the Node entry over a folder workspace, no `store` given.
test('a folder workspace given no store keeps a waiting run, card and all, across a restart', async () => {
  const first = createAgentRuntime({
    model: new ScriptedModel([create]),
    tools: createToolRegistry(),
    workspace: await Workspace.create(dir),
  })
  const runId = first.startRun({ input: 'plan my week' })
  await waitForRun(first, runId, 'awaitingConfirmation')
  const card = first.view(runId).pending
  expect(first.store?.location).toBe(join(dir, 'studypulse.db'))
  await first.close()

  const workspace = await Workspace.open(dir)
  const second = createAgentRuntime({
    model: new ScriptedModel([{ text: 'Added.' }]),
    tools: createToolRegistry(),
    workspace,
  })
  try {
    expect(await second.restore()).toEqual([runId])
    expect(second.view(runId).pending).toEqual(card)
    expect(await workspace.readTasks()).toEqual([])
    await second.submitConfirmation(runId, card?.confirmationId ?? '', 'allow')
    await waitForRun(second, runId, 'awaitingInput')
    expect((await workspace.readTasks()).map((t) => t.title)).toEqual(['Read ch. 3'])
    await expect(
      second.submitConfirmation(runId, card?.confirmationId ?? '', 'allow'),
    ).rejects.toMatchObject({ code: 'confirmation_not_found' })
    expect((await workspace.readTasks()).map((t) => t.title)).toEqual(['Read ch. 3'])
    await second.flush()
    expect((await second.store?.readAudit())?.map((r) => [r.toolCallId, r.outcome])).toEqual([
      ['c1', 'completed'],
    ])
  } finally {
    await second.close()
  }
})

test('with durable: false the Node entry keeps no store, even over a folder', async () => {
  const runtime = createAgentRuntime({
    model: new ScriptedModel([{ text: 'hi' }]),
    tools: createToolRegistry(),
    workspace: await Workspace.create(dir),
    durable: false,
  })
  expect(runtime.store).toBeUndefined()
  await runtime.close()
})

test('an Allow on the folder default is answered once its effect, decision and outcome are committed', async () => {
  const workspace = await Workspace.create(dir)
  const runtime = createAgentRuntime({
    model: new ScriptedModel([create, { text: 'Added.' }]),
    tools: createToolRegistry(),
    workspace,
  })
  try {
    const runId = runtime.startRun({ input: 'plan my week' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const card = runtime.view(runId).pending
    await runtime.submitConfirmation(runId, card?.confirmationId ?? '', 'allow')
    // No wait for the run: the answer came after the commit.
    expect((await workspace.readTasks()).map((t) => t.title)).toEqual(['Read ch. 3'])
    const journal = await runtime.store?.readJournal(runId)
    expect(journal?.map((r) => r.type)).toEqual(['intent', 'outcome'])
  } finally {
    await runtime.close()
  }
})

test("a person's workspace that keeps its records as files (a team's folder app) still runs its Allow: its intent is a save of its own", async () => {
  const person = await Workspace.create(join(dir, 'people', 'p1'))
  const runtime = createAgentRuntime({
    model: new ScriptedModel([create, { text: 'Added.' }]),
    tools: createToolRegistry(),
    workspace: await Workspace.create(dir),
    workspaceFor: async () => person,
  })
  try {
    const runId = runtime.startRun({ input: 'plan my week' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const card = runtime.view(runId).pending
    await runtime.submitConfirmation(runId, card?.confirmationId ?? '', 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect((await person.readTasks()).map((t) => t.title)).toEqual(['Read ch. 3'])
    await runtime.flush()
    expect((await runtime.store?.readJournal(runId))?.map((r) => r.type)).toEqual([
      'intent',
      'outcome',
    ])
  } finally {
    await runtime.close()
  }
})
