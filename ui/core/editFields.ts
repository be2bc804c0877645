import type { JsonSchema } from '../../models/messages.ts'

/** How a field is asked for: a day (date or words), numbers, yes/no, one of a list, or text. */
export type EditFieldKind =
  | 'day'
  | 'whole'
  | 'number'
  | 'yesNo'
  | 'choice'
  | 'text'
  | 'longText'
  | 'other'

/** One argument of a tool as an edit form asks for it, read from the tool's JSON Schema. */
export interface EditField {
  key: string
  /** The field's name in words: the schema's `title`, else its key spelled out ("due_from" → "Due from"). */
  label: string
  kind: EditFieldKind
  required: boolean
  /** The schema takes `null` too (for a change tool: clear the field). */
  nullable: boolean
  /**
   * Names the record the call acts on (`id`, `task_id`) or is marked `readOnly` (the tool does
   * not offer it for editing): kept as proposed, not asked.
   */
  identifies: boolean
  choices?: readonly (string | number)[]
  /** The schema's own words about the field, if any. */
  description?: string
  /** The field's schema with `null` taken out. */
  schema: JsonSchema
}

// Text this long or longer is a note, not a line.
const longTextFrom = 1_000

/** The fields of a tool's argument schema, in the schema's order; none when it is not an object. */
export function editFields(schema: JsonSchema): EditField[] {
  const properties = schema.properties
  if (properties === null || typeof properties !== 'object') return []
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  return Object.entries(properties as Record<string, unknown>).map(([key, raw]) => {
    const { inner, nullable } = withoutNull(isSchema(raw) ? raw : {})
    const description = typeof inner.description === 'string' ? inner.description : undefined
    const choices = Array.isArray(inner.enum)
      ? inner.enum.filter((c): c is string | number => ['string', 'number'].includes(typeof c))
      : undefined
    return {
      key,
      label: typeof inner.title === 'string' && inner.title !== '' ? inner.title : spellOut(key),
      kind: kindOf(inner),
      required: required.has(key),
      nullable,
      identifies: /^(?:id|.+_id|.+Id)$/.test(key) || inner.readOnly === true,
      ...(choices !== undefined && { choices }),
      ...(description !== undefined && { description }),
      schema: inner,
    }
  })
}

/** Whether an Edit has anything to ask: some field that is not kept as proposed. */
export function hasEditableFields(fields: readonly EditField[]): boolean {
  return fields.some((field) => !field.identifies)
}

/**
 * Whether a card offers Edit: not when its tool's form has fields and none is a person's to change
 * (a delete's target, an undo); a tool without such a form (no schema, no fields) is edited as JSON.
 */
export function offersEdit(schema: JsonSchema | undefined): boolean {
  const fields = schema === undefined ? [] : editFields(schema)
  return fields.length === 0 || hasEditableFields(fields)
}

/** What an Edit says when nothing on the card can be changed (a delete's target, an undo). */
export const nothingToEdit =
  'Nothing on this card can be changed: it acts on exactly what it shows. Deny it if it is not what you want.'

/** The form's starting values: the proposed arguments, with `null` (a cleared field) shown empty. */
export function toFormValues(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null))
}

/**
 * The arguments an edit proposes: each field as edited; an emptied field is left out, or `null`
 * when the proposal had it and the schema takes `null` (a change tool clears it); a field that
 * names the record keeps its proposed value.
 */
export function toArguments(
  fields: readonly EditField[],
  values: Record<string, unknown>,
  proposed: Record<string, unknown>,
): Record<string, unknown> {
  const args: Record<string, unknown> = { ...values }
  for (const field of fields) {
    const { key } = field
    if (field.identifies && Object.hasOwn(proposed, key)) {
      args[key] = proposed[key]
      continue
    }
    const value = args[key]
    if (value !== undefined && value !== '') continue
    delete args[key]
    if (field.nullable && Object.hasOwn(proposed, key)) args[key] = null
  }
  // In the schema's order, as the form asks them; anything the schema does not name after.
  const known = fields.map((f) => f.key).filter((key) => Object.hasOwn(args, key))
  const rest = Object.keys(args).filter((key) => !known.includes(key))
  return Object.fromEntries([...known, ...rest].map((key) => [key, args[key]]))
}

/** "due_from" → "Due from", "dueFrom" → "Due from". */
export function spellOut(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function kindOf(schema: JsonSchema): EditFieldKind {
  if (Array.isArray(schema.enum)) return 'choice'
  switch (schema.type) {
    case 'integer':
      return 'whole'
    case 'number':
      return 'number'
    case 'boolean':
      return 'yesNo'
    case 'string':
      if (schema.format === 'date') return 'day'
      return typeof schema.maxLength === 'number' && schema.maxLength < longTextFrom
        ? 'text'
        : 'longText'
    default:
      return 'other'
  }
}

/** `anyOf: [X, {type: 'null'}]` or `type: [X, 'null']` → X, nullable. */
function withoutNull(schema: JsonSchema): { inner: JsonSchema; nullable: boolean } {
  const isNull = (s: unknown) => isSchema(s) && s.type === 'null'
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (!Array.isArray(options) || !options.some(isNull)) continue
    const rest = options.filter((s) => !isNull(s))
    if (rest.length !== 1 || !isSchema(rest[0])) continue
    const { [key]: _options, ...outer } = schema
    return { inner: { ...outer, ...rest[0] }, nullable: true }
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((t) => t !== 'null')
    if (types.length === 1) return { inner: { ...schema, type: types[0] }, nullable: true }
  }
  return { inner: schema, nullable: false }
}

function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
