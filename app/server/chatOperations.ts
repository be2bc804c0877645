import { z } from 'zod'
import { ChatBody } from './chatRequest.ts'

// Typed where apiOperations.ts lists them (importing its types here would be a cycle).
const chatNotFound = {
  status: 404,
  code: 'run_not_found',
  when: 'no conversation has this id (hosted mode: nor one of yours)',
}
const uiStream = {
  data: 'one chunk of the AI SDK’s UI message stream (`UIMessageChunk`, protocol v1) as JSON per `data:` line; the last line is `[DONE]`',
}

/** `GET /api/chat/:chatId`: the conversation as the AI SDK's UI messages. */
export const ChatAnswer = z.strictObject({
  id: z.string(),
  messages: z.array(
    z.looseObject({
      id: z.string(),
      role: z.enum(['user', 'assistant']),
      parts: z.array(z.looseObject({ type: z.string() })),
    }),
  ),
})

/** `POST /api/chat` as the reference describes it. */
export const chatOperation = {
  id: 'chat',
  method: 'POST' as const,
  path: '/api/chat',
  summary:
    "`useChat`'s request: the last message is the person's next words (a new chat id starts a run with them) or the assistant's with answered cards (`addToolApprovalResponse`: decided by the signed-in person, on the card as shown). The answer is the run's next turn as a UI message stream (header `x-vercel-ai-ui-message-stream: v1`), until it waits on a person again.",
  body: ChatBody,
  answers: { 200: { description: 'text/event-stream: the UI message stream.' } },
  events: uiStream,
  refusals: [
    chatNotFound,
    {
      status: 409,
      code: 'confirmation_not_found',
      when: 'the approval names no open card: forged, used already (a replay or another tab), or expired',
    },
    {
      status: 409,
      code: 'approval_input_changed',
      when: 'the approval carries other arguments than its card',
    },
    {
      status: 409,
      code: 'approval_mismatch',
      when: 'the approval names another tool call than its card',
    },
    {
      status: 403,
      code: 'approver_not_allowed',
      when: "the host's approval rules do not let this person decide",
    },
    {
      status: 409,
      code: 'not_awaiting_input',
      when: 'the run is busy or waits on a card, not on a message',
    },
    {
      status: 409,
      code: 'regenerate_not_supported',
      when: '`regenerate()`: a run’s last answer cannot be taken back',
    },
    { status: 429, code: 'too_many_runs', when: 'too many runs are open' },
    { status: 429, code: 'too_many_streams', when: 'too many streams are open' },
  ],
}

/** `GET /api/chat/:chatId` as the reference describes it. */
export const chatMessagesOperation = {
  id: 'chatMessages',
  method: 'GET' as const,
  path: '/api/chat/:chatId',
  summary:
    "The conversation as the AI SDK's UI messages, for a page to start from (`useChat({ messages })`): an open card is a tool part in `approval-requested`.",
  answers: { 200: { description: 'The conversation.', schema: ChatAnswer } },
  refusals: [chatNotFound],
}

/** `GET /api/chat/:chatId/stream` as the reference describes it. */
export const chatStreamOperation = {
  id: 'chatStream',
  method: 'GET' as const,
  path: '/api/chat/:chatId/stream',
  summary:
    '`resumeStream`: the turn the run is working on now, from its start, as a UI message stream; 204 when it waits on a person (or there is no such chat).',
  answers: {
    200: { description: 'text/event-stream: the UI message stream.' },
    204: { description: 'No stream: the run waits on a person, or the chat has no run.' },
  },
  events: uiStream,
  refusals: [chatNotFound],
  stream: true as const,
}
