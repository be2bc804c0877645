import { describe, expect, it } from 'vitest'
import { OfflinePlanner } from '../../../models/offline/OfflinePlanner.ts'
import { parseFirst } from '../../../models/offline/plannerParseFirst.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import type { ChatMessage } from '../../../vocabulary/ChatMessage.ts'
import { calls, ok, request, task, tools, withResults } from './plannerHarness.ts'

const tuesday = new Date(2026, 11, 1, 10)
const sunday = new Date(2026, 11, 6, 10)
const all = [...createToolRegistry().definitions()]
const on = (day: Date) => new OfflinePlanner({ clock: () => day })
const user = (content: string): ChatMessage => ({ role: 'user', content })

describe('parse first: what is not content leaves before an intent is chosen', () => {
  it.each([
    [
      'um so i need to like revise the krebs cycle on friday i think yeah',
      'i need to revise the krebs cycle on friday',
    ],
    ['would it be possible to add a task to email dr patel', 'add a task to email dr patel'],
    ['I was wondering if you could remind me to book a room', 'remind me to book a room'],
    ['do the needful and add a task to renew my pass', 'add a task to renew my pass'],
    ['remind me 2 call mum tmrw!!!', 'remind me to call mum tomorrow'],
    ['could you maybe add buy printer ink b4 fri', 'add buy printer ink before fri'],
    ['Would you mind adding a task to book a room', 'add a task to book a room'],
    [
      'remind me to hand in the form on thursday no wait friday',
      'remind me to hand in the form on friday',
    ],
    [
      'add a task to call the bank on monday, sorry I mean tuesday',
      'add a task to call the bank on tuesday',
    ],
    [
      'need to submit the writeup next thursday, its a big one',
      'need to submit the writeup next thursday, it is important',
    ],
    ['my lab report is due thursday, pls add it', 'add a task to my lab report due thursday'],
    ['good news the lab report got pushed back to next monday', 'move lab report to next monday'],
    [
      'i sorted the extension thing with dr patel in person so scrap that task',
      'delete the task extension',
    ],
    ['ok just handed the essay in, tick it off', 'mark essay as done'],
    [
      'the past paper doesnt really have a deadline, take the date off',
      'remove the due date from past paper',
    ],
    // Round four: a frame known by its shape, weak corrections of a day, more news.
    [
      'I would be grateful if you could add a reminder to collect my transcript',
      // Round five: what a frame leaves is read again, so "add a reminder to" is said plainly.
      'remind me to collect my transcript',
    ],
    ['so yeah i was thinking maybe u could remind me to ring nan', 'remind me to ring nan'],
    // Round five: word order, prepositions and short forms (plannerRephrase.ts).
    ['the essay please move it for saturday', 'move the essay to saturday'],
    ['calculator task you can erase it', 'delete calculator task'],
    ['mv essay 2 fri', 'move essay to fri'],
    ['the deadline of read chapter 5 is when?', 'when is read chapter 5 due'],
    ['the essay, when is it due?', 'when is the essay due?'],
    ['add task revise chapter 8 in friday', 'add task revise chapter 8 on friday'],
    ['on monday I must to pay the rent, add please', 'add a task to I must pay the rent on monday'],
    ['Could I ask you to move the essay to Friday, please?', 'move the essay to Friday'],
    [
      'I was hoping you could set a reminder for me to call the landlord',
      'remind me to call the landlord',
    ],
    ['could you add: 1. buy folders 2. print notes', 'add 2 tasks: buy folders, print notes'],
    ['what did you add yesterday', 'what did you add yesterday'],
    ['add go to the careers fair thursday, sorry friday', 'add go to the careers fair friday'],
    ['move the essay to friday no wait saturday', 'move the essay to saturday'],
    ['delete buy a calculator, no wait, mark it done', 'mark buy a calculator done'],
    ['just bought the calculator, u can tick that off', 'mark calculator as done'],
    ['prof said the essay is now due on the 14th', 'move essay to the 14th'],
    ['gonna need a reminder to book my flu jab', 'remind me to book my flu jab'],
  ])('%s → %s', (said, meant) => {
    expect(parseFirst(said, tuesday)).toBe(meant)
  })

  it('leaves a note’s body and code as they are', () => {
    expect(parseFirst('save a note called Lol: um so like, yeah', tuesday)).toBe(
      'save a note called Lol: um so like, yeah',
    )
    expect(parseFirst('run: console.log("um")', tuesday)).toBe('run: console.log("um")')
  })
})

