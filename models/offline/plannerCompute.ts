/**
 * Turning "compute …" questions into small JavaScript programs for `run_code`. Every program starts
 * with a `// label` comment saying what it computes, which the card shows and the answer reuses.
 */

const NUMBER = /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?$/i
const STAT =
  /^(?:the\s+)?(mean|average|avg|sum|total|median|max(?:imum)?|largest|highest|biggest|min(?:imum)?|smallest|lowest|product|range|standard\s+deviation|std(?:\s+dev)?)\s+(?:value\s+)?(?:of\s+)?(.+)$/i
const CONVERT =
  /^how\s+many\s+(seconds|minutes|hours|days)\s+(?:are|is|make|in|are\s+there\s+in|is\s+there\s+in)\s+(.+)$/i
const CONVERT_SUFFIX = /^(.+?)\s+(?:in|to|into|as)\s+(seconds|minutes|hours|days)$/i
const PERCENT = /^([\d.]+)\s*(?:%|percent|per\s+cent)\s+of\s+([\d.]+)$/i
const UNIT_SECONDS: ReadonlyMap<string, number> = new Map([
  ['d', 86400],
  ['h', 3600],
  ['m', 60],
  ['s', 1],
])

/** A program for a compute question, or undefined when the words are not one the planner can turn into code. */
export function computeProgram(question: string): string | undefined {
  const text = question
    .trim()
    .replace(/[?.!]+$/, '')
    .trim()
  return stats(text) ?? conversion(text) ?? percent(text) ?? arithmetic(text)
}

/** The label of a program written by `computeProgram` (its first-line comment), if it has one. */
export function programLabel(code: string): string | undefined {
  const label = /^\/\/ (.+)$/m.exec(code.split('\n')[0] ?? '')?.[1]?.trim()
  return label === '' ? undefined : label
}

function stats(text: string): string | undefined {
  const match = STAT.exec(text)
  const values = match?.[2] === undefined ? undefined : numberList(match[2])
  if (match?.[1] === undefined || values === undefined) return undefined
  const kind = match[1].toLowerCase().replace(/\s+/g, ' ')
  const list = `const values = [${values.join(', ')}]`
  const label = `// the ${statName(kind)} of ${spoken(values)}`
  const body = statBody(kind)
  return body === undefined ? undefined : [label, list, ...body].join('\n')
}

function statName(kind: string): string {
  if (kind === 'average' || kind === 'avg') return 'mean'
  if (kind === 'total') return 'sum'
  if (/^(?:max|maximum|largest|highest|biggest)$/.test(kind)) return 'largest'
  if (/^(?:min|minimum|smallest|lowest)$/.test(kind)) return 'smallest'
  if (kind.startsWith('std') || kind === 'standard deviation') return 'standard deviation'
  return kind
}

function statBody(kind: string): string[] | undefined {
  switch (statName(kind)) {
    case 'mean':
      return ['values.reduce((sum, x) => sum + x, 0) / values.length']
    case 'sum':
      return ['values.reduce((sum, x) => sum + x, 0)']
    case 'product':
      return ['values.reduce((product, x) => product * x, 1)']
    case 'median':
      return [
        'const sorted = [...values].sort((a, b) => a - b)',
        'const middle = Math.floor(sorted.length / 2)',
        'sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2',
      ]
    case 'largest':
      return ['Math.max(...values)']
    case 'smallest':
      return ['Math.min(...values)']
    case 'range':
      return ['Math.max(...values) - Math.min(...values)']
    case 'standard deviation':
      return [
        'const mean = values.reduce((sum, x) => sum + x, 0) / values.length',
        'Math.sqrt(values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / values.length)',
      ]
    default:
      return undefined
  }
}

function conversion(text: string): string | undefined {
  const prefix = CONVERT.exec(text)
  const suffix = prefix ? undefined : CONVERT_SUFFIX.exec(text)
  const target = (prefix?.[1] ?? suffix?.[2])?.toLowerCase()
  const phrase = prefix?.[2] ?? suffix?.[1]
  if (target === undefined || phrase === undefined) return undefined
  const parts = durationParts(phrase)
  if (parts === undefined) return undefined
  const perTarget = UNIT_SECONDS.get(target.charAt(0)) ?? 1
  const terms = parts.map(([amount, unit]) => {
    const factor = (UNIT_SECONDS.get(unit) ?? 1) / perTarget
    return factor === 1 ? `${amount}` : `${amount} * ${factor}`
  })
  const spokenParts = parts.map(([amount, unit]) => `${amount} ${unitName(unit, amount)}`)
  return [`// ${spokenParts.join(' ')} in ${target}`, terms.join(' + ')].join('\n')
}

/** "3 h 20 min of reading" → [[3, 'h'], [20, 'm']]; undefined unless the phrase is only durations. */
function durationParts(phrase: string): [number, string][] | undefined {
  const core = phrase.replace(/\s+of\s+.*$/i, '').replace(/\band\b|,/gi, ' ')
  const pattern = /(\d+(?:\.\d+)?)\s*(days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\b/giy
  const parts: [number, string][] = []
  let rest = core.trim()
  while (rest !== '') {
    pattern.lastIndex = 0
    const match = pattern.exec(rest)
    if (match?.[1] === undefined || match[2] === undefined) return undefined
    parts.push([Number(match[1]), match[2].charAt(0).toLowerCase()])
    rest = rest.slice(match[0].length).trim()
  }
  return parts.length === 0 ? undefined : parts
}

function unitName(unit: string, amount: number): string {
  const name = { d: 'day', h: 'hour', m: 'minute', s: 'second' }[unit] ?? unit
  return amount === 1 ? name : `${name}s`
}

function percent(text: string): string | undefined {
  const match = PERCENT.exec(text)
  if (match?.[1] === undefined || match[2] === undefined) return undefined
  if (!NUMBER.test(match[1]) || !NUMBER.test(match[2])) return undefined
  return [`// ${match[1]}% of ${match[2]}`, `${match[2]} * ${match[1]} / 100`].join('\n')
}

function arithmetic(text: string): string | undefined {
  const expression = text
    .replace(/\bmultiplied\s+by\b|\btimes\b|×/gi, '*')
    .replace(/\bdivided\s+by\b|÷/gi, '/')
    .replace(/\bplus\b/gi, '+')
    .replace(/\bminus\b/gi, '-')
    .replace(/\bsquared\b/gi, '** 2')
    .replace(/\^/g, '**')
    .replace(/(\d)\s*x\s*(?=\d)/gi, '$1 * ')
    .replace(/\s+/g, ' ')
    .trim()
  // Digits, operators and brackets only, with at least one operator between numbers.
  if (
    !/^[\d\s.+\-*/%()]+$/.test(expression) ||
    !/\d\s*(?:\*\*|[+\-*/%])\s*[\d(.]/.test(expression)
  ) {
    return undefined
  }
  return [`// ${expression}`, expression].join('\n')
}

/** "12, 15, 19 and 22" → [12, 15, 19, 22]; undefined unless every item is a number. */
function numberList(text: string): number[] | undefined {
  const items = text
    .split(/\s*,\s*|\s+and\s+|\s+/i)
    .map((item) => item.trim())
    .filter((item) => item !== '' && item.toLowerCase() !== 'and')
  if (items.length === 0 || !items.every((item) => NUMBER.test(item))) return undefined
  return items.map(Number)
}

function spoken(values: readonly number[]): string {
  if (values.length === 1) return `${values[0]}`
  return `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`
}
