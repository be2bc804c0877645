/**
 * Study word problems worked out in the sandbox (`run_code`), read by their parts rather than a
 * phrasing: the mark needed on a final from the parts already marked and their weights; an
 * average of marks said in an earlier sentence, or with one more; how much more reaches a goal.
 * Each program starts with a `// label` the card shows and the answer reuses.
 */

import {
  answered,
  call,
  type PlannerSkill,
  resultsInWords,
  type SkillContext,
} from './plannerSkill.ts'
import { fixTypos } from './plannerTypos.ts'

const N = String.raw`(\d+(?:\.\d+)?)`
const TARGET = new RegExp(
  String.raw`\b(?:to\s+(?:get|finish\s+with|end\s+(?:up\s+)?with|scrape|hit|reach|pass\s+with|achieve|make|land)|for)\s+(?:a\s+|an\s+)?${N}(?![\d.]|\s*%)|\bi\s+need\s+(?:a\s+|an\s+)?${N}\s+to\s+pass\b`,
  'i',
)
const NEEDED =
  /\bwhat\s+(?:mark|score|grade|percentage|result)?\s*(?:do|would|will|must|should)\s+i\s+(?:need|have\s+to\s+get|want)\b|\bwhat\s+(?:mark|score|grade)\s+(?:do\s+i\s+)?need\b|\bhow\s+much\s+(?:do\s+i\s+)?need\b/i
const FINAL = /\b(?:final|exam|its|it's|it\s+is|the\s+other|the\s+rest)\b/i
const WEIGHT = new RegExp(String.raw`${N}\s*(?:%|percent|per\s+cent)|\bthe\s+other\s+${N}\b`, 'i')
const MARK = new RegExp(
  String.raw`\b(?:got|get|have|on|scored|score|received|with|at|mark\s+(?:is|was|of))\s+(?:a\s+|an\s+)?${N}(?![\d.]|\s*(?:%|percent))`,
  'i',
)
const FOLLOW_TARGET =
  /^(?:and\s+|ok(?:ay)?\s+)?(?:what|how)\s+about\s+(?:for\s+|to\s+get\s+)?(?:a\s+|an\s+)?(\d+(?:\.\d+)?)\s*\??$|^(?:and\s+)?(?:for|to\s+get)\s+(?:a\s+|an\s+)(\d+(?:\.\d+)?)\s*\??$/i

/** A program for the mark needed on a final, or undefined when the parts are not all said. */
export function neededMarkProgram(text: string, target?: number): string | undefined {
  if (!NEEDED.test(text)) return undefined
  const segments = text.split(/[.,;?!]+|\s+(?:and|if|but)\s+/i).filter((s) => s.trim() !== '')
  const wanted = target ?? targetOf(text)
  let final: number | undefined
  let pending: number | undefined
  let current: number | undefined
  const parts: [number, number][] = []
  for (const segment of segments) {
    if (TARGET.test(segment) || NEEDED.test(segment)) continue
    const weightMatch = WEIGHT.exec(segment)
    const weight = weightMatch ? Number(weightMatch[1] ?? weightMatch[2]) : undefined
    const markMatch = MARK.exec(segment)
    const mark = markMatch ? Number(markMatch[1]) : undefined
    if (weight !== undefined && mark !== undefined) parts.push([mark, weight])
    else if (weight !== undefined && FINAL.test(segment) && final === undefined) final = weight
    else if (weight !== undefined) pending = weight
    else if (mark !== undefined && pending !== undefined) {
      parts.push([mark, pending])
      pending = undefined
    } else if (mark !== undefined) current = mark
  }
  if (wanted === undefined || final === undefined || final <= 0) return undefined
  if (parts.length === 0 && current !== undefined) parts.push([current, 100 - final])
  if (parts.length === 0) return undefined
  return [
    `// the mark you need on the final to finish with ${wanted}`,
    `const target = ${wanted}`,
    `const finalWeight = ${final}`,
    `const marked = [${parts.map(([mark, weight]) => `[${mark}, ${weight}]`).join(', ')}]`,
    'const sofar = marked.reduce((sum, [mark, weight]) => sum + (mark * weight) / 100, 0)',
    'const needed = (target - sofar) / (finalWeight / 100)',
    'needed',
  ].join('\n')
}

function targetOf(text: string): number | undefined {
  const found = TARGET.exec(text)
  const value = found?.[1] ?? found?.[2]
  return value === undefined ? undefined : Number(value)
}

const AVERAGE_ASKED =
  /\bwhat(?:'s|s|\s+is|\s+would\s+be)?\s+(?:my|the)\s+(?:average|mean)\b|\bmy\s+average\s+(?:be(?:come)?|is)\b/i
const ONE_MORE = new RegExp(
  String.raw`\b(?:score|get|got)\s+(?:a\s+|an\s+)?${N}\s+(?:on|in)\s+the\s+next\b`,
  'i',
)

/** A program for an average of marks said before the question (or one more after it), or undefined. */
export function averageProgram(text: string, before?: string): string | undefined {
  if (!AVERAGE_ASKED.test(text)) return undefined
  const more = ONE_MORE.exec(text)?.[1]
  const said = more !== undefined && before !== undefined ? before : text
  const question = said.search(/[^.?!]*\b(?:average|mean)\b[^.?!]*[.?!]?\s*$/i)
  const marks = numbersIn(more !== undefined ? said : said.slice(0, Math.max(0, question)))
  const values = more !== undefined ? [...marks, Number(more)] : marks
  if (values.length < 2) return undefined
  return [
    `// the mean of ${values.join(', ')}`,
    `const values = [${values.join(', ')}]`,
    'values.reduce((sum, x) => sum + x, 0) / values.length',
  ].join('\n')
}

function numbersIn(text: string): number[] {
  return [...text.matchAll(/(?<![\w.])\d+(?:\.\d+)?(?![\w%])/g)].map((m) => Number(m[0]))
}

const GOAL = new RegExp(
  String.raw`\bhow\s+(?:many|much)\s+more\b.*?\bto\s+(?:hit|reach|get\s+to|make|do)\s+${N}`,
  'i',
)
const SUM = /\d+(?:\.\d+)?(?:\s*[x×*+]\s*\d+(?:\.\d+)?)+/i

/** A program for how much more reaches a goal after a sum done so far, or undefined. */
export function goalProgram(text: string): string | undefined {
  const goal = GOAL.exec(text)?.[1]
  const sum = SUM.exec(text)?.[0]
  if (goal === undefined || sum === undefined) return undefined
  const expression = sum.replace(/\s*[x×]\s*/gi, ' * ').replace(/\s*\+\s*/g, ' + ')
  return [
    `// the amount still needed to reach ${goal}`,
    `const sofar = ${expression}`,
    `${goal} - sofar`,
  ].join('\n')
}

/** The skill: a word problem's program is proposed to run, then its result said in words. */
export const wordProblemSkill: PlannerSkill = (context) => {
  if (!context.available.has('run_code')) return undefined
  const code = programFor(context)
  if (code === undefined) return undefined
  if (answered(context)) return { text: resultsInWords(context) }
  return call(context, 'run_code', { code })
}

function programFor(context: SkillContext): string | undefined {
  const text = fixTypos(context.text)
  const before = context.messages.filter((m) => m.role === 'user').at(-2)?.content
  const follow = FOLLOW_TARGET.exec(text.trim())
  const followTarget = follow?.[1] ?? follow?.[2]
  if (followTarget !== undefined && before !== undefined)
    return neededMarkProgram(fixTypos(before), Number(followTarget))
  return neededMarkProgram(text) ?? averageProgram(text, before) ?? goalProgram(text)
}
