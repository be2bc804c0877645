import type { z } from 'zod'
import { invalidRequest } from './invalidRequest.ts'

/** Validates a URL's query parameters (each given once) against `schema`; throws `HttpError` 400. */
export function readQuery<T extends z.ZodType>(url: URL, schema: T): z.output<T> {
  const params: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    // A repeated parameter stays a list, so the schema refuses it instead of one value winning.
    params[key] = values.length === 1 ? (values[0] as string) : values
  }
  const result = schema.safeParse(params)
  if (!result.success) throw invalidRequest(result.error, '(query)')
  return result.data
}
