/** The planner's skills, tried in order before the clause parser: the first that knows the request plans the turn. */

import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { mathsSkill } from './plannerMaths.ts'
import { newsSkill } from './plannerNews.ts'
import { notesSkill } from './plannerNotesQA.ts'
import { refEditSkill } from './plannerRefEdits.ts'
import { repeatSkill } from './plannerRepeat.ts'
import type { PlannerSkill, SkillContext } from './plannerSkill.ts'
import { taskCountSkill } from './plannerTaskCount.ts'
import { taskQuestionSkill } from './plannerTaskQuestions.ts'
import { undoSkill } from './plannerUndo.ts'
import { wordProblemSkill } from './plannerWordProblems.ts'

const SKILLS: readonly PlannerSkill[] = [
  undoSkill,
  wordProblemSkill,
  mathsSkill,
  taskQuestionSkill,
  taskCountSkill,
  refEditSkill,
  repeatSkill,
  notesSkill,
  newsSkill,
]

/** The turn of the first skill that knows the request, or undefined for the clause parser. */
export function planWithSkills(context: SkillContext): ModelTurn | undefined {
  for (const skill of SKILLS) {
    const turn = skill(context)
    if (turn !== undefined) return turn
  }
  return undefined
}
