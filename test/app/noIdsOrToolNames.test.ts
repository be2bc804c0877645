import { afterEach, describe, expect, it } from 'vitest'
import { idsAndToolNames, registryToolNames } from '../helpers/plainWords.ts'
import { chatOrDismissPrompt, typeIntoChat } from '../helpers/terminalChat.ts'
import { type AppHarness, startHarness } from './appHarness.ts'

let h: AppHarness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

/** The terminal chat over the app's own runtime (the offline planner, the sample workspace). */
async function terminal(lines: string[]): Promise<string> {
  h = await startHarness()
  return typeIntoChat(h.runtime, lines, { at: chatOrDismissPrompt })
}

describe('what a person reads in the terminal names no ids and no tool names (#40, 4)', () => {
  it('the scan knows the registry’s names and finds an id or a name where one is', () => {
    expect(registryToolNames()).toContain('delete_task')
    expect(idsAndToolNames('  ✗ delete_task: user_denied')).toHaveLength(1)
    expect(idsAndToolNames('Undo (change 1135884d-ce40-4c1a-9f3e-2d8c6a1b0e47)')).toHaveLength(1)
    expect(idsAndToolNames('Undo deleting the task “Essay”')).toEqual([])
    expect(idsAndToolNames('No note has the id exam-plan', ['exam-plan'])).toHaveLength(1)
    expect(idsAndToolNames('There is no note called “Exam plan”', ['exam-plan'])).toEqual([])
    // Issue #48: files, the chart's and the code's words, and a developer's phrases.
    for (const line of [
      'From lecture-2.md: photosynthesis makes glucose',
      'No MCP servers. Add a mcp.json next to the workspace',
      'MODEL_DONE → awaitingConfirmation',
      'set OTEL_EXPORTER_OTLP_ENDPOINT to send traces',
      'Run started',
      'You edited the arguments',
      'model: offline-planner',
      'Run 2 lines of JavaScript in the sandbox',
    ])
      expect(idsAndToolNames(line), line).not.toEqual([])
    expect(idsAndToolNames('Lecture 2: photosynthesis makes glucose. It is 12.5% of 80.')).toEqual(
      [],
    )
  })

  it('a session of adding, undoing, denying, computing and listing', async () => {
    const written = await terminal([
      'add a task to review chapter 3 by Friday, importance 4',
      'y',
      '/undo',
      'y',
      'add a task to read chapter 5',
      'y',
      'delete the task read chapter 5',
      'n',
      'compute the mean of 80, 83 and 85',
      'y',
      'whats 15% of 80',
      'y',
      'search photosynthesis',
      '/help',
      '/tasks',
    ])
    // The session did what it says (so the scan read real cards, results and answers).
    expect(written).toMatch(/Allow once\?/)
    expect(idsAndToolNames(written)).toEqual([])
    expect(written).toMatch(/82\.67/)
    expect(written).not.toMatch(/82\.666/)
    expect(idsAndToolNames(written)).toEqual([])
  })
  it('a card about a note that does not exist names it as the person did, not by its stored id', async () => {
    const written = await terminal([
      'delete the note Exam plan',
      '',
      'change my note Exam plan to: week 1 cells',
      '',
    ])
    // Both cards were shown and said why there is nothing to allow.
    expect(written.match(/There is no note called “Exam plan”/g)).toHaveLength(2)
    expect(written).toMatch(/dismissed/)
    expect(idsAndToolNames(written, ['exam-plan'])).toEqual([])
  })
})
