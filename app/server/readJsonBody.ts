import type { IncomingMessage } from 'node:http'
import type { z } from 'zod'
import { HttpError } from './HttpError.ts'
import { invalidRequest } from './invalidRequest.ts'

/** The largest request body the server reads. */
export const maxBodyBytes = 64 * 1024

/** Reads a JSON body of at most `limit` bytes and validates it; throws `HttpError` 415/413/400. */
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
  let value: unknown
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'))
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
