import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OfflinePlanner } from '../../../models/offline/OfflinePlanner.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import { answerChoices } from '../../../vocabulary/answerChoices.ts'

const planner = new OfflinePlanner({ clock: () => new Date(2026, 11, 1, 10) })
const tools = createToolRegistry().definitions()

// Words with no task verb and no task frame ("add", "remind me", "need to", "todo") among them.
const lead = fc.constantFrom('', 'um ', 'lol ', 'so ', 'ok ', 'honestly ', 'ugh ', 'hey ', 'btw ')
const subject = fc.constantFrom(
  'my flatmate',
  'the lecture',
  'this week',
  'the essay',
  'my tutor',
  'the weather',
  'the exam',
  'biology',
  'my cat',
  'the library',
  'chapter 5',
  'the lab report',
  'dr patel',
)
const verb = fc.constantFrom('was', 'is', 'seems', 'felt', 'ate', 'looked', 'went', 'sounds')
const rest = fc.constantFrom(
  'so stressful',
  'really long',
  'my leftovers again',
  'on friday',
  'tomorrow',
  'great',
  'cancelled',
  'boring',
  'next week',
  'in the morning',
  'a big one',
  'worth a lot of marks',
)
const ask = fc.constantFrom('why is', 'how was', 'what is', 'is', 'when was', 'who is', 'where is')
const chat = fc.constantFrom(
  'hi',
  'thanks',
  'good morning',
  'how are you',
  'lol',
  'nice',
  'that was fun',
  'ok cool',
  'sounds good',
  'see you later',
  'i am tired',
  'i love biology',
  'the essay',
  'chapter 5',
  'my lab report',
  'next monday',
)

/** Sentences, questions and chit-chat in which no task verb and object were said. */
const noTaskAsked = fc.oneof(
  fc.tuple(lead, subject, verb, rest).map(([l, s, v, r]) => `${l}${s} ${v} ${r}`),
  fc.tuple(lead, subject, rest).map(([l, s, r]) => `${l}${s} ${r}`),
  fc.tuple(lead, ask, subject, rest).map(([l, a, s, r]) => `${l}${a} ${s} ${r}?`),
  fc.tuple(lead, chat).map(([l, c]) => `${l}${c}`),
)

describe('a request never becomes a task unless a task verb and its object were found', () => {
  it('proposes no create_task for random sentences, questions and chit-chat', async () => {
    await fc.assert(
      fc.asyncProperty(noTaskAsked, async (said) => {
        const turn = await planner.complete({
          messages: [{ role: 'user', content: said }],
          tools,
          signal: new AbortController().signal,
        })
        const created = (turn.toolCalls ?? []).filter((call) => call.name === 'create_task')
        expect(created, said).toEqual([])
        // Never the message echoed back as a suggestion.
        const words = said.replace(/[?]$/, '').trim()
        if (words.split(' ').length >= 3)
          expect((turn.text ?? '').toLowerCase(), said).not.toContain(words.toLowerCase())
      }),
      { numRuns: 300 },
    )
  })

  it('asked back, no choice offered writes anything but the one that says it adds a task', async () => {
    await fc.assert(
      fc.asyncProperty(noTaskAsked, async (said) => {
        const first = { role: 'user', content: said } as const
        const asked = await planner.complete({
          messages: [first],
          tools,
          signal: new AbortController().signal,
        })
        const offered = answerChoices(asked.text ?? '')?.choices ?? []
        for (const [i, choice] of offered.entries()) {
          // Taken by its number, as the terminal sends it, or by its words, as the page does.
          for (const reply of [String(i + 1), choice]) {
            const turn = await planner.complete({
              messages: [
                first,
                { role: 'assistant', content: asked.text ?? '' },
                { role: 'user', content: reply },
              ],
              tools,
              signal: new AbortController().signal,
            })
            const writes = (turn.toolCalls ?? []).filter((call) => WRITES.has(call.name))
            if (/\badd it as a new task\b/.test(choice))
              expect(
                writes.map((call) => call.name),
                said,
              ).toEqual(['create_task'])
            else expect(writes, `${said} → ${reply}`).toEqual([])
          }
        }
      }),
      { numRuns: 100 },
    )
  })
})

// The tools that change something: a choice that proposes one of these must say so.
const WRITES = new Set(tools.filter((tool) => tool.permission !== 'read').map((tool) => tool.name))
