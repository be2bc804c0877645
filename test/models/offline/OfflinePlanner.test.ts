import { describe, expect, it } from 'vitest'
import { ModelError } from '../../../models/ModelError.ts'
import type { ChatMessage } from '../../../vocabulary/ChatMessage.ts'
import {
  ALL_TOOLS,
  afterResults,
  ask,
  calls,
  failed,
  ok,
  planner,
  request,
  TASKS,
  tools,
  withResults,
} from './plannerHarness.ts'

describe('OfflinePlanner: intents', () => {
  it('is named offline-planner', () => {
    expect(planner.name).toBe('offline-planner')
  })

  it.each<[string, unknown]>([
    [
      'add a task to review chapter 3 by Friday, importance 4',
      { title: 'Review chapter 3', due: '2026-12-04', importance: 4 },
    ],
    ['Add task finish lab report tomorrow', { title: 'Finish lab report', due: '2026-12-01' }],
    [
      'remind me to email Sam and Alex on 2026-12-03',
      { title: 'Email Sam and Alex', due: '2026-12-03' },
    ],
    [
      'create a task called revise cells due next friday with priority 2',
      { title: 'Revise cells', due: '2026-12-11', importance: 2 },
    ],
    ['I need to buy a calculator today', { title: 'Buy a calculator', due: '2026-11-30' }],
    ['add a task to call home by Monday', { title: 'Call home', due: '2026-12-07' }],
    ['add a task to plan the week', { title: 'Plan the week' }],
    [
      'please add a task to read chapter 1 and chapter 2',
      { title: 'Read chapter 1 and chapter 2' },
    ],
  ])('%s → create_task', async (text, args) => {
    const turn = await ask(text)
    expect(calls(turn)).toEqual([['create_task', args]])
    expect(turn.toolCalls?.[0]?.arguments).toBe(JSON.stringify(args))
  })

  it.each(['what are my tasks', 'What are my tasks?', 'list tasks', 'show my tasks', 'tasks?'])(
    '%s → list_tasks',
    async (text) => {
      expect(calls(await ask(text))).toEqual([['list_tasks', {}]])
    },
  )

  it.each([
    ['search photosynthesis', 'photosynthesis'],
    ['search for cell membranes', 'cell membranes'],
    ['find mitochondria', 'mitochondria'],
    ['look up Krebs cycle', 'Krebs cycle'],
  ])('%s → search_workspace', async (text, query) => {
    expect(calls(await ask(text))).toEqual([['search_workspace', { query }]])
  })

  it.each([
    ['read lecture-2.md', 'lecture-2.md'],
    ['open lecture-2.md', 'lecture-2.md'],
    ['show me reading-notes.md', 'reading-notes.md'],
  ])('%s → read_source', async (text, path) => {
    expect(calls(await ask(text))).toEqual([['read_source', { path }]])
  })

  it('remember that … → write_memory, capitalised', async () => {
    expect(calls(await ask('remember that I study best in the morning'))).toEqual([
      ['write_memory', { text: 'I study best in the morning' }],
    ])
    expect(calls(await ask('Remember that exams start in January.'))).toEqual([
      ['write_memory', { text: 'Exams start in January' }],
    ])
  })

  it.each([
    'save a note called Exam plan: revise cells first',
    'save artifact Exam plan: revise cells first',
  ])('%s → save_artifact', async (text) => {
    expect(calls(await ask(text))).toEqual([
      ['save_artifact', { title: 'Exam plan', content: 'revise cells first' }],
    ])
  })

  it.each(['delete the task review chapter 3', 'remove task review chapter 3', 'delete task t2'])(
    '%s → list_tasks first, to find the id',
    async (text) => {
      expect(calls(await ask(text))).toEqual([['list_tasks', {}]])
    },
  )

  it('proposes one call per clause in one turn, with unique plan-<n> ids', async () => {
    const turn = await ask(
      'add a task to review chapter 3 by Friday; list my tasks and then search osmosis\nread a.md then remember that I like tea',
    )
    expect(calls(turn)).toEqual([
      ['create_task', { title: 'Review chapter 3', due: '2026-12-04' }],
      ['list_tasks', {}],
      ['search_workspace', { query: 'osmosis' }],
      ['read_source', { path: 'a.md' }],
      ['write_memory', { text: 'I like tea' }],
    ])
    expect(turn.toolCalls?.map((call) => call.id)).toEqual([
      'plan-0',
      'plan-1',
      'plan-2',
      'plan-3',
      'plan-4',
    ])
    expect(turn.text).toBeUndefined()
  })

  it('counts earlier tool calls in the conversation when numbering ids', async () => {
    const earlier: ChatMessage[] = [
      { role: 'user', content: 'list tasks' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'plan-0', name: 'list_tasks', arguments: '{}' }],
      },
      { role: 'tool', toolCallId: 'plan-0', name: 'list_tasks', content: ok({ tasks: [] }) },
      { role: 'assistant', content: 'You have no tasks yet.' },
      { role: 'user', content: 'search cells; search atoms' },
    ]
    const turn = await planner.complete(request(earlier))
    expect(turn.toolCalls?.map((call) => call.id)).toEqual(['plan-1', 'plan-2'])
  })

  it('answers unknown text briefly with the nearest thing it can do, not the whole help', async () => {
    const turn = await ask('what is the meaning of life')
    expect(turn.toolCalls).toBeUndefined()
    expect(turn.text).toBe(
      "I can't answer that myself, but I can look through your notes and sources: try “search meaning life”.",
    )
    const help = await ask('help')
    expect(help.text).toContain('add a task to review chapter 3 by Friday, importance 4')
    expect(help.text).toContain('search photosynthesis')
  })

  it('does not propose a tool the request does not offer', async () => {
    const turn = await ask(
      'add a task to review chapter 3',
      tools(['list_tasks', 'search_workspace']),
    )
    expect(turn.toolCalls).toBeUndefined()
    expect(turn.text).toContain('create_task')
    const help = await ask('hello', tools(['list_tasks']))
    expect(help.text).toContain('what do I have to do this week?')
    expect(help.text).not.toContain('add a task')
  })

  it('proposes the offered tools of a mixed request and mentions the rest at the end', async () => {
    const offered = tools(['list_tasks', 'search_workspace'])
    const messages: ChatMessage[] = [
      { role: 'user', content: 'remember that I like tea; list tasks' },
    ]
    const first = await planner.complete(request(messages, offered))
    expect(calls(first)).toEqual([['list_tasks', {}]])
    const next = await planner.complete(
      request(withResults(messages, first, [ok({ tasks: [] })]), offered),
    )
    expect(next.text).toBe(
      "You have no tasks yet.\nI can't remember things here: the write_memory tool is not available.",
    )
  })

  it('rejects with model_aborted when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await planner
      .complete({
        messages: [{ role: 'user', content: 'list tasks' }],
        tools: ALL_TOOLS,
        signal: controller.signal,
      })
      .catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(ModelError)
    expect((error as ModelError).code).toBe('model_aborted')
  })
})

