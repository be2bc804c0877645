import type { CallDescription, CallTarget } from '../../vocabulary/CallDescription.ts'
import { type ToolResult, toolFailure } from '../../vocabulary/ToolResult.ts'
import type { ExpectedVersion, Versioned } from '../../workspace/recordVersion.ts'
import { quote } from './quote.ts'
import { cut } from './taskText.ts'

/** What a call may act on: the stored target, if it is what the card showed. */
export type BoundTarget<T> =
  | { ok: true; target: Versioned<T> }
  | { ok: false; reason: 'missing' | 'changed' }

/**
 * Checks what is stored now against the version on the card: with none (an unbound call) any
 * stored target will do; with `null` (the card said there was none) only none; with a version,
 * only the target at that version.
 */
export function boundTarget<T>(
  current: Versioned<T> | undefined,
  expected: ExpectedVersion | undefined,
): BoundTarget<T> {
  if (current === undefined) {
    return { ok: false, reason: typeof expected === 'string' ? 'changed' : 'missing' }
  }
  if (expected === undefined || expected === current.version) return { ok: true, target: current }
  return { ok: false, reason: 'changed' }
}

/** The result when the target moved on after the card was shown: nothing was written. */
export function targetChanged(what: string, kind: string, id: string): ToolResult {
  return toolFailure(
    'target_changed',
    `${what} changed after the card was shown (in another window, process or device), so nothing was written. Show the person what it is now before asking again.`,
    { kind, id },
  )
}

/**
 * The description of a call whose target does not exist: `what` names the call, `nothing` says
 * what would not happen, `asked` is the name the person used for it (a note's title), if any.
 * Bound to "none", so a target made after the card is not acted on.
 */
export function missingTarget(
  kind: CallTarget['kind'],
  id: string,
  what: string,
  nothing: string,
  asked?: string,
): CallDescription {
  // The id is the model's word for it (a note's stored name "exam-plan"); the person reads the
  // name they asked for, or only that nothing matches.
  const none = asked === undefined ? `no such ${kind}` : `no ${kind} called ${quote(asked)}`
  return {
    version: 1,
    headline: cut(`${what}: there is no such ${kind}`, 500),
    notice: { code: 'target_missing', text: cut(`There is ${none}; ${nothing}.`, 500) },
    target: { kind, id, version: null },
  }
}
