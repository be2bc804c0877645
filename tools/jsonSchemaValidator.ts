import { Ajv, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { JsonSchema } from '../models/messages.ts'

/** The outcome of checking a value against a JSON Schema. */
export type JsonSchemaCheck = { ok: true } | { ok: false; detail: string }

// Validation only: no defaults filled in, no types coerced, nothing removed, so the arguments a
// card shows are exactly the ones that run. Formats are not checked (the server checks its own).
const options = { strict: false, allErrors: true, validateFormats: false } as const
const draft7 = new Ajv(options)
const draft2020 = new Ajv2020(options)
const compiled = new WeakMap<JsonSchema, ValidateFunction>()

/** Compiles a JSON Schema once (drafts 7 and 2020-12); throws when the schema itself is invalid. */
export function jsonSchemaValidator(schema: JsonSchema): (value: unknown) => JsonSchemaCheck {
  let validate = compiled.get(schema)
  if (validate === undefined) {
    const { $schema, ...rest } = schema
    const ajv = typeof $schema === 'string' && /2019-09|2020-12/.test($schema) ? draft2020 : draft7
    validate = ajv.compile(rest)
    compiled.set(schema, validate)
  }
  const check = validate
  return (value) =>
    check(value)
      ? { ok: true }
      : {
          ok: false,
          detail: (check.errors ?? [])
            .map((e) => `${e.instancePath === '' ? '(arguments)' : e.instancePath} ${e.message}`)
            .join('; '),
        }
}
