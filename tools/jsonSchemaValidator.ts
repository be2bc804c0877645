import { Ajv, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { JsonSchema } from '../models/messages.ts'
import { linearRegExp } from './linearRegExp.ts'

/** The outcome of checking a value against a JSON Schema. */
export type JsonSchemaCheck = { ok: true } | { ok: false; detail: string }

/** The most compiled schemas kept; a server that keeps changing its schemas cannot grow past it. */
export const maxCompiledSchemas = 128

// How many schemas one ajv instance compiles before a fresh one takes over: ajv keeps a value of
// every schema it compiled in its shared scope, even after removeSchema, so an instance is dropped
// once its validators have left the cache. A fresh instance costs ~10 ms (its meta-schema).
const compilesPerInstance = 64

// Validation only: no defaults filled in, no types coerced, nothing removed, so the arguments a
// card shows are exactly the ones that run. Formats are not checked (the server checks its own).
// Patterns run on RE2; no schema is kept by its `$id`, so two servers may reuse one.
const options = {
  strict: false,
  allErrors: true,
  validateFormats: false,
  addUsedSchema: false,
  allowMatchingProperties: true,
  code: { regExp: linearRegExp },
} as const

interface Compiler {
  ajv: Pick<Ajv, 'compile' | 'removeSchema'>
  compiles: number
}
const compilers = {
  draft7: { ajv: new Ajv(options), compiles: 0 } as Compiler,
  draft2020: { ajv: new Ajv2020(options), compiles: 0 } as Compiler,
}
// Oldest first (a Map keeps insertion order); a hit moves its entry to the end.
const compiled = new Map<JsonSchema, ValidateFunction>()

/** How many compiled schemas the host holds now, for tests and diagnostics. */
export function compiledSchemaCount(): number {
  return compiled.size
}

/**
 * Compiles a JSON Schema once (drafts 7 and 2020-12); throws when the schema itself is invalid,
 * or `UnsafePatternError` for a pattern that cannot be checked in linear time.
 */
export function jsonSchemaValidator(schema: JsonSchema): (value: unknown) => JsonSchemaCheck {
  let validate = compiled.get(schema)
  if (validate === undefined) {
    validate = compile(schema)
    if (compiled.size >= maxCompiledSchemas)
      compiled.delete(compiled.keys().next().value as JsonSchema)
  } else compiled.delete(schema)
  compiled.set(schema, validate)
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

function compile(schema: JsonSchema): ValidateFunction {
  const { $schema, ...rest } = schema
  const draft2020 = typeof $schema === 'string' && /2019-09|2020-12/.test($schema)
  const key = draft2020 ? 'draft2020' : 'draft7'
  if (compilers[key].compiles >= compilesPerInstance) {
    compilers[key] = { ajv: draft2020 ? new Ajv2020(options) : new Ajv(options), compiles: 0 }
  }
  const compiler = compilers[key]
  compiler.compiles += 1
  try {
    return compiler.ajv.compile(rest)
  } finally {
    // The validator needs nothing of ajv's cache once compiled.
    compiler.ajv.removeSchema(rest)
  }
}
