import { describe, expect, it } from 'vitest'
import { findDate, withoutDate } from '../../../models/offline/plannerChrono.ts'
import { nearWord } from '../../../models/offline/plannerFuzzy.ts'
import { findImportance } from '../../../models/offline/plannerImportance.ts'
import { solveStudyMaths } from '../../../models/offline/plannerMaths.ts'
import { parseNotesRequest } from '../../../models/offline/plannerNotesQA.ts'
import { passagesOf, rankPassages } from '../../../models/offline/plannerPassages.ts'
import { parseRefEdit } from '../../../models/offline/plannerRefEdits.ts'
import { taskReferents } from '../../../models/offline/plannerReferents.ts'
import { parseTaskFields } from '../../../models/offline/plannerTaskFields.ts'
import { latestChangeId } from '../../../models/offline/plannerUndo.ts'
import type { ChatMessage } from '../../../vocabulary/ChatMessage.ts'
import { sampleSources } from '../../../workspace/sampleData.ts'
import { ok, planner, request, task, tools } from './plannerHarness.ts'

// Tuesday 1 December 2026, 10:00 local.
const tuesday = new Date(2026, 11, 1, 10)

describe('dates, read with chrono-node the way a person means them', () => {
  it.each([
    ['buy a lab coat the day after tomorrow', '2026-12-03', 'buy a lab coat'],
    ['finish the lab report by the end of the month', '2026-12-31', 'finish the lab report'],
    ['revise osmosis in a fortnight', '2026-12-15', 'revise osmosis'],
    ['submit the lab report on the 10th', '2026-12-10', 'submit the lab report'],
    ['book a study room for tomorrow evening', '2026-12-02', 'book a study room'],
    ['organise my notes by next wednesday', '2026-12-09', 'organise my notes'],
    ['hand in the worksheet a week from today', '2026-12-08', 'hand in the worksheet'],
    ['call home by tuesday', '2026-12-08', 'call home'],
  ])('%s → %s', (text, due, rest) => {
    const found = findDate(text, tuesday)
    expect(found?.due).toBe(due)
    expect(found && withoutDate(text, found)).toBe(rest)
  })

  it('"next Wednesday" said on a Monday is next week’s; a rate, an exam name or "plan the week" is no date', () => {
    expect(findDate('next wednesday', new Date(2026, 10, 30, 9))?.due).toBe('2026-12-09')
    expect(findDate('read 25 pages an hour', tuesday)).toBeUndefined()
    expect(findDate('study for the SAT', tuesday)).toBeUndefined()
    expect(findDate('plan the week', tuesday)).toBeUndefined()
  })
})

describe('importance and the title that remains', () => {
  it.each([
    [
      'revise chapter 7 on thursday, it is very important',
      { title: 'Revise chapter 7', due: '2026-12-03', importance: 5 },
    ],
    ['pay the library fine, no rush', { title: 'Pay the library fine', importance: 2 }],
    ['print the poster, priority 4', { title: 'Print the poster', importance: 4 }],
    [
      'water the plants tonight, not important',
      { title: 'Water the plants', due: '2026-12-01', importance: 2 },
    ],
    [
      'revise cells due 2026-12-10 priority high',
      { title: 'Revise cells', due: '2026-12-10', importance: 4 },
    ],
  ])('%s', (text, fields) => {
    expect(parseTaskFields(text, tuesday)).toEqual(fields)
  })

  it('says nothing when no importance is said', () => {
    expect(findImportance('revise the notes')).toBeUndefined()
  })
})

