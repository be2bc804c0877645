import { z } from 'zod'
import { maxRunListLimit } from '../../store/RunListing.ts'
import { maxMessageChars, messageTooLong } from '../../vocabulary/messageLength.ts'
import { personProposalTools } from '../../vocabulary/personProposal.ts'
import { SignatureBody } from './passkeys/passkeySchemas.ts'

/** The largest edited-arguments JSON the server takes (well under the 64 KiB body limit). */
export const maxEditedArgumentsChars = 16_000

/**
 * A person's message: `text` in every body that carries one, at most the one limit
 * (`maxMessageChars`), refused with the runtime's own sentence.
 */
const MessageText = z
  .string()
  .trim()
  .min(1)
  .max(maxMessageChars, {
    error: (issue) => messageTooLong(String(issue.input)) ?? 'the message is too long',
  })
const NotebookId = z.string().min(1).max(200)

/**
 * `POST /api/runs`: start a run with the user's first message, `text` (or with a change they
 * asked for from a button, `propose`, whose words `text` is). The older name `input`
 * (API version 1) is still taken, alone, through version 1.1; either way the route sees `text`.
 */
export const StartRunBody = z
  .union([
    z.strictObject({
      text: MessageText,
      notebookId: NotebookId.optional(),
      propose: z
        .strictObject({
          tool: z.enum(personProposalTools),
          args: z.record(z.string(), z.unknown()),
        })
        .optional()
        .describe(
          "A change asked from the app's own buttons with no chat open: the run opens with it as a card, after `text` (the person's words), instead of a model turn.",
        ),
    }),
    z.strictObject({
      input: MessageText.meta({
        deprecated: true,
        description:
          'Deprecated: the message is `text`, as in `POST /api/runs/{runId}/input`. Taken through API version 1.1, removed in 2.',
      }),
      notebookId: NotebookId.optional(),
    }),
  ])
  .transform((body) => {
    if (!('input' in body)) return body
    const { input, ...rest } = body
    return { ...rest, text: input }
  })

/** `POST /api/runs/:runId/input`: the user's next message. */
export const InputBody = z.strictObject({ text: MessageText })

/** `POST /api/runs/:runId/undo`: take back an executed workspace change (its result's `changeId`). */
export const UndoBody = z.strictObject({
  changeId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be letters, digits, _ or -, at most 128'),
})

/** `POST /api/runs/:runId/propose`: a change asked from the app's own buttons. */
export const ProposeBody = z.strictObject({
  tool: z.enum(personProposalTools),
  args: z.record(z.string(), z.unknown()),
  words: z.string().min(1).max(500),
})

/** `POST /api/runs/:runId/cancel`. */
export const CancelBody = z.strictObject({ reason: z.string().max(200).optional() })

/**
 * `POST /api/runs/:runId/confirmations`: the user's decision on one card; optionally the digest
 * the card showed (a different call is refused) and a rule to keep (`run`/`session`/`always`).
 */
export const ConfirmationBody = z.strictObject({
  confirmationId: z.string().min(1).max(200),
  decision: z.enum(['allow', 'deny']),
  digest: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits')
    .optional(),
  remember: z.enum(['run', 'session', 'always']).optional(),
  /** A passkey's signature over this decision (`POST /api/runs/:runId/signing` asked for it). */
  signature: SignatureBody.optional(),
})

/** `POST /api/runs/:runId/edit`: new arguments for the pending call, as an object or JSON text. */
export const EditBody = z.strictObject({
  confirmationId: z.string().min(1).max(200),
  arguments: z.union([
    z.string().max(maxEditedArgumentsChars),
    z
      .record(z.string(), z.unknown())
      .refine((value) => JSON.stringify(value).length <= maxEditedArgumentsChars, {
        message: `must be at most ${maxEditedArgumentsChars} characters as JSON`,
      }),
  ]),
})

/** `POST /api/policies/:ruleId/revoke`: an empty JSON object (a JSON body keeps plain form posts out). */
export const RevokeBody = z.strictObject({})

/** `GET /api/workspace/source?notebookId=…&path=…`: one source of a notebook, for the reader. */
export const SourceQuery = z.strictObject({
  notebookId: z.string().min(1).max(200),
  path: z.string().min(1).max(500),
})

/** `GET /api/runs?limit=…&cursor=…`: a page of the run list (both optional). */
export const RunListQuerySchema = z.strictObject({
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(maxRunListLimit))
    .optional(),
  cursor: z
    .string()
    .regex(/^[0-9]{1,15}$/, 'must be a `nextCursor` the run list gave')
    .optional(),
})

/**
 * `POST /api/workspace/tasks/:taskId/done`: the person ticks or unticks a task's box; `version` is
 * the version of the task as the page showed it (`recordVersion`), so a task changed meanwhile is
 * refused rather than overwritten.
 */
export const TaskDoneBody = z.strictObject({
  done: z.boolean(),
  version: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
})
