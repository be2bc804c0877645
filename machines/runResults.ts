import type { ToolResult } from '../vocabulary/ToolResult.ts'

const fixed = (code: string, message: string): ToolResult =>
  Object.freeze({ ok: false, error: Object.freeze({ code, message }) }) as ToolResult

/** The result a model receives when a confirmation timed out. */
export const confirmationExpiredResult = fixed(
  'confirmation_expired',
  'The user did not decide in time; the operation was not performed',
)

/** The result a model receives for a confirmed call cut off by a crash or restart. */
export const interruptedResult = fixed(
  'interrupted',
  'The app stopped while this ran; it may or may not have taken effect. Check before retrying.',
)

/** The result a model receives for a confirmed call that a restart cut off before it began. */
export const notStartedResult = fixed(
  'not_started',
  'The app stopped before this call began; nothing of it happened. Propose it again if it is still wanted.',
)
