import type { IncomingMessage } from 'node:http'
import type { z } from 'zod'
import { argumentTextDepth } from '../../models/stringifyBounded.ts'
import { jsonTextDepth } from '../../tools/jsonDepth.ts'
import { HttpError } from './HttpError.ts'
import { invalidRequest } from './invalidRequest.ts'

/** The largest request body the server reads. */
export const maxBodyBytes = 64 * 1024

/**
 * The deepest nesting a request body may have: the deepest arguments a host may allow a tool
 * (`argumentTextDepth`) and the body's own levels around them. Bodies are canonicalised and
 * digested by functions that recurse once per level: 50,000 nested arrays in a 100 KB approval
 * overflowed the stack (500) where this refuses them (400).
 */
export const maxBodyDepth = argumentTextDepth + 24

/**
 * Reads a JSON body of at most `limit` bytes and `maxBodyDepth` levels and validates it; throws
 * `HttpError` 415/413/400.
 */
export async function readJsonBody<T extends z.ZodType>(
  req: IncomingMessage,
  schema: T,
  limit = maxBodyBytes,
): Promise<z.output<T>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json')
    throw new HttpError(415, 'unsupported_media_type', 'send the body as application/json')
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw tooLarge(limit)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw tooLarge(limit)
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  // Counted on the text, without recursion, before anything walks the value.
  if (jsonTextDepth(text, maxBodyDepth) > maxBodyDepth)
    throw new HttpError(
      400,
      'body_too_deep',
      `the body nests deeper than ${maxBodyDepth} levels of arrays and objects`,
    )
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'invalid_json', 'the body is not valid JSON')
  }
  const result = schema.safeParse(value)
  if (!result.success) throw invalidRequest(result.error, '(body)')
  return result.data
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'body_too_large', `the body is larger than ${limit} bytes`)
}
