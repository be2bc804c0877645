import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../vocabulary/ChatMessage.ts'
import { converse } from './plannerConversation.ts'
import { failed, ok, planner, request, TASKS, tools, withResults } from './plannerHarness.ts'

const offered = tools([
  'list_tasks',
  'update_task',
  'delete_task',
  'list_memory',
  'forget_memory',
  'list_artifacts',
  'read_artifact',
  'search_workspace',
])

/** The planner's answer after its first two turns ran, the second call getting `second`. */
async function answerAfter(
  text: string,
  first: string,
  second: string,
): Promise<string | undefined> {
  const messages: ChatMessage[] = [{ role: 'user', content: text }]
  const one = await planner.complete(request(messages, offered))
  const listed = withResults(messages, one, [first])
  const two = await planner.complete(request(listed, offered))
  const done = await planner.complete(request(withResults(listed, two, [second]), offered))
  return done.text
}

const memory = ok({
  entries: [
    { id: 'm1', text: 'I study best in the morning', createdAt: '2026-11-01T00:00:00.000Z' },
  ],
})

describe('OfflinePlanner: changes told plainly', () => {
  it('says what it changed, from the real tools’ results', async () => {
    expect((await converse('mark review lecture 1 notes as done')).text).toBe(
      'Marked “Review lecture 1 notes” as done.',
    )
    expect((await converse('move the essay to next Monday')).text).toBe(
      'Moved “Essay on photosynthesis” to Mon 7 Dec 2026.',
    )
    expect((await converse('forget that I study in the morning')).text).toBe(
      'I forgot “I study best in the morning”.',
    )
    expect((await converse('show me what I have to do this week')).text?.split('\n')).toEqual([
      'Your open tasks due by Sun 6 Dec 2026 (3):',
      // In date order (issue #51), whatever order the list came in.
      '- Read chapter 1 (due Tue 1 Dec 2026)',
      '- Review lecture 1 notes (due Wed 2 Dec 2026)',
      '- Review chapter 3 (due Fri 4 Dec 2026, importance 4)',
    ])
    expect((await converse('what do you remember about me?')).text).toBe(
      'Here is what I remember about you:\n- I study best in the morning\n- My exam is on 15 January',
    )
  })

  it('names what it did not do when the person denies, or when the target changed first', async () => {
    const denied = failed('user_denied', 'User denied the requested operation')
    expect(await answerAfter('mark review chapter 3 as done', ok({ tasks: TASKS }), denied)).toBe(
      'OK, I did not mark “Review chapter 3” as done.',
    )
    expect(await answerAfter('forget that I study in the morning', memory, denied)).toBe(
      'OK, I did not forget “I study best in the morning”.',
    )
    const changed = failed('target_changed', 'Task t2 changed after the card was shown')
    expect(
      await answerAfter('move review chapter 3 to friday', ok({ tasks: TASKS }), changed),
    ).toBe(
      'I did not change the task “Review chapter 3”: it changed after you saw the card, so nothing was written. Ask again to see it as it is now.',
    )
  })

  it('says so when nothing matches, and changes nothing', async () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'mark the quantum physics task as done' },
    ]
    const first = await planner.complete(request(messages, offered))
    const next = await planner.complete(
      request(withResults(messages, first, [ok({ tasks: TASKS })]), offered),
    )
    expect(next.toolCalls).toBeUndefined()
    expect(next.text).toBe('No task matched “quantum physics”, so I did not change anything.')
    const forget = await converse('forget that I hate maths')
    expect(forget.calls).toEqual([['list_memory', {}]])
    expect(forget.text).toBe(
      'Nothing I remember matched “I hate maths”, so I did not forget anything.',
    )
  })
})
