/**
 * Scores the planner on the blind held-out sets (test/models/offline/eval/blind/): written by
 * writers who never read the planner, its rules or its tests, and never tuned on. Prints counts
 * only: a set's misses are not for tuning (`MISSES=file` writes them, for checking a set's fairness).
 */
import { writeFileSync } from 'node:fs'
import { HELDOUT_FINAL_QUESTIONS } from '../test/models/offline/eval/blind/heldoutFinalQuestions.ts'
import { HELDOUT_POLITE_SEVERAL } from '../test/models/offline/eval/blind/heldoutPoliteSeveral.ts'
import { HELDOUT_SECOND_LANGUAGE } from '../test/models/offline/eval/blind/heldoutSecondLanguage.ts'
import { HELDOUT_TEXTING } from '../test/models/offline/eval/blind/heldoutTexting.ts'
import { runCase } from '../test/models/offline/eval/runEval.ts'

const sets = {
  'texting and dictation': HELDOUT_TEXTING,
  'English as a second language': HELDOUT_SECOND_LANGUAGE,
  'polite, indirect, several at once': HELDOUT_POLITE_SEVERAL,
  'questions and follow-ups (kept unseen to the end)': HELDOUT_FINAL_QUESTIONS,
}
const misses: string[] = []
for (const [name, cases] of Object.entries(sets)) {
  let passed = 0
  for (const c of cases) {
    const outcome = await runCase(c)
    if (outcome.ok) passed += 1
    else misses.push(`${name}: ${JSON.stringify(c.say)} → ${outcome.problems.join(' | ')}`)
  }
  console.log(
    `${name}: ${passed}/${cases.length} (${Math.round((passed / cases.length) * 1000) / 10}%)`,
  )
}
if (process.env.MISSES) writeFileSync(process.env.MISSES, `${misses.join('\n')}\n`)
