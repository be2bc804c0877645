import { z } from 'zod'
import type { JsonSchema } from '../models/messages.ts'
import { jsonSchemaValidator } from './jsonSchemaValidator.ts'

/**
 * A tool's `parameters` that check the arguments against a JSON Schema with ajv (drafts 7 and
 * 2020-12, patterns on RE2), for a tool defined by `inputJsonSchema` (an MCP tool's `inputSchema`).
 * Throws when the schema itself is invalid, or `UnsafePatternError` for a pattern that cannot be
 * checked in linear time.
 */
export function jsonSchemaParameters(schema: JsonSchema): z.ZodType<Record<string, unknown>> {
  const check = jsonSchemaValidator(schema)
  return z.record(z.string(), z.unknown()).superRefine((value, context) => {
    const checked = check(value)
    if (!checked.ok) context.addIssue({ code: 'custom', message: checked.detail })
  })
}
