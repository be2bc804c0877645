import { describe, expect, it } from 'vitest'
import { describeCardState } from '../../ui/core/describeCardState.ts'

describe('describeCardState', () => {
  it('after a reload, names the rule the user kept with a decision (from the log alone)', () => {
    const text = describeCardState({
      outcome: 'allowed',
      toolName: 'create_task',
      resolution: { decidedBy: 'user', rule: 'kept as a rule: allow create_task for this session' },
    })
    expect(text).toBe('Allowed, and kept as a rule: allow create_task for this session.')
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
    ).toBe('Denied by your rule: always deny write_memory. Nothing was changed.')
  })
})
