import { asRecord, textField } from './plannerFields.ts'

/** A tool result as the planner reads it from a tool message's JSON content. */
export type ToolResult =
  | { kind: 'ok'; data: unknown }
  | { kind: 'error'; code: string; message: string; details?: Record<string, unknown> }
  | { kind: 'unreadable' }

/** Parses `{"ok":true,"data":…}` or `{"ok":false,"error":{code,message}}`; anything else is unreadable. */
export function readToolResult(content: string): ToolResult {
  let parsed: unknown
  try {
    parsed = JSON.parse(content)
  } catch {
    return { kind: 'unreadable' }
  }
  const record = asRecord(parsed)
  if (record?.ok === true) return { kind: 'ok', data: record.data }
  if (record?.ok === false) {
    const error = asRecord(record.error)
    const details = asRecord(error?.details)
    return {
      kind: 'error',
      code: textField(error, 'code') ?? 'error',
      message: textField(error, 'message') ?? '',
      ...(details !== undefined && { details }),
    }
  }
  return { kind: 'unreadable' }
}
