/**
 * The most characters one message from a person may have, at every entry point: the runtime's
 * `startRun` and `sendInput`, the HTTP API (and so the web app), and the terminal chat.
 */
export const maxMessageChars = 8000

/** Why `text` is too long to be one message (`message_too_long`), or undefined when it fits. */
export function messageTooLong(text: string): string | undefined {
  if (text.length <= maxMessageChars) return undefined
  const count = (n: number) => n.toLocaleString('en-US')
  return `a message may be at most ${count(maxMessageChars)} characters; this one has ${count(text.length)}: shorten it, or send it in parts`
}
