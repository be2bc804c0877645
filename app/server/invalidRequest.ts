import type { z } from 'zod'
import { HttpError } from './HttpError.ts'

/** `400 invalid_request` naming each bad field of a body or query (`where` names the whole). */
export function invalidRequest(error: z.ZodError, where: string): HttpError {
  const detail = error.issues
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : where}: ${i.message}`)
    .join('; ')
  return new HttpError(400, 'invalid_request', detail)
}
