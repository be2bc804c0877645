import { afterEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { storedTask } from '../helpers/studyFixtures.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'
import { typeIntoChat } from '../helpers/terminalChat.ts'

let runtime: AgentRuntime | undefined
let dispose: () => Promise<void> = async () => {}
afterEach(async () => {
  await runtime?.flush()
  await dispose()
})

// The attack of issue #41 (1): a carriage return, "cursor up", "erase line" and a bell make the
// delete card's lines read as a harmless one; a right-to-left override reorders what follows.
const hostileTitle =
  'Old notes\r\u001b[1A\u001b[2K  → mark_done [WRITE]\r\u001b[2K  ▸ Mark “Old notes” as done\u0007\u202Egnp.exe\u009b2K'

/** A terminal chat over a workspace holding the hostile task; the model proposes deleting it. */
async function chat(lines: string[]): Promise<string> {
  const temp = await tempWorkspace()
  dispose = temp.dispose
  await temp.ws.upsertTask(storedTask('t1', hostileTitle))
  const model = new ScriptedModel((request) =>
    request.messages.at(-1)?.role === 'tool'
      ? { text: `I left “${hostileTitle}” alone.` }
      : { toolCalls: [{ id: 'c1', name: 'delete_task', arguments: '{"id":"t1"}' }] },
  )
  runtime = makeRuntime(model, temp.ws)
  return typeIntoChat(runtime, lines)
}

describe('the terminal prints data, never control characters from it (#41, 1)', () => {
  it('a delete card, the answer and /tasks show the escapes as text; only our line breaks act', async () => {
    const written = await chat(['delete the old notes', 'n', '/tasks'])
    // Every control (C0, C1) and format character (bidi, zero-width) but the newline is escaped.
    expect(written.match(/[^\n\P{Cc}]|\p{Cf}/gu) ?? []).toEqual([])
    expect(written).toContain('<U+000D><U+001B>[1A<U+001B>[2K')
    expect(written).toContain('<U+0007><U+202E>gnp.exe<U+009B>2K')
    // The card still says what it does, on its own line, with the whole (escaped) title.
    expect(written).toMatch(/ {2}→ Delete a task \[DESTRUCTIVE\]$/m)
    expect(written).toMatch(/^ {2}▸ .*Old notes<U\+000D><U\+001B>\[1A/m)
    expect(written).toContain('I left “Old notes<U+000D>')
    // /tasks lists the title escaped as well.
    expect(written).toMatch(/ {2}• Old notes<U\+000D>/m)
  })
})

describe('visibleText, the one rule both faces call', () => {
  it('keeps text as it is when nothing in it is hidden, emoji joined by U+200D included', async () => {
    const { visibleText } = await import('../../vocabulary/visibleText.ts')
    for (const plain of ['Essay on Kant', 'Lernplan für Prüfung\n\tTag 2', '👨‍👩‍👧 ❤️‍🔥', 'مرحبا'])
      expect(visibleText(plain)).toBe(plain)
    expect(visibleText('a\r\nb')).toBe('a\nb')
    expect(visibleText('a\nb', 'mark')).toBe('a ⏎ b')
    expect(visibleText('x\u200by\u2066z\u2028')).toBe('x<U+200B>y<U+2066>z<U+2028>')
  })
})

describe('the terminal flags look-alike letters as the page does', () => {
  it('a card about “pаypal” (Cyrillic а) says so', async () => {
    const { formatEvent } = await import('../../app/formatEvent.ts')
    const line = formatEvent({
      runId: 'r',
      seq: 1,
      at: '2026-11-30T09:00:00.000Z',
      kind: 'confirmationRequired',
      toolName: 'create_task',
      permission: 'write',
      preview: 'Add task “Log in to p\u0430ypal”',
    })
    expect(line).toContain('⚠ Mixed alphabets: “pаypal” (Latin and Cyrillic)')
  })
})

describe('npm run audit prints data escaped too', () => {
  it('a preview holding an escape sequence prints as text', async () => {
    const { formatAudit } = await import('../../app/formatAudit.ts')
    const lines = formatAudit([
      {
        at: '2026-11-30T09:00:05.000Z',
        runId: 'r1',
        toolCallId: 'c1',
        toolName: 'delete_task',
        permission: 'destructive',
        preview: `Delete task “${hostileTitle}”`,
        decision: 'deny',
        decidedBy: 'user',
        outcome: 'denied',
        code: 'user_denied',
      },
    ]).join('\n')
    expect(lines.match(/[^\n\P{Cc}]|\p{Cf}/gu) ?? []).toEqual([])
    expect(lines).toContain('Old notes<U+000D><U+001B>[1A')
  })
})
