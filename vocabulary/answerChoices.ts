/** A question an answer ends with, and the two or three requests it offers to send back. */
export interface AnswerChoices {
  /** The answer's text before its choices (it ends with the question). */
  question: string
  /** Each choice in words a person could have typed: what a click or its number sends. */
  choices: readonly string[]
}

const CHOICE = /^([1-3])\.\s+(\S.*)$/
// Two or three: one is no choice, and more than three is a list, not a question.
const FEWEST = 2

/**
 * The choices an assistant's answer offers: its last lines numbered 1., 2. (and 3.) straight after
 * a line that asks ("…?"). Any other numbered list (a task list, steps) offers nothing.
 */
export function answerChoices(text: string): AnswerChoices | undefined {
  const lines = text.trimEnd().split('\n')
  let first = lines.length
  while (first > 0 && CHOICE.test((lines[first - 1] as string).trim())) first--
  const numbered = lines.slice(first).map((line) => CHOICE.exec(line.trim()) as RegExpExecArray)
  const inOrder = numbered.every((match, i) => match[1] === String(i + 1))
  const question = lines.slice(0, first).join('\n').trimEnd()
  if (numbered.length < FEWEST || !inOrder || !question.endsWith('?')) return undefined
  return { question, choices: numbered.map((match) => (match[2] as string).trim()) }
}

/** What a number typed back ("2", "option 2", "2.") stands for after an answer with choices. */
export function pickedChoice(typed: string, answer: string | undefined): string | undefined {
  const picked = /^\s*(?:number\s+|option\s+|choice\s+)?([1-3])\s*[.)!]?\s*$/i.exec(typed)?.[1]
  if (picked === undefined || answer === undefined) return undefined
  return answerChoices(answer)?.choices[Number(picked) - 1]
}
