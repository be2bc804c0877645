import { expect, test } from 'vitest'
import { checkCommand, RunCommands } from '../../runtime/runCommands.ts'
import { singleNode } from '../../runtime/singleNode.ts'
import type { RunCluster } from '../../store/RunCluster.ts'
import type { RunCommand, RunCommandOfferResult } from '../../store/RunCommand.ts'
import { signal } from '../helpers/signal.ts'

/** A cluster whose every command offer waits until the test lets it through. */
function gatedCluster() {
  const offers: { command: RunCommand; release: (result: RunCommandOfferResult) => void }[] = []
  const arrivals = [signal(), signal(), signal()]
  const cluster: RunCluster = {
    ...singleNode(undefined, () => false, 'test'),
    offerCommand: (_runId, command) =>
      new Promise((release) => {
        offers.push({ command, release })
        arrivals[offers.length - 1]?.resolve()
      }),
  }
  /** Resolves once the `n`th offer reached the store. */
  const offered = (n: number) => arrivals[n - 1]?.promise
  return { cluster, offers, offered }
}

test('a follower offers one command of a run at a time, in the order they were sent', async () => {
  const { cluster, offers, offered } = gatedCluster()
  const errors: unknown[] = []
  const commands = new RunCommands({
    cluster,
    edits: undefined as never,
    sessionOf: () => undefined,
    followed: () => ({ status: 'awaitingInput', messages: [], log: [] }),
    onError: (error) => errors.push(error),
  })
  const first = commands.offer('r1', { kind: 'input', text: 'first' })
  const second = commands.offer('r1', { kind: 'input', text: 'second' })
  await offered(1)
  // The second waits until the store has taken the first (a few turns give it every chance).
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
  expect(offers.map((o) => o.command)).toEqual([{ kind: 'input', text: 'first' }])
  offers[0]?.release({ ok: true, id: '1' })
  await offered(2)
  expect(offers.map((o) => o.command)).toEqual([
    { kind: 'input', text: 'first' },
    { kind: 'input', text: 'second' },
  ])
  offers[1]?.release({ ok: true, id: '2' })
  expect(await first).toEqual({ ok: true, id: '1' })
  expect(await second).toEqual({ ok: true, id: '2' })
  expect(errors).toEqual([])
  commands.close()
})

test('a command is refused before it is offered when the run as seen here rules it out', () => {
  expect(() => checkCommand('thinking', 'busy', { kind: 'input', text: 'hi' })).toThrow(
    expect.objectContaining({ code: 'not_awaiting_input' }),
  )
  expect(() => checkCommand('awaitingInput', 'busy', { kind: 'input', text: ' ' })).toThrow(
    expect.objectContaining({ code: 'invalid_input' }),
  )
  expect(checkCommand('awaitingInput', 'ok', { kind: 'input', text: 'hi' })).toBe(true)
  // Cancelling an ended run is nothing to do; an edit is checked by the card's compare-and-set.
  expect(checkCommand('cancelled', 'over', { kind: 'cancel' })).toBe(false)
  expect(checkCommand('thinking', 'live', { kind: 'cancel' })).toBe(true)
  expect(checkCommand('thinking', 'live', { kind: 'edit', confirmationId: 'c', args: '{}' })).toBe(
    true,
  )
})
