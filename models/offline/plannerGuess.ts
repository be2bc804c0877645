/** When no pattern reads a message, the trained classifier's intent decides what it most likely asks for. */

import { stripFiller } from './plannerClauses.ts'
import type { IntentGuess } from './plannerIntentClassifier.ts'
import type { PlannerIntent } from './plannerIntents.ts'
import { parseTaskFields } from './plannerTaskFields.ts'
import { startsWithTaskVerb } from './plannerTaskVerbs.ts'
import { capitalise, cleanPhrase } from './plannerText.ts'
import { fixTypos } from './plannerTypos.ts'

// Below this the classifier is guessing; the planner says what it can do instead.
const SURE = 0.75
const LEADS =
  /^(?:i\s+(?:really\s+)?(?:would\s+like|want|need|have|ought|plan|am\s+going|'m\s+going)\s+to|i\s+should|i\s+must(?:\s+to)?|to)\s+/i

const ASKED_TO_KEEP =
  /\b(?:remember|memori[sz]e|keep\s+in\s+mind|bear\s+in\s+mind|note\s+to\s+self|for\s+the\s+record|fyi|don'?t\s+forget)\b/i

/** The intents a confident guess stands for, or undefined (then the clause parser's reading stays). */
export function intentsFromGuess(
  guess: IntentGuess,
  text: string,
  today: Date,
): PlannerIntent[] | undefined {
  if (guess.score < SURE) return undefined
  const clause = stripFiller(fixTypos(text)).replace(LEADS, '')
  switch (guess.intent) {
    case 'create_task': {
      // A guess is a task only when a task verb and its object were found ("the essay" is not).
      if (!startsWithTaskVerb(clause)) return undefined
      const fields = parseTaskFields(clause, today)
      return fields ? [{ kind: 'create_task', ...fields }] : undefined
    }
    case 'list_tasks':
      return [{ kind: 'list_tasks' }]
    case 'recall_memory':
      return [{ kind: 'list_memory' }]
    case 'remember': {
      // Only what is asked to be kept is remembered: a guess alone never writes to memory.
      if (!ASKED_TO_KEEP.test(text)) return undefined
      const fact = capitalise(
        cleanPhrase(clause.replace(/^(?:remember|note|keep\s+in\s+mind)\s*(?:that|:)?\s*/i, '')),
      )
      return fact === '' ? undefined : [{ kind: 'write_memory', text: fact }]
    }
    default:
      return undefined
  }
}
