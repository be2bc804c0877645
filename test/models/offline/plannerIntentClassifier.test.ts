import { describe, expect, it } from 'vitest'
import { intentsFromGuess } from '../../../models/offline/plannerGuess.ts'
import { classifyIntent } from '../../../models/offline/plannerIntentClassifier.ts'
import { INTENTS, intentCorpus } from '../../../scripts/planner/intentCorpus.ts'

const tuesday = new Date(2026, 11, 1, 10)

describe('the intent classifier (NLP.js, trained at build time, shipped as data)', () => {
  it('is trained on at least 1,500 utterances covering every intent', () => {
    const corpus = intentCorpus()
    expect(corpus.length).toBeGreaterThanOrEqual(1500)
    expect(new Set(corpus.map(([, intent]) => intent))).toEqual(new Set(INTENTS))
  })

  it.each([
    ['could you remind me to email the tutor friday', 'create_task'],
    ['what are my tasks', 'list_tasks'],
    ['book me a flight to paris for the holidays', 'out_of_scope'],
    ['give me the gist of lecture 2', 'summarize'],
    ['what do you remember', 'recall_memory'],
  ])('reads “%s” as %s, the same way every time', async (text, intent) => {
    const first = await classifyIntent(text)
    expect(first.intent).toBe(intent)
    expect(await classifyIntent(text)).toEqual(first)
  })

  it('a confident guess becomes intents with slots; an unsure one leaves the message to the rest', () => {
    expect(
      intentsFromGuess(
        { intent: 'create_task', score: 0.9 },
        'cook dinner for the flatmates on friday',
        tuesday,
      ),
    ).toEqual([{ kind: 'create_task', title: 'Cook dinner for the flatmates', due: '2026-12-04' }])
    expect(
      intentsFromGuess({ intent: 'create_task', score: 0.5 }, 'cook dinner', tuesday),
    ).toBeUndefined()
    expect(
      intentsFromGuess({ intent: 'out_of_scope', score: 1 }, 'order a pizza', tuesday),
    ).toBeUndefined()
  })
})
