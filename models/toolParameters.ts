import type { JsonSchema } from './messages.ts'

/** A tool's JSON Schema as model APIs take it: an object schema without the `$schema` marker. */
export function toolParameters(schema: JsonSchema): JsonSchema {
  // Some OpenAI-compatible servers reject the draft marker that `z.toJSONSchema` adds.
  const { $schema: _marker, ...rest } = schema
  return rest.type === undefined ? { type: 'object', ...rest } : rest
}
