/** Study maths with several numbers: weights given apart from the marks, a mark needed, totals. */

const NUM = String.raw`(\d+(?:\.\d+)?)`

/** A number as people write it: at most two decimals, no trailing zeros. */
function plain(n: number): string {
  return String(Math.round(n * 100) / 100)
}

/** Each solver reads lower-cased text and answers, or says nothing. */
export const MORE_SOLVERS: readonly ((text: string) => string | undefined)[] = [
  neededAfterPart,
  neededMark,
  percentsOfSum,
  markWeightPairs,
  weightsThenMarks,
  productsSum,
  timeTotal,
  sumOf,
]

function weightedAnswer(marks: readonly (readonly [number, number])[], percent: boolean): string {
  const weight = marks.reduce((a, [, w]) => a + w, 0)
  const total = marks.reduce((a, [m, w]) => a + m * w, 0) / weight
  const unit = percent ? '%' : ''
  const shown = marks.map(([m, w]) => `${plain(m)} × ${plain(w)}${unit}`).join(' + ')
  const over = percent && weight === 100 ? '' : `, over ${plain(weight)}${unit}`
  return `Your weighted mark is ${plain(total)}: ${shown}${over}.`
}

// "quiz 1 = 78 (weight 25%), exam = 66 (weight 50%)", "80 weight 2, 70 weight 1".
function markWeightPairs(text: string): string | undefined {
  const pairs = [
    ...text.matchAll(
      new RegExp(
        String.raw`${NUM}\s*\(?\s*(?:weight(?:ed|ing)?|worth|w)\s*(?:of\s+|:|=)?\s*${NUM}\s*(%?)`,
        'g',
      ),
    ),
  ]
  if (pairs.length < 2) return undefined
  const marks = pairs.map((p) => [Number(p[1]), Number(p[2])] as const)
  if (marks.reduce((a, [, w]) => a + w, 0) === 0) return undefined
  return weightedAnswer(
    marks,
    pairs.every((p) => p[3] === '%'),
  )
}

// "hw is 20%, midterm 30%, final 50%. i got 90, 70 and 80", "i scored 55, 65 and 90 on tests
// weighted 20%, 30% and 50%": as many marks as weights, paired in the order said.
function weightsThenMarks(text: string): string | undefined {
  if (!/\b(?:grade|mark|overall|final|weighted|score|result|average|total)\b/.test(text))
    return undefined
  const weights = [...text.matchAll(/(\d+(?:\.\d+)?)\s*%/g)].map((m) => Number(m[1]))
  const marks = [
    ...text.matchAll(
      /(?<!(?:quiz|test|exam|chapter|assignment|hw|part|unit|lab|week)\s*)\b(\d+(?:\.\d+)?)\b(?!\s*%|\.\d)/g,
    ),
  ].map((m) => Number(m[1]))
  if (weights.length < 2 || marks.length !== weights.length) return undefined
  return weightedAnswer(
    marks.map((m, i) => [m, weights[i] ?? 0] as const),
    true,
  )
}

// "40% of 90 plus 30% of 70 plus 30% of 80": each share, summed.
function percentsOfSum(text: string): string | undefined {
  const parts = [...text.matchAll(new RegExp(String.raw`${NUM}\s*%\s+of\s+${NUM}`, 'g'))]
  if (parts.length < 2) return undefined
  const total = parts.reduce((a, p) => a + (Number(p[1]) * Number(p[2])) / 100, 0)
  return `That is ${plain(total)}: ${parts.map((p) => `${p[1]}% of ${p[2]}`).join(' + ')}.`
}

// "what do I need on the final (worth 40%) to get 70 overall if I have 62 so far".
function neededMark(text: string): string | undefined {
  if (!/\bneed\b/.test(text)) return undefined
  const worth = new RegExp(
    String.raw`(?:worth|weight(?:ed)?|counts?(?:\s+for)?|is)\s*${NUM}\s*%`,
  ).exec(text)
  const target = new RegExp(
    String.raw`(?:get|reach|end\s+(?:up\s+)?with|finish\s+with|pass\s+with|for)\s+(?:an?\s+)?${NUM}\s*%?\s*(?:overall|in\s+total|final)?`,
  ).exec(text)
  const now = new RegExp(
    String.raw`(?:have|got|on|at|averag(?:e|ing))\s+(?:an?\s+)?${NUM}\s*%?\s*(?:so\s+far|now|currently|already|before)`,
  ).exec(text)
  if (!worth || !target || !now) return undefined
  const w = Number(worth[1]) / 100
  if (w <= 0 || w >= 1) return undefined
  const needed = (Number(target[1]) - Number(now[1]) * (1 - w)) / w
  return `You need ${plain(needed)} on it: (${target[1]} − ${now[1]} × ${plain(1 - w)}) ÷ ${plain(w)}.`
}

