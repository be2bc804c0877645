/** The code a card is closed with when whoever asked for its call is no longer waiting. */
export const askerGone = 'asker_gone'

/** The code a card is closed with when the process that showed it stopped while it waited. */
export const interruptedCode = 'interrupted'

/** The code of a card closed by a cancel for any other reason (a person, idleness, a chat closed). */
export const runCancelledCode = 'run_cancelled'

/** The codes a cancel's reason may lead with; any other reason is a plain cancel. */
export type CancelCode = typeof askerGone | typeof interruptedCode

const leading: readonly CancelCode[] = [askerGone, interruptedCode]

/** A cancel's reason text for `code`: the code first, so the log and the audit read it back. */
export function cancelReason(code: CancelCode, text: string): string {
  return `${code}: ${text}`
}

/** The code a cancel with this reason closes a waiting card with (the audit line's `code`). */
export function cancelCode(reason: string | undefined): string {
  return leading.find((code) => reason?.startsWith(`${code}: `) === true) ?? runCancelledCode
}