describe('OfflinePlanner: delete in two steps', () => {
  it('lists, then deletes the best-matching task by id', async () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'delete the task review chapter 3' }]
    const first = await planner.complete(request(messages))
    const listed = withResults(messages, first, [ok({ tasks: TASKS })])
    const second = await planner.complete(request(listed))
    expect(calls(second)).toEqual([['delete_task', { id: 't2', title: 'Review chapter 3' }]])
    expect(second.toolCalls?.[0]?.id).toBe('plan-1')
    const done = await planner.complete(
      request(withResults(listed, second, [ok({ deleted: TASKS[1] })])),
    )
    expect(done.toolCalls).toBeUndefined()
    expect(done.text).toBe('Deleted the task “Review chapter 3”.')
  })

  it.each([
    ['delete task t1', 't1'],
    ['remove task chapter 3 review', 't2'],
    ['delete the task called “email the tutor”', 't3'],
    ['delete the read chapter 1 task', 't1'],
  ])('%s → delete_task %s', async (text, id) => {
    expect(calls(await afterResults(text, [ok({ tasks: TASKS })]))).toEqual([
      ['delete_task', { id, title: TASKS.find((t) => t.id === id)?.title }],
    ])
  })

  it('answers in text when no task matches', async () => {
    const turn = await afterResults('delete the task learn quantum physics', [ok({ tasks: TASKS })])
    expect(turn.toolCalls).toBeUndefined()
    expect(turn.text).toBe('No task matched “learn quantum physics”, so I did not delete anything.')
  })

  it('says it did not delete a task the user declined to delete', async () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'delete the task review chapter 3' }]
    const first = await planner.complete(request(messages))
    const listed = withResults(messages, first, [ok({ tasks: TASKS })])
    const second = await planner.complete(request(listed))
    const denied = failed('user_denied', 'User denied the requested operation')
    const done = await planner.complete(request(withResults(listed, second, [denied])))
    expect(done.toolCalls).toBeUndefined()
    expect(done.text).toBe('OK, I did not delete the task “Review chapter 3”.')
  })

  it('shares one list between a list request and a delete, and shows it', async () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'list my tasks; delete task t1' }]
    const first = await planner.complete(request(messages))
    expect(calls(first)).toEqual([['list_tasks', {}]])
    const listed = withResults(messages, first, [ok({ tasks: TASKS })])
    const second = await planner.complete(request(listed))
    expect(calls(second)).toEqual([['delete_task', { id: 't1', title: 'Read chapter 1' }]])
    const done = await planner.complete(
      request(withResults(listed, second, [ok({ deleted: TASKS[0] })])),
    )
    expect(done.text?.split('\n')[0]).toBe('You have 2 open tasks and 1 done:')
    expect(done.text?.split('\n').at(-1)).toBe('Deleted the task “Read chapter 1”.')
  })
})
