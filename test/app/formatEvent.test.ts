import { describe, expect, it } from 'vitest'
import { formatEvent } from '../../app/formatEvent.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'

const card = (over: Partial<AgentEvent>): AgentEvent => ({
  runId: 'r1',
  seq: 3,
  at: '2026-11-30T09:00:00.000Z',
  kind: 'confirmationRequired',
  toolCallId: 'c1',
  confirmationId: 'k1',
  permission: 'execute',
  ...over,
})

describe('formatEvent: run_code cards in the terminal', () => {
  it('prints the whole program with line numbers before the question', () => {
    const code = Array.from({ length: 10 }, (_, i) => `line${i + 1}()`).join('\n')
    const text = formatEvent(
      card({ toolName: 'run_code', payloadJson: JSON.stringify({ code, inputs: ['a.md'] }) }),
    )
    expect(text?.split('\n')).toEqual([
      '  ▶ runs code on this computer (sandboxed); nothing runs until you allow it:',
      '     1 │ line1()',
      '     2 │ line2()',
      '     3 │ line3()',
      '     4 │ line4()',
      '     5 │ line5()',
      '     6 │ line6()',
      '     7 │ line7()',
      '     8 │ line8()',
      '     9 │ line9()',
      '    10 │ line10()',
      '  reads (read-only): a.md',
    ])
  })

  it('prints nothing extra for other cards', () => {
    expect(
      formatEvent(card({ toolName: 'delete_task', payloadJson: '{"code":"x"}' })),
    ).toBeUndefined()
  })
})
