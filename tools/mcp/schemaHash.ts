import { createHash } from 'node:crypto'
import { canonicalJson } from '../canonicalJson.ts'

/** A short, stable hash of a JSON Schema: the same schema, written in any key order, hashes alike. */
export function schemaHash(schema: unknown): string {
  return createHash('sha256').update(canonicalJson(schema)).digest('hex').slice(0, 16)
}
