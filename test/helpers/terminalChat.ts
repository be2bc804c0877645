import { PassThrough } from 'node:stream'
import { runTerminalChat } from '../../app/runTerminalChat.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'

/** A line a person types, or one made when its prompt comes (it may read what happened so far). */
export type TypedLine = string | (() => string)

/** The chat's input prompt and a card's question: where `npm run chat` waits for a line. */
export const chatPrompt = /(?:you › |\[y\/N\] )$/

/** The prompts as well as a card's "press Enter to dismiss it" (a card with nothing to allow). */
export const chatOrDismissPrompt = /(?:you › |\[y\/N\] |dismiss it )$/

/** How `typeIntoChat` types. */
export interface TypingOptions {
  /** Where a line is typed: once what the chat wrote ends with this (`chatPrompt` unless told). */
  at?: RegExp
  /** Runs left waiting from last time, as `npm run chat`'s resume takes them. */
  resume?: readonly string[]
  /** Told each separate write the chat makes to its output, in order. */
  onWrite?: (chunk: string) => void
}

/**
 * The real terminal chat (`npm run chat`'s loop) on `runtime` over in-memory streams: each of
 * `lines` is typed once a prompt is fully written, and the input ends when none is left. Returns
 * all the chat wrote.
 */
export async function typeIntoChat(
  runtime: AgentRuntime,
  lines: readonly TypedLine[],
  { at = chatPrompt, resume, onWrite }: TypingOptions = {},
): Promise<string> {
  const input = new PassThrough()
  const output = new PassThrough()
  const queue = [...lines]
  let written = ''
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8')
    onWrite?.(chunk.toString('utf8'))
    if (!at.test(written)) return
    const next = queue.shift()
    const line = typeof next === 'function' ? next() : next
    // Typed once the prompt is fully set up, as a person would.
    setImmediate(() => (line === undefined ? input.end() : input.write(`${line}\n`)))
  })
  await runTerminalChat({ runtime, input, output, ...(resume && { resume }) })
  return written
}
