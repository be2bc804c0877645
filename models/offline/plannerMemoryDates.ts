/** "when is my exam", "how many days till my exam": a date no task has may be one kept in memory. */

import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { dayText } from '../../vocabulary/humanTime.ts'
import { findDate } from './plannerChrono.ts'
import { dayAfter } from './plannerDates.ts'
import { latestMemoryList } from './plannerMemory.ts'
import { call, type SkillContext } from './plannerSkill.ts'

const SMALL = new Set(['the', 'my', 'our', 'a', 'an', 'is', 'due', 'again', 'day', 'date'])

/** The answer from a remembered entry that names the thing and a date; a `list_memory` call first. */
export function memoryDate(
  context: SkillContext,
  kind: 'when' | 'days',
  target: string,
): ModelTurn | undefined {
  if (!context.available.has('list_memory')) return undefined
  const entries = latestMemoryList(context.sinceUser)
  if (entries === undefined) return call(context, 'list_memory', {})
  const words = target
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !SMALL.has(word))
  if (words.length === 0) return undefined
  for (const entry of entries) {
    const text = entry.text.toLowerCase()
    if (!words.every((word) => text.includes(word))) continue
    const date = findDate(entry.text, context.today)
    if (date === undefined) continue
    const days = Math.round(
      (Date.parse(date.due) - Date.parse(dayAfter(context.today, 0))) / 86_400_000,
    )
    const thing = words.join(' ')
    return {
      text:
        kind === 'days'
          ? `Your ${thing} is in ${days} day${days === 1 ? '' : 's'}, ${dayText(date.due)} (from what I remember: “${entry.text}”).`
          : `Your ${thing} is on ${dayText(date.due)} (from what I remember: “${entry.text}”).`,
    }
  }
  return undefined
}
