import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from '@modelcontextprotocol/server'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv'

/** The most question schemas kept compiled (a card's question has a handful of shapes). */
const maxKept = 32

/**
 * Checks the host's answers to the gateway's questions (`elicitation/create`) against the
 * question's schema, each schema compiled once by its text. The SDK's own validator compiles the
 * schema of every question afresh (a few ms, on the path from the person's answer to the call) and
 * its Ajv keeps each compiled schema forever, keyed by the schema object: one more per card. One
 * instance serves every session, so each session's server does not build its own Ajv either.
 */
export class QuestionValidator implements jsonSchemaValidator {
  readonly #byText = new Map<string, JsonSchemaValidator<unknown>>()
  #inner = new AjvJsonSchemaValidator()

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const text = JSON.stringify(schema)
    const kept = this.#byText.get(text)
    if (kept !== undefined) return kept as JsonSchemaValidator<T>
    // Past the bound, start afresh: the old Ajv and everything it compiled are let go together.
    if (this.#byText.size >= maxKept) {
      this.#byText.clear()
      this.#inner = new AjvJsonSchemaValidator()
    }
    const made = this.#inner.getValidator<unknown>(schema)
    this.#byText.set(text, made)
    return made as JsonSchemaValidator<T>
  }

  /** How many schemas are compiled now (for tests). */
  get size(): number {
    return this.#byText.size
  }
}

let shared: QuestionValidator | undefined

/** The one validator every gateway session's server checks answers with. */
export function questionValidator(): QuestionValidator {
  shared ??= new QuestionValidator()
  return shared
}
