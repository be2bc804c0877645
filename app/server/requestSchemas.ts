import { z } from 'zod'

/** `POST /api/runs`: start a run with the user's first message. */
export const StartRunBody = z.strictObject({
  input: z.string().trim().min(1).max(8000),
  notebookId: z.string().min(1).max(200).optional(),
})

/** `POST /api/runs/:runId/input`: the user's next message. */
export const InputBody = z.strictObject({ text: z.string().trim().min(1).max(8000) })

/** `POST /api/runs/:runId/cancel`. */
export const CancelBody = z.strictObject({ reason: z.string().max(200).optional() })

/** `POST /api/runs/:runId/confirmations`: the user's decision on one card. */
export const ConfirmationBody = z.strictObject({
  confirmationId: z.string().min(1).max(200),
  decision: z.enum(['allow', 'deny']),
})
