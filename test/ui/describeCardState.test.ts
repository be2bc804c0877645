import { describe, expect, it } from 'vitest'
import { describeCardState } from '../../ui/core/describeCardState.ts'

describe('describeCardState', () => {
  it('after a reload, names the rule the user kept with a decision (from the log alone)', () => {
    const text = describeCardState({
      outcome: 'allowed',
      toolName: 'create_task',
      resolution: { decidedBy: 'user', rule: 'kept as a rule: allow create_task for this session' },
    })
    expect(text).toBe('Allowed, and kept as a rule: allow adding tasks for this session.')
  })

  it('says "Allowed once." for a plain allow, and names a deciding rule', () => {
    expect(
      describeCardState({ outcome: 'allowed', toolName: 't', resolution: { decidedBy: 'user' } }),
    ).toBe('Allowed once.')
    expect(
      describeCardState({
        outcome: 'denied',
        toolName: 'write_memory',
        resolution: { decidedBy: 'policy', rule: 'always deny write_memory (rule r1)' },
      }),
    ).toBe('Denied by your rule: always deny remembering things. Nothing was changed.')
  })
})

describe('hosted mode: a card names who decided it', () => {
  // 14:02 on this machine's clock, whatever its time zone.
  const at = new Date(2026, 11, 1, 14, 2).toISOString()
  const alice = { id: 'alice', name: 'Alice' }
  it('Allowed by Alice at 14:02', () => {
    expect(
      describeCardState({
        outcome: 'allowed',
        toolName: 'delete_task',
        resolution: { decidedBy: 'user', decider: alice, at },
      }),
    ).toBe('Allowed by Alice at 14:02.')
  })
  it('a card someone else denied first says who, not only that it no longer waits', () => {
    expect(
      describeCardState({
        outcome: 'denied',
        toolName: 'delete_task',
        resolution: { decidedBy: 'user', decider: { id: 'bob', name: 'Bob' }, at },
        decidedElsewhere: true,
      }),
    ).toBe('Denied on another page or node, first by Bob at 14:02. Nothing was changed.')
  })
  it('a card another page or node decided first says what was decided there, with no one signed in', () => {
    const denied = { decidedBy: 'user' as const, at }
    expect(
      describeCardState({
        outcome: 'denied',
        toolName: 'delete_task',
        resolution: denied,
        decidedElsewhere: true,
      }),
    ).toBe('Denied on another page or node. Nothing was changed.')
    expect(
      describeCardState({
        outcome: 'allowed',
        toolName: 'delete_task',
        resolution: denied,
        decidedElsewhere: true,
      }),
    ).toBe('Allowed on another page or node.')
  })
  it('without a signed-in decider the single-user sentences stay', () => {
    expect(
      describeCardState({ outcome: 'allowed', toolName: 'x', resolution: { decidedBy: 'user' } }),
    ).toBe('Allowed once.')
  })
})
