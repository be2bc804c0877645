import type { z } from 'zod'
import { summarizeZodIssues } from './summarizeZodIssues.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/** Validates `value` with `schema`, throwing `WorkspaceError('invalid_data')` that names `what` and the issues. */
export function parseOrInvalid<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    throw new WorkspaceError('invalid_data', `invalid ${what}: ${summarizeZodIssues(parsed.error)}`)
  }
  return parsed.data
}
