/**
 * How much text each of the planner's passes reads. A request is a sentence, not a page: its
 * patterns and chrono-node see a bounded clause, so a turn's cost grows with the message's
 * length, never with its square (issue #41, findings 12 and 13).
 */

/** The longest message the planner reads (the web app's own limit). */
export const MAX_MESSAGE = 8000

/** The longest message the skills and the intent classifier read whole (questions, sums, follow-ups). */
export const MAX_REQUEST = 500

/** The longest clause the request patterns and chrono-node read; a longer one can only be a note's body. */
export const MAX_CLAUSE = 400

/** The most requests one message may make (each is a card to decide). */
export const MAX_CLAUSES = 20

/** What the planner says to a message with more requests than it takes at once. */
export function tooMany(count: number): string {
  return `That message asks for ${count} things; I take up to ${MAX_CLAUSES} at a time. Could you send it in parts?`
}

/** What the planner says to a message longer than it reads. */
export function tooLong(length: number): string {
  const said = length.toLocaleString('en-GB')
  const most = MAX_MESSAGE.toLocaleString('en-GB')
  return `That message is ${said} characters long; I read up to ${most}. Could you send it in parts?`
}

const NEWLINE = 10
const CARRIAGE = 13

/**
 * The message as the planner reads it: each run of spaces and tabs one space, each run of blank
 * lines one blank line, line ends `\n`. One pass over the characters, so no later pattern meets
 * a long run of white space (the run every backtracking pattern scans again from each start).
 */
export function tidyMessage(text: string): string {
  let out = ''
  let spaces = 0
  let newlines = 0
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i)
    if (code === NEWLINE || (code === CARRIAGE && text.charCodeAt(i + 1) !== NEWLINE)) {
      newlines += 1
      spaces = 0
    } else if (code === CARRIAGE) {
      // The \r of \r\n: the \n that follows counts the line.
    } else if (isSpace(code)) spaces += 1
    else {
      if (newlines > 0) out += newlines > 1 ? '\n\n' : '\n'
      else if (spaces > 0 && out !== '') out += ' '
      newlines = 0
      spaces = 0
      out += text[i]
    }
  }
  return out
}

function isSpace(code: number): boolean {
  return (
    code === 32 ||
    code === 9 ||
    code === 11 ||
    code === 12 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}
