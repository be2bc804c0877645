import { expect, test } from 'vitest'
import type { ForeignRun } from '../../runtime/foreignRuns.ts'
import { RunCommands } from '../../runtime/runCommands.ts'
import type { RunCommand, RunCommandInbox, RunCommandOfferResult } from '../../store/RunCommand.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { signal } from '../helpers/signal.ts'

/** An inbox whose every offer waits until the test lets it through. */
function gatedInbox() {
  const offers: { command: RunCommand; release: (result: RunCommandOfferResult) => void }[] = []
  const arrivals = [signal(), signal(), signal()]
  const inbox: RunCommandInbox = {
    offerCommand: (_runId, command) =>
      new Promise((release) => {
        offers.push({ command, release })
        arrivals[offers.length - 1]?.resolve()
      }),
    pendingCommands: async () => [],
    onCommand: () => () => undefined,
    commandOutcome: async () => undefined,
  }
  /** Resolves once the `n`th offer reached the store. */
  const offered = (n: number) => arrivals[n - 1]?.promise
  return { inbox, offers, offered }
}

const followed: ForeignRun = { status: 'awaitingInput', messages: [], log: [] }

test('a follower offers one command of a run at a time, in the order they were sent', async () => {
  const { inbox, offers, offered } = gatedInbox()
  const errors: unknown[] = []
  const commands = new RunCommands({
    inbox,
    tools: createToolRegistry(),
    sessionOf: () => undefined,
    followed: () => followed,
    onError: (error) => errors.push(error),
  })
  expect(commands.offerFollowed('r1', { kind: 'input', text: 'first' })).toBe(true)
  expect(commands.offerFollowed('r1', { kind: 'input', text: 'second' })).toBe(true)
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
  expect(errors).toEqual([])
  commands.close()
})

test('a run not followed here is not offered; a follower refuses what its view rules out', () => {
  const { inbox, offers } = gatedInbox()
  const commands = new RunCommands({
    inbox,
    tools: createToolRegistry(),
    sessionOf: () => undefined,
    followed: (runId) =>
      runId === 'busy'
        ? { ...followed, status: 'thinking' }
        : runId === 'over'
          ? { ...followed, status: 'cancelled' }
          : undefined,
    onError: () => undefined,
  })
  expect(commands.offerFollowed('unknown', { kind: 'cancel' })).toBe(false)
  expect(() => commands.offerFollowed('busy', { kind: 'input', text: 'hi' })).toThrow(
    expect.objectContaining({ code: 'not_awaiting_input' }),
  )
  expect(() => commands.offerFollowed('busy', { kind: 'input', text: ' ' })).toThrow(
    expect.objectContaining({ code: 'invalid_input' }),
  )
  // Cancelling an ended run is nothing to do: nothing is offered.
  expect(commands.offerFollowed('over', { kind: 'cancel' })).toBe(true)
  expect(offers).toEqual([])
  commands.close()
})
