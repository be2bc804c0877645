import { z } from 'zod'
import { HttpError } from './HttpError.ts'

/** The largest `POST /api/chat` body: `useChat` sends the whole conversation each time. */
export const maxChatBodyBytes = 512 * 1024

const Part = z.looseObject({ type: z.string().max(200) })
const Message = z.looseObject({
  id: z.string().max(200),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(Part).max(2000),
})

/**
 * `POST /api/chat`, as the AI SDK's `DefaultChatTransport` sends it: the conversation's `id` (the
 * run's), its `messages` (only the last is read), and what triggered the request.
 */
export const ChatBody = z.looseObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'a chat id is 1 to 128 of A-Z a-z 0-9 _ -')
    .describe('The conversation, and so the run: a new id starts one.'),
  messages: z.array(Message).min(1).max(10_000),
  trigger: z.enum(['submit-message', 'regenerate-message']).optional(),
  messageId: z.string().max(200).optional(),
})

/** A person's answer to a card, as `addToolApprovalResponse` left it on a tool part. */
export interface ChatApproval {
  approvalId: string
  approved: boolean
  toolCallId: string
  /** The arguments the page shows with its answer: they must be the card's. */
  input: unknown
}

/** What the last message asks of the run: a person's next words, or answers to its cards. */
export type ChatAsk =
  | { kind: 'message'; text: string }
  | { kind: 'approvals'; approvals: ChatApproval[] }

/** Reads the ask from the conversation's last message; throws `HttpError` 400 when it has none. */
export function chatAsk(messages: z.output<typeof ChatBody>['messages']): ChatAsk {
  const last = messages.at(-1)
  if (last?.role === 'user') {
    const text = last.parts
      .filter((part) => part.type === 'text' && typeof part.text === 'string')
      .map((part) => part.text as string)
      .join('\n')
      .trim()
    if (text === '' || text.length > 8000)
      throw new HttpError(
        400,
        'invalid_request',
        'the last message needs 1 to 8000 characters of text',
      )
    return { kind: 'message', text }
  }
  const approvals = (last?.parts ?? []).flatMap((part) => approvalOf(part))
  if (last?.role !== 'assistant' || approvals.length === 0)
    throw new HttpError(
      400,
      'invalid_request',
      'the last message must be the person’s, or the assistant’s with an answered card (approval-responded)',
    )
  return { kind: 'approvals', approvals }
}

function approvalOf(part: Record<string, unknown>): ChatApproval[] {
  if (part.state !== 'approval-responded') return []
  const approval = part.approval as { id?: unknown; approved?: unknown } | undefined
  if (typeof approval?.id !== 'string' || typeof approval.approved !== 'boolean') return []
  if (typeof part.toolCallId !== 'string') return []
  return [
    {
      approvalId: approval.id,
      approved: approval.approved,
      toolCallId: part.toolCallId,
      input: part.input,
    },
  ]
}
