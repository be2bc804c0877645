import { afterEach, expect, test } from 'vitest'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

// PostgreSQL refuses a NUL byte in text (22021): such ids must be answered at the runtime's
// edge as the ids of nothing, never reach the database as a raw DatabaseError (issue 18, point 3).
test('NUL bytes and other malformed ids on PostgreSQL nodes are run_not_found / confirmation_not_found', async () => {
  const { url } = await freshDatabase()
  const [a, b] = await Promise.all([
    startNode(url, { ownerId: `a-${Math.random()}` }),
    startNode(url, { ownerId: `b-${Math.random()}` }),
  ])
  nodes.push(a, b)
  const runId = a.runtime.startRun({ input: 'create essay outline' })
  await waitForRun(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  const pending = a.runtime.view(runId).pending
  if (pending === undefined) throw new Error('no card')

  const badRuns = ['x\u0000y', `${runId}\u0000`, '../../etc', 'a'.repeat(300)]
  for (const node of [a, b]) {
    for (const bad of badRuns) {
      await expect(node.runtime.open(bad)).rejects.toMatchObject({ code: 'run_not_found' })
      await expect(
        node.runtime.submitConfirmation(bad, pending.confirmationId, 'allow'),
      ).rejects.toMatchObject({ code: 'run_not_found' })
      await expect(node.runtime.command(bad, { kind: 'input', text: 'hi' })).rejects.toMatchObject({
        code: 'run_not_found',
      })
      expect(() => node.runtime.view(bad)).toThrow(
        expect.objectContaining({ code: 'run_not_found' }),
      )
    }
    for (const bad of ['c\u0000', `${pending.confirmationId}\u0000`]) {
      await expect(node.runtime.submitConfirmation(runId, bad, 'allow')).rejects.toMatchObject({
        code: 'confirmation_not_found',
      })
      await expect(
        node.runtime.command(runId, { kind: 'edit', confirmationId: bad, args: {} }),
      ).rejects.toMatchObject({ code: 'confirmation_not_found' })
    }
    await expect(
      node.runtime.submitConfirmation(runId, pending.confirmationId, 'allow', {
        digest: `${pending.digest.slice(1)}\u0000`,
      }),
    ).rejects.toMatchObject({ code: 'confirmation_not_found' })
  }
  // Text with a NUL byte would be refused by the database at the next save: refused at the edge.
  expect(() => a.runtime.startRun({ input: 'plan\u0000' })).toThrow(
    expect.objectContaining({ code: 'invalid_input' }),
  )
  await expect(
    b.runtime.command(runId, { kind: 'cancel', reason: 'x\u0000' }),
  ).rejects.toMatchObject({ code: 'invalid_input' })
  // Nothing was decided: the card is still open, and the right decision still takes.
  expect(a.runtime.view(runId).pending?.confirmationId).toBe(pending.confirmationId)
  await b.runtime.submitConfirmation(runId, pending.confirmationId, 'allow', {
    digest: pending.digest,
  })
  await waitForRun(a.runtime, runId, 'awaitingInput')
  expect((await a.workspace.readTasks()).map((t) => t.title)).toEqual(['essay outline'])
})
