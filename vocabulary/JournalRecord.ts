import type { ToolResult } from './ToolResult.ts'

/** An intent or outcome line of a run's journal, written around every non-read execution. */
export type JournalRecord =
  | { type: 'intent'; callId: string; digest: string; confirmationId?: string; at: string }
  | { type: 'outcome'; callId: string; digest: string; result: ToolResult; at: string }
