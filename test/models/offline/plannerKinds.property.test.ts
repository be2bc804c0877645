import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OfflinePlanner } from '../../../models/offline/OfflinePlanner.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import type { ChatMessage } from '../../../vocabulary/ChatMessage.ts'
import { ok, task, withResults } from './plannerHarness.ts'

const planner = new OfflinePlanner({ clock: () => new Date(2026, 11, 1, 10) })
const tools = createToolRegistry().definitions()

// Names a note may have, several of them a task's title too, so a loose reading would find one.
const NAMES = [
  'Mitochondria',
  'exam plan',
  'Review lecture 1 notes',
  'Buy a calculator',
  'Essay on photosynthesis',
  'flashcards',
  'Krebs cycle',
  'read chapter 5',
]
const TASKS = NAMES.map((title, i) => task(`t${i}`, title, { done: i % 3 === 0 }))
const MEMORY = [
  { id: 'm1', text: 'I study best in the morning', createdAt: '2026-11-30T09:00:00.000Z' },
  { id: 'm2', text: 'My exam is on 15 December', createdAt: '2026-11-30T09:00:00.000Z' },
]
const FACTS = ['I study best at night', 'my exam is on friday', 'I like flashcards', 'the essay']
const TEXT = ['use the mnemonic OIL RIG', 'read chapter 5 again', 'due friday, very important']

const name = fc.constantFrom(...NAMES)
const fact = fc.constantFrom(...FACTS)
const text = fc.constantFrom(...TEXT)
const the = fc.constantFrom('the ', 'my ', '')
const lead = fc.constantFrom('', 'please ', 'pls ', 'can you ', 'hey, ', 'ok ')
const del = fc.constantFrom('delete', 'remove', 'erase', 'get rid of', 'trash', 'drop')

/** Requests that mention only notes or memory, in many shapes. */
const aboutNotesOrMemory = fc.oneof(
  fc.tuple(lead, del, the, name).map(([l, d, t, n]) => `${l}${d} ${t}note ${n}`),
  fc.tuple(lead, del, the, name).map(([l, d, t, n]) => `${l}${d} ${t}${n} note`),
  fc.tuple(lead, del, the, name).map(([l, d, t, n]) => `${l}${d} ${t}note about ${n}`),
  fc.tuple(lead, the, name, name).map(([l, t, a, b]) => `${l}rename ${t}${a} note to ${b}`),
  fc.tuple(lead, the, name, text).map(([l, t, n, x]) => `${l}add to ${t}${n} note: ${x}`),
  fc.tuple(lead, the, name, text).map(([l, t, n, x]) => `${l}append ${x} to ${t}${n} note`),
  fc.tuple(lead, name, text).map(([l, n, x]) => `${l}save a note called ${n}: ${x}`),
  fc.tuple(lead, name, text).map(([l, n, x]) => `${l}jot this down under ${n}: ${x}`),
  fc
    .tuple(lead, the, name, text)
    .map(([l, t, n, x]) => `${l}replace the text of ${t}${n} note with: ${x}`),
  fc.tuple(lead, fact).map(([l, f]) => `${l}forget that ${f}`),
  fc.tuple(lead, fact).map(([l, f]) => `${l}note to self: ${f}`),
  fc.tuple(lead, fact).map(([l, f]) => `${l}remember that ${f}`),
  lead.map((l) => `${l}forget everything you know about me`),
)

// What a tool answers, enough for the planner's next turn.
function resultFor(callName: string): string {
  if (callName === 'list_tasks') return ok({ tasks: TASKS })
  if (callName === 'list_memory') return ok({ entries: MEMORY })
  if (callName === 'list_artifacts') return ok({ artifacts: [] })
  return ok({ changeId: 'c1' })
}

/** Every call the planner proposes for `said`, its results played back, turn by turn. */
async function proposedCalls(said: string): Promise<string[]> {
  let messages: ChatMessage[] = [{ role: 'user', content: said }]
  const names: string[] = []
  for (let turn = 0; turn < 4; turn += 1) {
    const next = await planner.complete({ messages, tools, signal: new AbortController().signal })
    const calls = next.toolCalls ?? []
    if (calls.length === 0) break
    names.push(...calls.map((call) => call.name))
    messages = withResults(
      messages,
      next,
      calls.map((call) => resultFor(call.name)),
    )
  }
  return names
}

describe('a request about notes or memory never proposes a change to a task (issue #40)', () => {
  it('for any such request, its titles shared with tasks, no task is created, changed or deleted', async () => {
    await fc.assert(
      fc.asyncProperty(aboutNotesOrMemory, async (said) => {
        const names = await proposedCalls(said)
        expect(names.filter((n) => /^(?:create|update|delete)_task$/.test(n))).toEqual([])
      }),
      { numRuns: 300, seed: 40 },
    )
  })

  it('the negative: a request about a task of the same name does change it', async () => {
    expect(await proposedCalls('delete the Buy a calculator task')).toContain('delete_task')
    expect(await proposedCalls('delete the note Mitochondria')).toEqual(['delete_note'])
  })
})
