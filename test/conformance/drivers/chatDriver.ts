// The AI SDK chat protocol face: POST /api/chat driven by the AI SDK's own client code. Its
// `DefaultChatTransport` sends the conversation as `useChat` does and `readUIMessageStream` builds
// the messages the page would hold; a card is a tool part in `approval-requested`, an answer the
// part set to `approval-responded` as `addToolApprovalResponse` sets it, sent back signed in.
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai'
import type { AppHarness } from '../../app/appHarness.ts'
import type { Answer, Card, FaceDriver, FaceInstance, Outcome, Told, Who } from '../face.ts'
import { type AppFace, headersOf, startAppFace } from './appFace.ts'
import { appendedFor, callText, settle, variantArgs } from './studyTools.ts'

type Part = UIMessage['parts'][number] & Record<string, unknown>

interface Held {
  chatId: string
  messages: UIMessage[]
  toolCallId: string
  told?: Told
}
const held = (card: Card) => card.handle as Held

function transport(h: AppHarness, who: Who) {
  const { host: _host, 'content-type': _type, ...headers } = headersOf(who)
  return new DefaultChatTransport<UIMessage>({ api: `${h.server.url}/api/chat`, headers })
}

/** Sends the conversation as `useChat` would; the conversation with the answer applied. */
async function send(h: AppHarness, who: Who, chatId: string, messages: UIMessage[]) {
  const stream = await transport(h, who).sendMessages({
    chatId,
    messages,
    trigger: 'submit-message',
    messageId: undefined,
    abortSignal: undefined,
  })
  const last = messages.at(-1)
  const continuing = last?.role === 'assistant' ? structuredClone(last) : undefined
  let answer: UIMessage | undefined
  for await (const message of readUIMessageStream({
    ...(continuing && { message: continuing }),
    stream,
    terminateOnError: true,
  }))
    answer = message
  if (answer === undefined) throw new Error('no message came back')
  return continuing ? [...messages.slice(0, -1), answer] : [...messages, answer]
}

const toolParts = (message: UIMessage | undefined) =>
  (message?.parts ?? []).filter((p) => p.type.startsWith('tool-')) as Part[]

let chats = 0

/** The /api/chat face. */
export function chatDriver(): FaceDriver {
  const targets =
    'the chat sends the call’s input back; the target’s binding is the runtime’s (the runtime face)'
  return {
    face: 'POST /api/chat',
    notApplicable: {
      signed:
        'POST /api/chat carries no signature: a person signs on the page, and a plain answer here is refused (signed-required)',
      'asker-gone':
        'a chat card outlives its request by design: the conversation comes back with the answer (GET /api/chat/:id finds it)',
      sigkill: 'in-process server in this suite; restart covers a dying process',
      'new-target': targets,
      'target-changed': targets,
    },
    start: async (setup) => instance(await startAppFace(setup)),
  }
}

/** The conversation with each answer applied to its card's tool part, as one request sends it. */
function answered(answers: readonly Answer[]): UIMessage[] {
  const first = answers[0] as Answer
  const { messages } = held(first.card)
  const last = structuredClone(messages.at(-1) as UIMessage)
  const parts = last.parts as Part[]
  const template = parts.find((p) => p.toolCallId === held(first.card).toolCallId) as Part
  let used = false
  for (const answer of answers) {
    const response = {
      state: 'approval-responded',
      approval: { id: answer.card.id, approved: answer.decision === 'allow' },
      ...(answer.input !== undefined &&
        answer.input !== 'same' && {
          input: variantArgs(template.input as Record<string, unknown>, answer.input),
        }),
    }
    if (!used && answer.card === first.card) {
      Object.assign(template, response)
      used = true
    } else {
      // A second answer (for the same card or a forged one) rides in a part of its own.
      parts.push({ ...structuredClone(template), ...response } as Part)
    }
  }
  return [...messages.slice(0, -1), last]
}

function instance(app: AppFace, node: () => AppHarness = app.current): FaceInstance {
  return {
    async ask(request) {
      chats += 1
      const chatId = `conformance-chat-${chats}-${Math.random().toString(36).slice(2, 8)}`
      const messages = await send(node(), request.asker, chatId, [
        { id: `u-${chatId}`, role: 'user', parts: [{ type: 'text', text: callText(request) }] },
      ])
      const card = toolParts(messages.at(-1)).find((p) => p.state === 'approval-requested')
      if (card === undefined) throw new Error(`no card: ${JSON.stringify(messages.at(-1))}`)
      return {
        request,
        id: (card.approval as { id: string }).id,
        handle: { chatId, messages, toolCallId: card.toolCallId as string } satisfies Held,
      }
    },
    async answer(answers) {
      const first = answers[0]
      if (first === undefined) return []
      const { chatId, toolCallId } = held(first.card)
      const to = first.otherSession ? `${chatId}-elsewhere` : chatId
      let after: UIMessage[]
      try {
        after = await send(node(), first.by, to, answered(answers))
      } catch (error) {
        const code = /"code":"([a-z_]+)"/.exec(String(error))?.[1] ?? 'refused'
        return answers.map(() => ({ kind: 'refused', code }))
      }
      const part = toolParts(after.at(-1)).find((p) => p.toolCallId === toolCallId)
      const told: Told | undefined =
        part?.state === 'output-available'
          ? { kind: 'ran' }
          : part?.state === 'output-denied'
            ? { kind: 'denied', code: 'user_denied' }
            : part?.state === 'output-error'
              ? { kind: 'denied', code: String(part.errorText ?? 'error') }
              : undefined
      if (told !== undefined && !first.otherSession) held(first.card).told = told
      const h = node()
      await settle(h.runtime, chatId)
      const pending = h.runtime.view(chatId).pending?.confirmationId === first.card.id
      return answers.map((a): Outcome => {
        if (a.card !== first.card) return { kind: 'refused', code: 'confirmation_not_found' }
        if (told === undefined)
          return pending ? { kind: 'waiting' } : { kind: 'refused', code: 'not_taken' }
        return a.decision === 'allow' && told.kind === 'ran'
          ? { kind: 'taken' }
          : a.decision === 'deny' && told.kind === 'denied'
            ? { kind: 'taken' }
            : { kind: 'refused', code: 'not_taken' }
      })
    },
    async effects(card) {
      await settle(node().runtime, held(card).chatId)
      return appendedFor(card)
    },
    told: async (card) => held(card).told ?? { kind: 'nothing' },
    restart: () => app.restart(),
    async secondNode() {
      const other = await app.second()
      return { ...instance(app, () => other), close: async () => {} }
    },
    expired: (card) => app.expired(held(card).chatId),
    close: () => app.close(),
  }
}
