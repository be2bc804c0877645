import { type OutputUnit, type Schema, type SchemaDraft, Validator } from '@cfworker/json-schema'
import type { JsonSchema } from '../../models/messages.ts'
import type { EditField } from './editFields.ts'

/** Why one edited value is refused, in words a student reads, and which field it is about. */
export interface ArgumentProblem {
  /** The field's key; undefined for a problem with the arguments as a whole. */
  field: string | undefined
  /** The path inside the arguments (the field's key first). */
  path: readonly string[]
  message: string
}

/** The outcome of checking edited arguments against the tool's schema. */
export type ArgumentCheck = { ok: true } | { ok: false; problems: ArgumentProblem[] }

const validators = new WeakMap<JsonSchema, Validator | null>()

// Keywords that only say a part below them failed; the part's own error says what is wrong.
const wrappers = new Set(['properties', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'items'])

/**
 * Checks edited arguments against the tool's JSON Schema, the one the server checks the edit with
 * again, and says what is wrong per field in plain words. It runs with @cfworker/json-schema, which
 * interprets the schema (ajv compiles code, which the page's content security policy forbids). A
 * schema it cannot read is left to the server, whose refusal the form shows the same way.
 */
export function checkArguments(
  schema: JsonSchema,
  args: unknown,
  fields: readonly EditField[],
): ArgumentCheck {
  const validator = validatorFor(schema)
  if (validator === null) return { ok: true }
  const result = validator.validate(args)
  if (result.valid) return { ok: true }
  const problems: ArgumentProblem[] = []
  for (const unit of result.errors) {
    const path = unit.instanceLocation.split('/').slice(1).map(unescapePointer)
    const named = unit.keyword === 'required' ? requiredName(unit.error) : undefined
    const key = named ?? path[0]
    // One problem per field is enough to act on (a date fails its format and its pattern).
    if (problems.some((p) => p.field === key)) continue
    const field = fields.find((f) => f.key === key)
    const message = plainProblem(unit, field, named !== undefined)
    if (message === undefined) continue
    problems.push({ field: key, path: named === undefined ? path : [named], message })
  }
  return problems.length === 0 ? { ok: true } : { ok: false, problems }
}

/** A schema error as a student reads it, naming the field by its label; undefined for a wrapper. */
function plainProblem(
  unit: OutputUnit,
  field: EditField | undefined,
  missing: boolean,
): string | undefined {
  const label = field?.label ?? 'This value'
  if (missing) return `${label} is needed.`
  if (unit.keyword === 'false' && field === undefined) {
    const key = unit.instanceLocation.split('/').at(-1) ?? ''
    return `This step does not take “${unescapePointer(key)}”.`
  }
  if (wrappers.has(unit.keyword) || unit.keyword === 'false') return undefined
  // The null branch of a field that may be cleared ("Expected null") is not the useful one.
  if (unit.keyword === 'type' && /Expected "null"/.test(unit.error)) return undefined
  if (field?.kind === 'day') return `${label}: write a day, such as friday, next monday or 4 Dec.`
  const s = field?.schema ?? {}
  switch (unit.keyword) {
    case 'type': {
      const expected = /Expected (.*)$/.exec(unit.error)?.[1] ?? ''
      if (expected.includes('"integer"')) return `${label} needs a whole number, such as 3.`
      if (expected.includes('"number"')) return `${label} needs a number.`
      if (expected.includes('"boolean"')) return `${label} is yes or no.`
      if (expected.includes('"string"')) return `${label} needs text.`
      return `${label} is not the right kind of value here.`
    }
    case 'maximum':
      return `${label} can be at most ${s.maximum}.`
    case 'exclusiveMaximum':
      return `${label} must be less than ${s.exclusiveMaximum}.`
    case 'minimum':
      return `${label} must be at least ${s.minimum}.`
    case 'exclusiveMinimum':
      return `${label} must be more than ${s.exclusiveMinimum}.`
    case 'maxLength':
      return `${label} can be at most ${s.maxLength} characters long.`
    case 'minLength':
      return Number(s.minLength) <= 1
        ? `${label} cannot be empty.`
        : `${label} needs at least ${s.minLength} characters.`
    case 'multipleOf':
      return `${label} must be a multiple of ${s.multipleOf}.`
    case 'enum':
    case 'const':
      return field?.choices !== undefined
        ? `${label} must be one of: ${field.choices.join(', ')}.`
        : `${label} is not one of the values this step takes.`
    default:
      return `${label} is not accepted here; check its value.`
  }
}

