/** One place in a source file that compares a confirmation id or a digest with another value. */
export interface IdComparison {
  line: number
  /** The source line, trimmed. */
  text: string
  /** The operand that names the id or digest, e.g. `context.pending?.confirmationId`. */
  operand: string
}

// The last name of an operand that is a confirmation id or a digest (a card's, a call's, a
// selector's of the pending card): `confirmationId`, `digest`, `callDigest(...)`, `selectPendingId(...)`.
const idName = /(confirmationId|digest|pendingId)$/i
// Array searches over stored records: looking a record up by its id is storage, like a SQL
// WHERE or a Map key, not a decision about a card.
const lookups = new Set([
  'find',
  'findLast',
  'findIndex',
  'findLastIndex',
  'filter',
  'some',
  'every',
])
// Presence tests compare a value with nothing, not with another id.
const nothing = new Set(['undefined', 'null'])

/**
 * The source with comments and string contents blanked (same length, same lines), so that only
 * code is searched; a template's `${…}` stays code.
 */
export function codeOnly(source: string): string {
  const out = source.split('')
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' '
  }
  // Each open template literal's brace depth where its `${` began.
  const templates: number[] = []
  let depth = 0
  let i = 0
  let lastCode = ''
  while (i < source.length) {
    const c = source[i] as string
    const next = source[i + 1]
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i)
      const stop = end === -1 ? source.length : end
      blank(i, stop)
      i = stop
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end === -1 ? source.length : end + 2
      blank(i, stop)
      i = stop
    } else if (c === "'" || c === '"') {
      let j = i + 1
      while (j < source.length && source[j] !== c && source[j] !== '\n')
        j += source[j] === '\\' ? 2 : 1
      blank(i + 1, j)
      i = j + 1
      lastCode = c
    } else if (c === '`' || (c === '}' && templates.at(-1) === depth)) {
      // A template's text runs to its end or to the next `${`.
      if (c === '}') templates.pop()
      let j = i + 1
      while (
        j < source.length &&
        source[j] !== '`' &&
        !(source[j] === '$' && source[j + 1] === '{')
      )
        j += source[j] === '\\' ? 2 : 1
      blank(i + 1, j)
      if (source[j] === '$') {
        templates.push(depth)
        i = j + 2
      } else i = j + 1
      lastCode = '`'
    } else if (c === '/' && /[(,=:[!&|?{};]|^$/.test(lastCode)) {
      // A regular expression literal.
      let j = i + 1
      let inClass = false
      while (j < source.length && source[j] !== '\n' && (inClass || source[j] !== '/')) {
        if (source[j] === '[') inClass = true
        if (source[j] === ']') inClass = false
        j += source[j] === '\\' ? 2 : 1
      }
      blank(i + 1, j)
      i = j + 1
      lastCode = '/'
    } else {
      if (c === '{') depth++
      if (c === '}') depth--
      if (!/\s/.test(c)) lastCode = c
      i++
    }
  }
  return out.join('')
}

const opener: Record<string, string> = { ')': '(', ']': '[' }

// The operand ending just before `end`: names, dots, `?.`, `!`, and balanced brackets.
function operandBefore(code: string, end: number): string {
  let i = end
  while (i > 0 && /\s/.test(code[i - 1] as string)) i--
  const stop = i
  while (i > 0) {
    const c = code[i - 1] as string
    if (/[\w$.?!]/.test(c) && !(c === '!' && code[i] === '=')) i--
    else if (c === ')' || c === ']') {
      let level = 0
      let j = i - 1
      for (; j >= 0; j--) {
        if (code[j] === c) level++
        else if (code[j] === opener[c] && --level === 0) break
      }
      i = j
    } else break
  }
  return code.slice(i, stop).trim()
}

const closer: Record<string, string> = { '(': ')', '[': ']' }

// The operand starting at `start`.
function operandAfter(code: string, start: number): string {
  let i = start
  while (i < code.length && /\s/.test(code[i] as string)) i++
  const from = i
  while (i < code.length) {
    const c = code[i] as string
    if (/[\w$.?!]/.test(c)) i++
    else if (c === '(' || c === '[') {
      let level = 0
      let j = i
      for (; j < code.length; j++) {
        if (code[j] === c) level++
        else if (code[j] === closer[c] && --level === 0) break
      }
      i = j + 1
    } else break
  }
  return code.slice(from, i).trim()
}

// The last name of an operand, its call arguments and assertions dropped: `a.b?.c(x)!` → `c`.
function lastName(operand: string): string {
  let text = operand.replace(/!+$/, '')
  while (text.endsWith(')')) {
    let level = 0
    let j = text.length - 1
    for (; j >= 0; j--) {
      if (text[j] === ')') level++
      else if (text[j] === '(' && --level === 0) break
    }
    text = text.slice(0, j)
  }
  return /[\w$]+$/.exec(text)?.[0] ?? ''
}

// The names of the calls whose argument lists enclose each position.
function enclosingCalls(code: string): (at: number) => string[] {
  const opens: { at: number; close: number; name: string }[] = []
  const stack: { at: number; name: string }[] = []
  for (let i = 0; i < code.length; i++) {
    if (code[i] === '(') stack.push({ at: i, name: lastName(operandBefore(code, i)) })
    else if (code[i] === ')') {
      const open = stack.pop()
      if (open !== undefined) opens.push({ ...open, close: i })
    }
  }
  return (at) => opens.filter((o) => o.at < at && at < o.close).map((o) => o.name)
}

/**
 * Every comparison in `source` of a confirmation id or a digest with another value: `===`,
 * `!==`, `==`, `!=`, and list membership (`includes`, `indexOf`). Presence tests (with
 * `undefined` or `null`) and lookups of stored records by their id (inside `find`, `filter`,
 * `some`, …) are not comparisons of a decision with a card and are left out.
 */
export function idComparisons(source: string): IdComparison[] {
  const code = codeOnly(source)
  const calls = enclosingCalls(code)
  const lines = source.split('\n')
  const lineOf = (at: number) => code.slice(0, at).split('\n').length
  const found: IdComparison[] = []
  const note = (at: number, operand: string) => {
    const line = lineOf(at)
    found.push({ line, text: (lines[line - 1] ?? '').trim(), operand })
  }
  for (const match of code.matchAll(/[!=]==?/g)) {
    const at = match.index
    if (code[at - 1] === '=' || code[at - 1] === '!' || /[<>]/.test(code[at - 1] ?? '')) continue
    if (code[at + match[0].length] === '=') continue
    const left = operandBefore(code, at)
    const right = operandAfter(code, at + match[0].length)
    if (nothing.has(left) || nothing.has(right)) continue
    const named = [left, right].find((side) => idName.test(lastName(side)))
    if (named === undefined) continue
    if (calls(at).some((name) => lookups.has(name))) continue
    note(at, named)
  }
  for (const match of code.matchAll(/\.(includes|indexOf|lastIndexOf)\(/g)) {
    const open = match.index + match[0].length - 1
    const argument = operandAfter(code, open + 1)
    if (!idName.test(lastName(argument))) continue
    if (calls(match.index).some((name) => lookups.has(name))) continue
    note(match.index, argument)
  }
  return found.sort((a, b) => a.line - b.line)
}