describe('typos one keystroke away', () => {
  it('fixes a word the planner listens for, never a word of its own', () => {
    expect(['studdy', 'firday', 'flashcrads', 'dose'].map(nearWord)).toEqual([
      'study',
      'friday',
      'flashcards',
      'does',
    ])
    expect(['moved', 'completed', 'osmosis', 'lectures'].map(nearWord)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })
})

const created = (id: string, title: string, extra: object = {}): ChatMessage[] => [
  {
    role: 'assistant',
    content: '',
    toolCalls: [{ id: `c-${id}`, name: 'create_task', arguments: '{}' }],
  },
  { role: 'tool', toolCallId: `c-${id}`, name: 'create_task', content: ok(task(id, title, extra)) },
]

describe('the conversation: what "it", "that" and "the second one" mean', () => {
  it('is the task last created; a group made together is counted in order; a deleted one is gone', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'remind me to buy milk and to call the bank' },
      ...created('a', 'Buy milk'),
      ...created('b', 'Call the bank'),
    ]
    expect(taskReferents(messages).last?.id).toBe('b')
    expect(taskReferents(messages).group.map((t) => t.id)).toEqual(['a', 'b'])
    const deleted: ChatMessage = {
      role: 'tool',
      toolCallId: 'd',
      name: 'delete_task',
      content: ok({ deleted: task('b', 'Call the bank') }),
    }
    expect(taskReferents([...messages, deleted]).last).toBeUndefined()
  })

  it('reads follow-ups as changes to what is referred to', () => {
    expect(parseRefEdit('actually make it friday', tuesday)).toEqual({
      ref: { kind: 'last' },
      change: { kind: 'update', changes: { due: '2026-12-04' } },
    })
    expect(parseRefEdit('delete the second one', tuesday)).toEqual({
      ref: { kind: 'nth', index: 1 },
      change: { kind: 'delete' },
    })
    expect(parseRefEdit('push it back a day', tuesday)?.change).toEqual({
      kind: 'update',
      changes: {},
      shiftDays: 1,
    })
    expect(parseRefEdit('move the essay to friday', tuesday)).toBeUndefined()
    // A correction that is only a date means the last task; a bare date is not one.
    expect(parseRefEdit('no wait, tuesday', tuesday)).toEqual({
      ref: { kind: 'last' },
      change: { kind: 'update', changes: { due: '2026-12-08' } },
    })
    expect(parseRefEdit('tuesday', tuesday)).toBeUndefined()
  })

  it('asks which task is meant when nothing was made or shown, and changes nothing', async () => {
    const turn = await new (
      planner.constructor as typeof import('../../../models/offline/OfflinePlanner.ts').OfflinePlanner
    )({
      clock: () => tuesday,
    }).complete(request([{ role: 'user', content: 'make it high priority' }]))
    expect(turn.toolCalls).toBeUndefined()
    expect(turn.text).toMatch(/^Which task do you mean\?/)
  })
})

describe('study maths in words', () => {
  it.each([
    ['if I read 25 pages an hour how long will 340 pages take me?', /13\.6 hours \(13 h 36 min\)/],
    ["what's 15% of 80", /is 12\./],
    ['average of 72, 85 and 91', /is 82\.67/],
    ['68 on the midterm worth 40% and 80 on the final worth 60%, overall?', /75\.2/],
    ['how many days until 10 January?', /^40 days/],
    ['what percentage is 42 out of 60?', /70%/],
  ])('%s', (text, answer) => {
    expect(solveStudyMaths(text, tuesday)).toMatch(answer)
  })

  it('leaves a task with numbers in it alone', () => {
    expect(solveStudyMaths('remind me to read 20 pages in 2 days', tuesday)).toBeUndefined()
  })
})

describe('answers from the notes', () => {
  it('ranks the passage that answers the question first, under its heading', () => {
    const passages = Object.entries(sampleSources).flatMap(([name, text], i) =>
      passagesOf(name, text, i * 1000),
    )
    const [best] = rankPassages(passages, 'where does the calvin cycle take place')
    expect(best?.source).toBe('lecture-1.md')
    expect(best?.heading).toMatch(/Calvin cycle \(stroma\)/)
    const [acceptor] = rankPassages(passages, 'what is the final electron acceptor')
    expect(acceptor?.text).toMatch(/Oxygen is the final electron acceptor/)
  })

  it('reads a question, a summary and a note to read out; a question about the world is none', () => {
    expect(parseNotesRequest('what did lecture 2 say about glycolysis?')).toMatchObject({
      kind: 'question',
      queries: ['glycolysis'],
      hint: 'lecture-2',
    })
    expect(parseNotesRequest('summarise the reading notes')).toMatchObject({
      kind: 'summary',
      target: 'reading notes',
    })
    expect(parseNotesRequest('what is the capital of france')).toBeUndefined()
    expect(parseNotesRequest('what do I have due this week?')).toBeUndefined()
  })
})

describe('undo', () => {
  const undoTools = tools(['list_tasks', 'undo_change'])
  const changed: ChatMessage[] = [
    { role: 'user', content: 'mark the essay done' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'u1', name: 'update_task', arguments: '{}' }],
    },
    {
      role: 'tool',
      toolCallId: 'u1',
      name: 'update_task',
      content: ok({ task: task('t1', 'Essay'), changeId: 'ch-7' }),
    },
    { role: 'assistant', content: 'Done.' },
  ]

  it('proposes undo_change with the latest changeId when the tool is offered', async () => {
    const turn = await planner.complete(
      request([...changed, { role: 'user', content: 'undo that' }], undoTools),
    )
    expect(turn.toolCalls?.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['undo_change', { changeId: 'ch-7' }],
    ])
    expect(latestChangeId(changed)).toBe('ch-7')
  })

  it('says there is nothing to undo without a change, and is not a skill without the tool', async () => {
    const nothing = await planner.complete(
      request([{ role: 'user', content: 'take that back' }], undoTools),
    )
    expect(nothing.text).toMatch(/nothing to undo/)
    const without = await planner.complete(
      request([...changed, { role: 'user', content: 'undo that' }]),
    )
    expect(without.toolCalls?.some((c) => c.name === 'undo_change') ?? false).toBe(false)
  })
})
