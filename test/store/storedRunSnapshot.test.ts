import { describe, expect, it } from 'vitest'
import { parseStoredRunSnapshot } from '../../store/storedRunSnapshot.ts'
import type { CallDescription } from '../../vocabulary/CallDescription.ts'

const description: CallDescription = {
  version: 1,
  headline: 'Mark “Essay” as done',
  target: { kind: 'task', id: 't1', version: 'a'.repeat(64) },
}

// A saved run waiting on a card, as version 2 writes it; `card` is what its context holds.
const saved = (card: { current?: object; pending?: object }) => ({
  version: 2,
  runId: 'r1',
  value: 'awaitingConfirmation',
  lastSeq: 5,
  snapshot: {
    status: 'active',
    value: 'awaitingConfirmation',
    context: { runId: 'r1', messages: [], retiredConfirmationIds: [], ...card },
  },
})

describe('a saved run snapshot, read back through its schema', () => {
  it('keeps the description its card showed', () => {
    const parsed = parseStoredRunSnapshot(
      saved({
        current: { call: { id: 'c1' }, description },
        pending: { confirmationId: 'k1', description },
      }),
      'r1',
    )
    if (typeof parsed === 'string') throw new Error(parsed)
    const context = (parsed.snapshot.snapshot as { context: Record<string, unknown> }).context
    expect(context.current).toMatchObject({ description })
    expect(context.pending).toMatchObject({ description })
  })

  it('reads a run saved before descriptions as it was', () => {
    const parsed = parseStoredRunSnapshot(
      saved({ current: { call: { id: 'c1' } }, pending: { confirmationId: 'k1' } }),
      'r1',
    )
    expect(typeof parsed).toBe('object')
  })

  it('refuses a damaged description rather than show a card it cannot trust', () => {
    const damaged = { ...description, target: { kind: 'planet', id: 't1', version: 'v' } }
    expect(
      parseStoredRunSnapshot(
        saved({ current: { call: { id: 'c1' }, description: damaged } }),
        'r1',
      ),
    ).toBe('it is not a run snapshot of any known version')
  })

  it('reads a conversation saved before reasoning was kept, and keeps a turn’s reasoning', () => {
    const withMessages = (assistant: object) => ({
      ...saved({}),
      snapshot: {
        status: 'active',
        value: 'awaitingInput',
        context: {
          runId: 'r1',
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'assistant', ...assistant },
          ],
          retiredConfirmationIds: [],
        },
      },
    })
    const messagesOf = (raw: object) => {
      const parsed = parseStoredRunSnapshot(raw, 'r1')
      if (typeof parsed === 'string') throw new Error(parsed)
      return (parsed.snapshot.snapshot as { context: { messages: object[] } }).context.messages
    }
    expect(messagesOf(withMessages({ content: 'Hello' })).at(-1)).toEqual({
      role: 'assistant',
      content: 'Hello',
    })
    expect(messagesOf(withMessages({ content: '', reasoning: 'R' })).at(-1)).toEqual({
      role: 'assistant',
      content: '',
      reasoning: 'R',
    })
    expect(parseStoredRunSnapshot(withMessages({ content: '', reasoning: 7 }), 'r1')).toBe(
      'it is not a run snapshot of any known version',
    )
  })
})
