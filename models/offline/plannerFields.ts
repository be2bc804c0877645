/** Safe reads of untyped JSON: tool results and tool arguments are never trusted to have a shape. */

/** The value as a plain object, or undefined when it is not one. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  return value as Record<string, unknown>
}

/** An own, non-blank string field, trimmed. */
export function textField(
  record: Record<string, unknown> | undefined,
  key: string,
): string | undefined {
  const value = record && Object.hasOwn(record, key) ? record[key] : undefined
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** An own, finite number field. */
export function numberField(
  record: Record<string, unknown> | undefined,
  key: string,
): number | undefined {
  const value = record && Object.hasOwn(record, key) ? record[key] : undefined
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** A tool call's JSON arguments as an object; `{}` when they are missing or not an object. */
export function parseArguments(json: string | undefined): Record<string, unknown> {
  if (json === undefined) return {}
  try {
    return asRecord(JSON.parse(json)) ?? {}
  } catch {
    return {}
  }
}
