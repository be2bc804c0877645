import { describe, expect, it } from 'vitest'
import { editedFields } from '../../ui/core/editedFields.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'

const at = '2026-12-01T09:00:00.000Z'
let seq = 0
const event = (fields: Partial<AgentEvent>): AgentEvent =>
  ({ runId: 'r', seq: seq++, at, kind: 'confirmationRequired', ...fields }) as AgentEvent

describe('what an edit changed, in the cards’ words', () => {
  it('lists only the rows whose shown value differs, a row that went as (none)', () => {
    const events = [
      event({
        preview: 'Create task “Essay”',
        description: {
          version: 1,
          headline: 'Create task “Essay”',
          fields: [
            { label: 'Title', after: 'Essay' },
            { label: 'Due', after: 'Fri 4 Dec 2026' },
            { label: 'Importance', after: '3 of 5' },
          ],
        },
      }),
      event({ kind: 'callEdited', preview: 'Create task “Essay draft”' }),
      event({
        preview: 'Create task “Essay draft”',
        description: {
          version: 1,
          headline: 'Create task “Essay draft”',
          fields: [
            { label: 'Title', after: 'Essay draft' },
            { label: 'Importance', after: '3 of 5' },
          ],
        },
      }),
    ]
    expect(editedFields(events, 1)).toEqual([
      { label: 'Title', before: 'Essay', after: 'Essay draft' },
      { label: 'Due', before: 'Fri 4 Dec 2026', after: '(none)' },
    ])
  })

  it('without field rows (a server tool), the two cards’ sentences; nothing when they agree', () => {
    const events = [
      event({ preview: 'Write “a.txt” in your files' }),
      event({ kind: 'callEdited', preview: 'Write “b.txt” in your files' }),
      event({ preview: 'Write “b.txt” in your files' }),
    ]
    expect(editedFields(events, 1)).toEqual([
      {
        label: 'What it does',
        before: 'Write “a.txt” in your files',
        after: 'Write “b.txt” in your files',
      },
    ])
    const same = [
      events[0],
      events[1],
      event({ preview: 'Write “a.txt” in your files' }),
    ] as AgentEvent[]
    expect(editedFields(same, 1)).toEqual([])
  })
})