function validatorFor(schema: JsonSchema): Validator | null {
  let validator = validators.get(schema)
  if (validator === undefined) {
    try {
      // A copy: the validator marks the schema it is given, and a tool's schema is frozen.
      validator = new Validator(withoutPatterns(schema) as Schema, draftOf(schema), false)
    } catch {
      validator = null
    }
    validators.set(schema, validator)
  }
  return validator
}

function draftOf(schema: JsonSchema): SchemaDraft {
  const marker = typeof schema.$schema === 'string' ? schema.$schema : ''
  if (marker.includes('2020-12')) return '2020-12'
  if (marker.includes('2019-09')) return '2019-09'
  return marker.includes('draft-04') ? '4' : '7'
}

// Keywords whose value is one schema, a list of schemas, or a map of names to schemas: the walk
// below follows exactly these, so a property that happens to be named `pattern` stays a property.
const oneSchema = new Set([
  'not',
  'if',
  'then',
  'else',
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
])
const schemaList = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'])
const schemaMap = new Set([
  'properties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
])

// Formats whose check in @cfworker/json-schema is a fixed, linear-time test of the value. The
// others (`regex` compiles the value, `uri`, `url`, `hostname`, `ipv6` and the rest run large
// backtracking expressions) are left to the tool's server, as the host's own check leaves them.
const linearFormats = new Set(['date', 'time', 'date-time', 'duration', 'email', 'ipv4', 'uuid'])

/**
 * A copy of the schema without the regular expressions an MCP server chose: the browser's engine
 * backtracks, so `^(a|a)*$` on a 31-character name stalls the tab for minutes, while the host checks
 * the same schema with RE2 in linear time (tools/linearRegExp.ts). So `pattern` (in
 * `propertyNames` too) and `patternProperties` go, and with `patternProperties` the
 * `additionalProperties` and `unevaluatedProperties` that depend on which names it matches (the
 * page lets such a name through; the host refuses it). Formats that are not a linear check go too.
 */
function withoutPatterns(schema: unknown): unknown {
  const walk = { patterned: false, dropUnevaluated: false }
  const copy = copySchema(schema, walk)
  if (!walk.patterned) return copy
  // An `unevaluatedProperties` above a subschema that lost its patternProperties would now refuse
  // the names those patterns took.
  return copySchema(schema, { patterned: true, dropUnevaluated: true })
}

interface Walk {
  /** Whether a `patternProperties` was met (and left out). */
  patterned: boolean
  dropUnevaluated: boolean
}

function copySchema(schema: unknown, walk: Walk): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema
  const source = schema as Record<string, unknown>
  const patterned = 'patternProperties' in source
  if (patterned) walk.patterned = true
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(source)) {
    if (key === 'pattern' || key === 'patternProperties') continue
    if (patterned && key === 'additionalProperties') continue
    if (walk.dropUnevaluated && key === 'unevaluatedProperties') continue
    if (key === 'format' && !(typeof value === 'string' && linearFormats.has(value))) continue
    if (schemaList.has(key) && Array.isArray(value))
      copy[key] = value.map((s) => copySchema(s, walk))
    else if (oneSchema.has(key)) copy[key] = copySchema(value, walk)
    else if (schemaMap.has(key) && value !== null && typeof value === 'object')
      copy[key] = Object.fromEntries(
        Object.entries(value).map(([name, s]) => [name, copySchema(s, walk)]),
      )
    else copy[key] = value
  }
  return copy
}

/** `Instance does not have required property "title".` → `title`. */
function requiredName(error: string): string | undefined {
  return /required property "(.*)"\.?$/.exec(error)?.[1]
}

function unescapePointer(segment: string): string {
  let text = segment
  try {
    text = decodeURIComponent(segment)
  } catch {
    // Kept as written: a key with a lone % is still the key.
  }
  return text.replaceAll('~1', '/').replaceAll('~0', '~')
}
