import { describe, expect, it } from 'vitest'
import { formatEvent } from '../../app/formatEvent.ts'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { seedStudy } from '../helpers/studyFixtures.ts'

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
      card({
        toolName: 'run_code',
        payloadJson: JSON.stringify({ code, inputs: ['lecture-2.md'] }),
      }),
    )
    expect(text?.split('\n')).toEqual([
      '  ▶ runs this code in the sandbox; nothing runs until you allow it:',
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
      // Issue #48: a source by its title, as the panel shows it, not by its file name.
      '  reads, and changes nothing in: “Lecture 2”',
    ])
  })

  it('prints nothing extra for other cards', () => {
    expect(
      formatEvent(card({ toolName: 'delete_task', payloadJson: '{"code":"x"}' })),
    ).toBeUndefined()
  })
})

describe('formatEvent: what a card will change, in the terminal', () => {
  it('prints the headline, the field table and the line diff under the card', async () => {
    const ws = new MemoryWorkspace()
    await seedStudy(ws)
    const tools = createCoreToolRegistry()
    const describe = async (name: string, args: object) =>
      tools.describe(tools.prepare('c', name, args), ws)
    const move = await describe('update_task', { id: 't1', due: '2026-12-07' })
    expect(
      formatEvent(card({ toolName: 'update_task', permission: 'write', description: move }))?.split(
        '\n',
      ),
    ).toEqual([
      '  ▸ Change “Essay”: due Fri 4 Dec 2026 → Mon 7 Dec 2026',
      '    Title: Essay (unchanged)',
      '    Due:   Fri 4 Dec 2026 → Mon 7 Dec 2026',
    ])
    const overwrite = await describe('save_artifact', {
      title: 'Exam plan',
      content: 'Revise cells\nThen ecology\nSleep early',
    })
    expect(
      formatEvent(
        card({ toolName: 'save_artifact', permission: 'write', description: overwrite }),
      )?.split('\n'),
    ).toEqual([
      '  ▸ Overwrite your note “Exam plan” (+1 −1 lines)',
      '    line by line: +1 added, −1 removed',
      '      1 │ Revise cells',
      '    − 2 │ Then genetics',
      '    + 2 │ Then ecology',
      '      3 │ Sleep early',
    ])
    const gone = await describe('delete_task', { id: 't1', title: 'Other' })
    expect(
      formatEvent(
        card({ toolName: 'delete_task', permission: 'destructive', description: gone }),
      )?.split('\n'),
    ).toEqual([
      '  ▸ Delete task “Essay”',
      '    ⚠ The request called it “Other”; the task it would delete is “Essay”.',
      '    Title:   Essay',
      '    Due:     Fri 4 Dec 2026',
      '    Done:    no',
      '    Created: Mon 30 Nov 2026',
    ])
  })

  it('says a target that changed before Allow wrote nothing', () => {
    const failed = card({
      kind: 'toolFailed',
      toolName: 'update_task',
      error: { code: 'target_changed', message: 'm' },
    })
    expect(formatEvent(failed)).toBe(
      '  ✗ not done: Change a task. Nothing was written: it changed after the card was shown.',
    )
  })
})

describe('hosted mode: the terminal says who decided', () => {
  it('names the decider and the time, and an approval short of the quorum', () => {
    const at = new Date(2026, 11, 1, 14, 2).toISOString()
    const base = { runId: 'r', seq: 1, at, toolName: 'delete_task' }
    expect(
      formatEvent({
        ...base,
        kind: 'confirmationResolved',
        decision: 'allow',
        decider: { id: 'alice', name: 'Alice' },
      }),
    ).toBe('  ✓ allowed: Delete a task by Alice at 14:02')
    expect(
      formatEvent({
        ...base,
        kind: 'confirmationApproved',
        decider: { id: 'rita', name: 'Rita' },
        approvalsNeeded: 1,
      }),
    ).toBe('  ✓ approved by Rita at 14:02: Delete a task; 1 more needed')
    // The single-user app's own answers need no line.
    expect(
      formatEvent({ ...base, kind: 'confirmationResolved', decision: 'allow' }),
    ).toBeUndefined()
  })
})
