import { describe, expect, it } from 'vitest'
import { formatAudit } from '../../app/formatAudit.ts'
import { momentText } from '../../vocabulary/humanTime.ts'

describe('formatAudit', () => {
  it('says who decided what and what came of it', () => {
    const lines = formatAudit([
      {
        at: '2026-11-30T09:00:05.000Z',
        runId: 'r1',
        toolCallId: 'c1',
        toolName: 'create_task',
        permission: 'write',
        digest: 'abcdef0123456789',
        preview: 'Create task “Read”',
        decision: 'allow',
        decidedBy: 'policy',
        rule: 'allow create_task for this session',
        outcome: 'completed',
      },
      {
        at: '2026-11-30T09:01:00.000Z',
        runId: 'r1',
        toolCallId: 'c2',
        toolName: 'delete_task',
        permission: 'destructive',
        decision: 'deny',
        decidedBy: 'user',
        outcome: 'denied',
        code: 'user_denied',
      },
    ])
    // The app's one date and time format (local time), the tool's action in words.
    expect(lines[0]).toContain(
      `${momentText('2026-11-30T09:00:05.000Z')}  WRITE       Create task “Read”`,
    )
    expect(lines[0]).toContain('allowed by rule: allow adding tasks for this session → done')
    expect(lines[1]).toContain('DESTRUCTIVE')
    expect(lines[1]).toContain('denied by you → denied')
  })

  it('says a card a cancel closed was decided by nobody, and why it closed', () => {
    const [line] = formatAudit([
      {
        at: '2026-11-30T09:02:00.000Z',
        runId: 'r1',
        toolCallId: 'c3',
        toolName: 'files__write_file',
        permission: 'write',
        confirmationId: 'k3',
        outcome: 'cancelled',
        code: 'asker_gone',
      },
    ])
    expect(line).toContain('nobody → closed unanswered (asker_gone)')
  })

  it('says so when there is nothing yet', () => {
    expect(formatAudit([])).toEqual(['No decisions yet: nothing that writes has been proposed.'])
  })
})
