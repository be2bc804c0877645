import { z } from 'zod'
import type { JsonSchema } from '../../models/messages.ts'
import type { EditField } from './editFields.ts'

/** Why one edited value is refused, in words a student reads, and which field it is about. */
export interface ArgumentProblem {
  /** The field's key; undefined for a problem with the arguments as a whole. */
  field: string | undefined
  /** The path inside the arguments (the field's key first). */
  path: readonly (string | number)[]
  message: string
}

/** The outcome of checking edited arguments against the tool's schema. */
export type ArgumentCheck = { ok: true } | { ok: false; problems: ArgumentProblem[] }

type Issue = z.core.$ZodIssue

const validators = new WeakMap<JsonSchema, z.ZodType | null>()

/**
 * Checks edited arguments against the tool's JSON Schema, the one the server checks the edit with
 * again, and says what is wrong per field in plain words. It runs with zod (already in the page;
 * ajv compiles code, which the page's content security policy forbids). A schema zod cannot read
 * is left to the server, whose refusal the form shows the same way.
 */
export function checkArguments(
  schema: JsonSchema,
  args: unknown,
  fields: readonly EditField[],
): ArgumentCheck {
  const validator = validatorFor(schema)
  if (validator === null) return { ok: true }
  const result = validator.safeParse(args)
  if (result.success) return { ok: true }
  const problems: ArgumentProblem[] = []
  for (const issue of result.error.issues) {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : undefined
    const field = fields.find((f) => f.key === key)
    const at = valueAt(args, issue.path)
    // One problem per field is enough to act on (a date fails both its format and its pattern).
    if (key !== undefined && problems.some((p) => p.field === key)) continue
    problems.push({
      field: key,
      path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
      message: plainProblem(issue, field, at),
    })
  }
  return { ok: false, problems }
}

/** A zod issue as a student reads it, naming the field by its label. */
export function plainProblem(issue: Issue, field: EditField | undefined, value: unknown): string {
  const label = field?.label ?? 'This value'
  if (value === undefined && issue.code === 'invalid_type') return `${label} is needed.`
  if (field?.kind === 'day')
    return `${label}: write a day, such as friday, next monday or 2026-12-04.`
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int' || field?.kind === 'whole')
        return `${label} needs a whole number, such as 3.`
      if (issue.expected === 'number') return `${label} needs a number.`
      if (issue.expected === 'boolean') return `${label} is yes or no.`
      return `${label} is not the right kind of value here.`
    case 'too_big':
      return issue.origin === 'string'
        ? `${label} can be at most ${issue.maximum} characters long.`
        : `${label} can be at most ${issue.maximum}.`
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${label} cannot be empty.`
          : `${label} needs at least ${issue.minimum} characters.`
      return `${label} must be at least ${issue.minimum}.`
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}.`
    case 'invalid_value':
      return `${label} must be one of: ${issue.values.map(String).join(', ')}.`
    case 'unrecognized_keys':
      return `This step does not take ${issue.keys.map((k) => `“${k}”`).join(', ')}.`
    default:
      return `${label} is not accepted here; check its value.`
  }
}

function validatorFor(schema: JsonSchema): z.ZodType | null {
  let validator = validators.get(schema)
  if (validator === undefined) {
    try {
      validator = z.fromJSONSchema(withoutPatterns(schema) as z.core.JSONSchema.JSONSchema)
    } catch {
      validator = null
    }
    validators.set(schema, validator)
  }
  return validator
}

/**
 * The schema without `pattern`s: a pattern from an MCP server could take exponential time in the
 * browser's regular expressions, so the server checks patterns (in linear time, with RE2).
 * Formats (a date) stay, checked by zod's own expressions.
 */
function withoutPatterns(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutPatterns)
  if (schema === null || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'pattern' && typeof value === 'string'))
      .map(([key, value]) => [
        key,
        key === 'enum' || key === 'const' ? value : withoutPatterns(value),
      ]),
  )
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value
  for (const step of path) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<PropertyKey, unknown>)[step]
  }
  return at
}