describe('ask back instead of guessing', () => {
  it('asks what to do with a thing named, with numbered choices, and a number picks one', async () => {
    const first = [user('the essay')]
    const asked = await on(tuesday).complete(request(first, all))
    expect(asked.toolCalls).toBeUndefined()
    expect(asked.text).toMatch(/^What would you like me to do with that\?\n1\. .+\n2\. .+\n3\. /)
    const reply = [...first, { role: 'assistant', content: asked.text ?? '' } as const, user('2')]
    expect(calls(await on(tuesday).complete(request(reply, all)))).toEqual([
      ['search_workspace', { query: 'essay' }],
    ])
  })

  it('never offers the message back as a task, and proposes no change, for chit-chat', async () => {
    for (const said of [
      'lol my flatmate ate my leftovers again',
      'book me a flight to paris for the holidays',
    ]) {
      const turn = await on(tuesday).complete(request([user(said)], all))
      expect(turn.toolCalls).toBeUndefined()
      expect(turn.text).not.toMatch(/add a task to \w/)
      expect(turn.text).toMatch(/\n1\. [\s\S]*\n2\. /)
    }
    // A feeling about the week may show the week's list; it never becomes a task.
    const feeling = await on(tuesday).complete(
      request([user('ugh this week is so stressful')], all),
    )
    expect(calls(feeling).map(([name]) => name)).not.toContain('create_task')
  })

  it('asks which task when a delete names none', async () => {
    const turn = await on(tuesday).complete(request([user('delete my task')], all))
    expect(turn.toolCalls).toBeUndefined()
    expect(turn.text).toMatch(/^Which task should I delete\?/)
  })
})

describe('questions, counts and follow-ups', () => {
  const week = [
    task('t1', 'Essay', { due: '2026-12-08', importance: 4 }),
    task('t2', 'Lab report', { due: '2026-12-12' }),
    task('t3', 'Old reading', { due: '2026-11-20' }),
  ]

  it('"whats due this week?" on a Sunday asks for the week ahead, to next Sunday', async () => {
    expect(calls(await on(sunday).complete(request([user('whats due this week?')], all)))).toEqual([
      ['list_tasks', { due_to: '2026-12-13', done: false }],
    ])
  })

  it('"how many are overdue" answers a number', async () => {
    const messages = [user('how many are overdue')]
    const first = await on(tuesday).complete(request(messages, all))
    expect(calls(first)).toEqual([['list_tasks', { due_to: '2026-11-30', done: false }]])
    const overdue = [week[2]]
    const next = await on(tuesday).complete(
      request(withResults(messages, first, [ok({ tasks: overdue })]), all),
    )
    expect(next.text).toBe('You have 1 open task due by Mon 30 Nov 2026.')
  })

  it('"what notes have i got so far" lists the notes', async () => {
    expect(
      calls(await on(tuesday).complete(request([user('what notes have i got so far')], all))),
    ).toEqual([['list_artifacts', {}]])
  })

  it('"wait no undo that, i want the old version back" is an undo', async () => {
    const changed: ChatMessage[] = [
      user('mark the essay done'),
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'u1', name: 'update_task', arguments: '{}' }],
      },
      {
        role: 'tool',
        toolCallId: 'u1',
        name: 'update_task',
        content: ok({ task: week[0], changeId: 'ch-9' }),
      },
      { role: 'assistant', content: 'Done.' },
    ]
    for (const said of ['wait no undo that, i want the old version back', 'ugh no, undo that']) {
      const turn = await on(tuesday).complete(
        request([...changed, user(said)], tools(['list_tasks', 'undo_change'])),
      )
      expect(calls(turn)).toEqual([['undo_change', { changeId: 'ch-9' }]])
    }
  })
})