// "midterm was 62 and worth 40%, what do i need on the final to get 70 overall": the weight is
// the part already marked; the rest of the course is what is left to earn.
function neededAfterPart(text: string): string | undefined {
  if (!/\bneed\b/.test(text)) return undefined
  const part = new RegExp(
    String.raw`(?:was|got|scored|is|of)\s+(?:an?\s+)?${NUM}\s*%?\s*(?:(?:in|on|for)\s+(?:the\s+|my\s+)?[a-z-]+(?:\s+(?:exam|test))?\s*)?(?:,\s*|\s+|\s*\(\s*)(?:and\s+)?(?:it\s+(?:was|is)\s+|it'?s\s+|is\s+|was\s+|which\s+(?:was|is)\s+)?(?:worth|weighted|weight|counts?\s+for|counting\s+for)\s*${NUM}\s*%`,
  ).exec(text)
  const target = new RegExp(
    String.raw`(?:get|reach|end\s+(?:up\s+)?with|finish\s+with|pass\s+with)\s+(?:an?\s+)?${NUM}\s*%?\s*(?:overall|in\s+total|final|for\s+the\s+(?:course|module|class))`,
  ).exec(text)
  if (!part || !target) return undefined
  const w = Number(part[2]) / 100
  if (w <= 0 || w >= 1) return undefined
  const needed = (Number(target[1]) - Number(part[1]) * w) / (1 - w)
  return `You need ${plain(needed)} on the rest: (${target[1]} − ${part[1]} × ${plain(w)}) ÷ ${plain(1 - w)}.`
}

// "4 chapters of 32 pages plus 2 chapters of 18 pages": the sum of each count times its size.
function productsSum(text: string): string | undefined {
  if (!/\b(?:total|how\s+many|altogether|in\s+all|overall)\b/.test(text)) return undefined
  const parts = [
    ...text.matchAll(
      new RegExp(String.raw`${NUM}\s+(?:[a-z]+\s+){1,3}?(?:of|with|x|×)\s+${NUM}\s*([a-z]*)`, 'g'),
    ),
  ]
  if (parts.length < 2) return undefined
  const total = parts.reduce((a, p) => a + Number(p[1]) * Number(p[2]), 0)
  const unit = parts[0]?.[3] ?? ''
  const shown = parts.map((p) => `${p[1]} × ${p[2]}`).join(' + ')
  return `That is ${plain(total)}${unit === '' ? '' : ` ${unit}`} in total: ${shown}.`
}

// "45 min a day for 12 days, how many hours is that".
function timeTotal(text: string): string | undefined {
  const m = new RegExp(
    String.raw`${NUM}\s*(minutes?|mins?|hours?|hrs?|h)\s+(?:a|an|per|each|every)\s+(day|week|session)\s+(?:for|over|during)\s+${NUM}\s+(days?|weeks?|sessions?)`,
  ).exec(text)
  if (!m || !/how\s+(?:many|much|long)|total/.test(text)) return undefined
  const minutes = Number(m[1]) * (m[2]?.startsWith('h') ? 60 : 1) * Number(m[4])
  const hours = minutes / 60
  return `${m[1]} ${m[2]} a ${m[3]} for ${m[4]} ${m[5]} is ${plain(minutes)} minutes, ${plain(hours)} hours (${m[1]} × ${m[4]}).`
}

// "sum of 12.5, 7.25 and 3", "add up 4, 5 and 6", "total of …".
function sumOf(text: string): string | undefined {
  const m =
    /\b(?:sum|total)\s+of\s+([\d.,\s]+(?:and\s+[\d.]+)?)|\badd\s+up\s+([\d.,\s]+(?:and\s+[\d.]+)?)/.exec(
      text,
    )
  const numbers = [...(m?.[1] ?? m?.[2] ?? '').matchAll(/\d+(?:\.\d+)?/g)].map((n) => Number(n[0]))
  if (numbers.length < 2) return undefined
  const sum = numbers.reduce((a, b) => a + b, 0)
  return `${numbers.map(plain).join(' + ')} = ${plain(sum)}.`
}
