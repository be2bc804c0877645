import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../vocabulary/ChatMessage.ts'
import { idsAndToolNames } from '../../helpers/plainWords.ts'
import {
  afterResults,
  failed,
  ok,
  planner,
  request,
  TASKS,
  task,
  withResults,
} from './plannerHarness.ts'

describe('OfflinePlanner: summaries', () => {
  it('create_task ok', async () => {
    const created = task('t9', 'Review chapter 3', { due: '2026-12-04', importance: 4 })
    const turn = await afterResults('add a task to review chapter 3 by Friday, importance 4', [
      ok(created),
    ])
    expect(turn).toEqual({
      text: 'Added “Review chapter 3” to your tasks (due Fri 4 Dec 2026, importance 4).',
    })
  })

  it('list_tasks ok, with done tasks marked, and empty', async () => {
    const turn = await afterResults('what are my tasks', [ok({ tasks: TASKS })])
    expect(turn.text).toBe(
      [
        'You have 2 open tasks and 1 done:',
        '- Read chapter 1 (due Tue 1 Dec 2026)',
        '- Review chapter 3 (due Fri 4 Dec 2026, importance 4)',
        '- Email the tutor (done)',
      ].join('\n'),
    )
    expect((await afterResults('list tasks', [ok({ tasks: [] })])).text).toBe(
      'You have no tasks yet.',
    )
  })

  it('search_workspace ok: count and the first five; and none', async () => {
    const matches = Array.from({ length: 7 }, (_, i) => ({
      kind: 'source',
      ref: `s${i}`,
      title: `notes-${i}.md`,
      snippet: `…light drives photosynthesis ${i}…`,
    }))
    const turn = await afterResults('search photosynthesis', [
      ok({ query: 'photosynthesis', total: 7, matches }),
    ])
    const lines = turn.text?.split('\n') ?? []
    expect(lines[0]).toBe('I found 7 matches for “photosynthesis”:')
    expect(lines[1]).toBe('- notes-0.md: …light drives photosynthesis 0…')
    expect(lines).toHaveLength(7)
    expect(lines[6]).toBe('…and 2 more.')
    const none = await afterResults('search osmosis', [ok({ query: 'osmosis', matches: [] })])
    expect(none.text).toBe('Nothing in your workspace mentions “osmosis”.')
  })

  it('search_workspace ok: a long excerpt is cut between words (issue #48)', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `chlorophyll${i}`).join(' ')
    const match = { kind: 'source', ref: 'lecture-1.md', title: 'Lecture 1', snippet: words }
    const turn = await afterResults('search photosynthesis', [
      ok({ query: 'photosynthesis', total: 1, matches: [match] }),
    ])
    const line = turn.text?.split('\n')[1] ?? ''
    const shown = /^- Lecture 1: …(.*)…$/.exec(line)?.[1] ?? ''
    expect(shown.length).toBeGreaterThan(80)
    for (const word of shown.split(' ')) expect(words.split(' ')).toContain(word)
  })

  it('read_source ok: the first 12 lines and a note when cut', async () => {
    const content = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n')
    const turn = await afterResults('read lecture-2.md', [ok({ path: 'lecture-2.md', content })])
    const lines = turn.text?.split('\n') ?? []
    expect(lines[0]).toBe('Here is Lecture 2:')
    expect(lines.slice(1, 13)).toEqual(Array.from({ length: 12 }, (_, i) => `line ${i + 1}`))
    expect(lines[13]).toBe('(Showing the first 12 of 20 lines.)')
    const short = await afterResults('read a.md', [ok({ path: 'a.md', content: '# A\nshort' })])
    expect(short.text).toBe('Here is A:\n# A\nshort')
  })

  it('an answer from the sources names each by its title, never its file (issue #48)', async () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'what is glycolysis?' }]
    const search = await planner.complete(request(messages))
    const match = { kind: 'source', ref: 'lecture-2.md', title: 'Lecture 2', snippet: 'glycolysis' }
    const searched = withResults(
      messages,
      search,
      search.toolCalls?.map(() => ok({ query: 'glycolysis', matches: [match] })) ?? [],
    )
    const read = await planner.complete(request(searched))
    expect(read.toolCalls?.map((c) => c.name)).toEqual(['read_source'])
    const content =
      '# Lecture 2\n\n## Glycolysis\nGlycolysis splits glucose into two pyruvate in the cytoplasm.\n'
    const answer = await planner.complete(
      request(withResults(searched, read, [ok({ path: 'lecture-2.md', content })])),
    )
    expect(answer.text).toContain('From Lecture 2')
    expect(idsAndToolNames(answer.text ?? '')).toEqual([])
  })

  it('write_memory, save_artifact and delete_task ok', async () => {
    const memory = {
      id: 'm1',
      text: 'I study best in the morning',
      createdAt: '2026-11-30T09:00:00Z',
    }
    expect(
      (await afterResults('remember that I study best in the morning', [ok(memory)])).text,
    ).toBe("I'll remember that: I study best in the morning.")
    expect(
      (
        await afterResults('save a note called Exam plan: revise cells first', [
          ok({ name: 'exam-plan', title: 'Exam plan' }),
        ])
      ).text,
    ).toBe('Saved “Exam plan” to your notes.')
  })

  it('user_denied: says what it did not do, from the proposed arguments', async () => {
    const denied = failed('user_denied', 'User denied the requested operation')
    expect((await afterResults('add a task to review chapter 3', [denied])).text).toBe(
      'OK, I did not create the task “Review chapter 3”.',
    )
    expect((await afterResults('remember that I like tea', [denied])).text).toBe(
      'OK, I did not save “I like tea” to memory.',
    )
  })

  it('other errors: I could not <action>: <message>', async () => {
    const turn = await afterResults('read missing.md', [
      failed('source_not_found', 'No source called missing.md'),
    ])
    expect(turn.text).toBe('I could not open missing.md: No source called missing.md.')
  })

  it('summarises several results in order, one line per call', async () => {
    const turn = await afterResults('add a task to call home; remember that I like tea', [
      ok(task('t9', 'Call home')),
      failed('user_denied', 'User denied the requested operation'),
    ])
    expect(turn.text).toBe(
      'Added “Call home” to your tasks.\nOK, I did not save “I like tea” to memory.',
    )
  })

  it('never throws on odd tool content or missing fields', async () => {
    const turn = await afterResults('list tasks; search cells; read a.md', [
      'not json',
      ok({ unexpected: true }),
      ok(null),
    ])
    expect(turn.toolCalls).toBeUndefined()
    expect(turn.text?.split('\n')).toEqual([
      'I tried listing your tasks, but I could not read what came of it.',
      'I searched for “cells”, but could not read the results.',
      'I opened A, but could not read its content.',
    ])
    const strange: ChatMessage[] = [
      { role: 'user', content: 'list tasks' },
      { role: 'tool', toolCallId: 'ghost', name: 'mystery', content: '{"ok":false}' },
    ]
    expect(await planner.complete(request(strange))).toEqual({
      text: 'I could not use mystery.',
    })
  })

  it('answers with help when there is no user message', async () => {
    const turn = await planner.complete(request([{ role: 'system', content: 'hi' }]))
    expect(turn.toolCalls).toBeUndefined()
    expect(turn.text).toContain('offline planner')
  })
})
