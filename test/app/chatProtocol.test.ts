// The AI SDK's chat protocol on `POST /api/chat`, driven by the AI SDK's own client code: its
// `DefaultChatTransport` sends the conversation and `readUIMessageStream` builds the messages a
// `useChat` page would hold. A card is a tool part in `approval-requested`; answering it is a
// decision through the runtime's one decision path.
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  readUIMessageStream,
  type UIMessage,
} from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import type { ModelClient } from '../../models/messages.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { signal } from '../helpers/signal.ts'
import { type AppHarness, pageGet, rawRequest, startHarness } from './appHarness.ts'

type Part = UIMessage['parts'][number] & Record<string, unknown>

let h: AppHarness
afterEach(async () => {
  await h?.dispose()
})

const ask = 'add a task to review chapter 3 by Friday, importance 4'
// The folder's tasks are rows of studypulse.db now: read them through the workspace.
const titles = async () => (await h.workspace.readTasks()).map((task) => task.title)

function transport(server = h) {
  const { host: _host, 'content-type': _type, ...headers } = server.pageHeaders()
  return new DefaultChatTransport<UIMessage>({ api: `${server.server.url}/api/chat`, headers })
}

/** Sends the conversation as `useChat` would and returns it with the answer applied. */
async function send(chatId: string, messages: UIMessage[], server = h): Promise<UIMessage[]> {
  const stream = await transport(server).sendMessages({
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

const user = (text: string): UIMessage => ({
  id: `m-${Math.random()}`,
  role: 'user',
  parts: [{ type: 'text', text }],
})
const toolParts = (message: UIMessage | undefined) =>
  (message?.parts ?? []).filter((p) => p.type.startsWith('tool-')) as Part[]

/** `addToolApprovalResponse` as the AI SDK's Chat applies it to the last message. */
function answer(messages: UIMessage[], approvalId: string, approved: boolean): UIMessage[] {
  const last = structuredClone(messages.at(-1) as UIMessage)
  for (const part of last.parts as Part[]) {
    const approval = part.approval as { id: string } | undefined
    if (part.state === 'approval-requested' && approval?.id === approvalId) {
      part.state = 'approval-responded'
      part.approval = { id: approvalId, approved }
    }
  }
  return [...messages.slice(0, -1), last]
}

async function toCard(chatId: string) {
  const messages = await send(chatId, [user(ask)])
  const card = toolParts(messages.at(-1)).find((p) => p.state === 'approval-requested')
  if (card === undefined) throw new Error(`no card: ${JSON.stringify(messages.at(-1))}`)
  return { messages, card, approvalId: (card.approval as { id: string }).id }
}

describe('useChat drives a StudyPulse run (POST /api/chat)', { timeout: 60_000 }, () => {
  it('a card comes as approval-requested with its description; an allow writes the task once; a replay is refused', async () => {
    h = await startHarness()
    const { messages, card, approvalId } = await toCard('chat-allow')
    expect(card.type).toBe('tool-create_task')
    expect(card.input).toEqual({
      title: 'Review chapter 3',
      due: expect.any(String),
      importance: 4,
    })
    // The card is the run's own: one conversation, one run, named by the chat id.
    expect(h.runtime.view('chat-allow').pending?.confirmationId).toBe(approvalId)
    const described = messages.at(-1)?.parts.find((p) => p.type === 'data-studypulse-card') as Part
    expect(described.data).toMatchObject({
      confirmationId: approvalId,
      permission: 'write',
      whoMayApprove: ['the person whose run it is'],
      description: { headline: expect.stringContaining('Review chapter 3') },
    })
    expect(await titles()).not.toContain('Review chapter 3')

    const approved = answer(messages, approvalId, true)
    expect(lastAssistantMessageIsCompleteWithApprovalResponses({ messages: approved })).toBe(true)
    const after = await send('chat-allow', approved)
    const done = toolParts(after.at(-1)).find((p) => p.toolCallId === card.toolCallId)
    expect(done?.state).toBe('output-available')
    expect(after.at(-1)?.parts.some((p) => p.type === 'text')).toBe(true)
    expect((await titles()).filter((t) => t === 'Review chapter 3')).toHaveLength(1)

    // The same approval again (a replay, or a second tab): refused, nothing runs twice.
    await expect(send('chat-allow', approved)).rejects.toThrow(/confirmation_not_found|no pending/i)
    expect((await titles()).filter((t) => t === 'Review chapter 3')).toHaveLength(1)
  })

  it('a denial is output-denied and the run goes on; forged and edited approvals decide nothing', async () => {
    h = await startHarness()
    const { messages, card, approvalId } = await toCard('chat-deny')
    const edited = structuredClone(answer(messages, approvalId, true))
    const editedPart = toolParts(edited.at(-1)).find(
      (p) => p.toolCallId === card.toolCallId,
    ) as Part
    editedPart.input = { title: 'Something else', importance: 5 }
    await expect(send('chat-deny', edited)).rejects.toThrow(/approval_input_changed/)
    await expect(send('chat-deny', answer(messages, 'forged-id', true))).rejects.toThrow()
    const forged = structuredClone(messages)
    const forgedPart = toolParts(forged.at(-1))[0] as Part
    forgedPart.state = 'approval-responded'
    forgedPart.approval = { id: 'not-a-card', approved: true }
    await expect(send('chat-deny', forged)).rejects.toThrow(/confirmation_not_found/)
    expect(h.runtime.view('chat-deny').pending?.confirmationId).toBe(approvalId)

    const after = await send('chat-deny', answer(messages, approvalId, false))
    const denied = toolParts(after.at(-1)).find((p) => p.toolCallId === card.toolCallId)
    expect(denied?.state).toBe('output-denied')
    expect(await titles()).not.toContain('Review chapter 3')
    // The model's next words come in the same message, and the run waits for the person again.
    const texts = after.at(-1)?.parts.filter((p) => p.type === 'text') ?? []
    expect(texts.length).toBeGreaterThan(0)
    expect(h.runtime.view('chat-deny').value).toBe('awaitingInput')
    const next = await send('chat-deny', [...after, user('list my tasks')])
    expect(next.at(-1)?.role).toBe('assistant')
    expect(toolParts(next.at(-1)).map((p) => p.type)).toContain('tool-list_tasks')
  })

  it('one valid approval beside an unknown id: 409 and nothing applied (a request is all or none)', async () => {
    h = await startHarness()
    const { messages, card, approvalId } = await toCard('chat-all-or-none')
    const both = structuredClone(answer(messages, approvalId, true))
    const last = both.at(-1) as UIMessage
    last.parts.push({
      ...(toolParts(last).find((p) => p.toolCallId === card.toolCallId) as Part),
      toolCallId: 'call-no-card',
      approval: { id: 'not-a-card', approved: true },
    } as UIMessage['parts'][number])
    await expect(send('chat-all-or-none', both)).rejects.toThrow(/confirmation_not_found/)
    // The valid approval was not applied: the card still waits, no task was written.
    expect(h.runtime.view('chat-all-or-none').pending?.confirmationId).toBe(approvalId)
    expect(await titles()).not.toContain('Review chapter 3')
    // Alone, it is taken, once.
    await send('chat-all-or-none', answer(messages, approvalId, true))
    expect((await titles()).filter((t) => t === 'Review chapter 3')).toHaveLength(1)
  })

  it('a reload finds the open card (GET /api/chat/:id), across a restart, and its approval runs once', async () => {
    h = await startHarness()
    const { approvalId } = await toCard('chat-reload')
    h = await h.restart()
    await h.runtime.open('chat-reload')
    const loaded = await pageGet(h, '/api/chat/chat-reload')
    expect(loaded.status).toBe(200)
    const { messages } = loaded.json() as unknown as { messages: UIMessage[] }
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    const card = toolParts(messages.at(-1)).find((p) => p.state === 'approval-requested')
    expect(card?.approval).toEqual({ id: approvalId })
    // Nothing streams while the run waits on a person: resumeStream finds no stream.
    expect((await pageGet(h, '/api/chat/chat-reload/stream')).status).toBe(204)
    expect((await pageGet(h, '/api/chat/no-such-chat/stream')).status).toBe(204)

    const after = await send('chat-reload', answer(messages, approvalId, true))
    expect(toolParts(after.at(-1)).find((p) => p.toolCallId === card?.toolCallId)?.state).toBe(
      'output-available',
    )
    expect((await titles()).filter((t) => t === 'Review chapter 3')).toHaveLength(1)
    await waitForRun(h.runtime, 'chat-reload', 'awaitingInput')
  })

  it('refuses a chat without the token, and a message to a run that is busy is a clear 409', async () => {
    h = await startHarness()
    const anonymous = await fetch(`${h.server.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'x', messages: [user(ask)] }),
    })
    expect(anonymous.status).toBe(403)
    await toCard('chat-busy')
    await expect(send('chat-busy', [user(ask), user('and another')])).rejects.toThrow(
      /not_awaiting_input/,
    )
    const regenerate = await transport()
      .sendMessages({
        chatId: 'chat-busy',
        messages: [user(ask)],
        trigger: 'regenerate-message',
        messageId: undefined,
        abortSignal: undefined,
      })
      .catch((error: Error) => error)
    expect(String(regenerate)).toMatch(/regenerate_not_supported/)
  })
})

describe('resumeStream (GET /api/chat/:id/stream)', { timeout: 60_000 }, () => {
  it('a page that reloads while the model thinks picks up the turn, from its start, to its end', async () => {
    const gate = signal()
    const thinking = signal()
    const model: ModelClient = {
      name: 'gated',
      complete: async () => {
        thinking.resolve()
        await gate.promise
        return { text: 'Here are your tasks.' }
      },
    }
    h = await startHarness({ model })
    // The first page sends its message and goes away before the answer.
    const leaving = new AbortController()
    const first = transport().sendMessages({
      chatId: 'chat-resume',
      messages: [user('what are my tasks?')],
      trigger: 'submit-message',
      messageId: undefined,
      abortSignal: leaving.signal,
    })
    await thinking.promise
    leaving.abort()
    await first.catch(() => undefined)
    const resumed = await transport().reconnectToStream({ chatId: 'chat-resume' })
    expect(resumed).not.toBeNull()
    gate.resolve()
    let message: UIMessage | undefined
    for await (const m of readUIMessageStream({
      stream: resumed as ReadableStream,
      terminateOnError: true,
    }))
      message = m
    const [, assistant] = (await pageGet(h, '/api/chat/chat-resume')).json().messages as UIMessage[]
    expect(message?.id).toBe(assistant?.id)
    expect(message?.parts.filter((p) => p.type === 'text')).toEqual([
      expect.objectContaining({ text: 'Here are your tasks.' }),
    ])
    // Once the run waits for the person, there is nothing to resume.
    expect(await transport().reconnectToStream({ chatId: 'chat-resume' })).toBeNull()
  })
})

describe('in hosted mode, the chat is the signed-in person’s and a card is decided by whom the rules allow', {
  timeout: 60_000,
}, () => {
  const publicHost = 'study.example.edu'
  const as = (user: string, groups: string) => ({
    host: publicHost,
    origin: `https://${publicHost}`,
    'x-forwarded-user': user,
    'x-forwarded-groups': groups,
    'content-type': 'application/json',
  })
  const chat = (headers: Record<string, string>, body: unknown) =>
    rawRequest(h.server.port, {
      method: 'POST',
      path: '/api/chat',
      headers,
      body: JSON.stringify(body),
    })
  /** The chunks of a UI message stream's body, as the AI SDK reads them. */
  const chunks = (body: string) =>
    body
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: ') && frame !== 'data: [DONE]')
      .map((frame) => JSON.parse(frame.slice(6)) as Record<string, unknown>)

  it('Alice may not approve her own write card (the rules name reviewers); Bob cannot see it; Rita approves it once', async () => {
    h = await startHarness({
      hosted: {
        publicOrigin: `https://${publicHost}`,
        auth: { kind: 'proxy' },
        trustedProxies: ['127.0.0.1/32'],
      },
      approvalRules: {
        version: 1,
        rules: [{ levels: ['write'], approvers: { groups: ['reviewers'] } }],
      },
    })
    const alice = as('alice', 'students')
    const started = await chat(alice, { id: 'alice-chat', messages: [user(ask)] })
    expect(started.status).toBe(200)
    expect(started.headers['x-vercel-ai-ui-message-stream']).toBe('v1')
    const request = chunks(started.body).find((c) => c.type === 'tool-approval-request')
    const input = chunks(started.body).findLast((c) => c.type === 'tool-input-available')?.input
    expect(request).toBeDefined()
    const card = chunks(started.body).find((c) => c.type === 'data-studypulse-card')
    expect((card?.data as { whoMayApprove?: string[] })?.whoMayApprove).toEqual(['group reviewers'])
    const approval = {
      id: 'alice-chat',
      messages: [
        user(ask),
        {
          id: 'a',
          role: 'assistant',
          parts: [
            {
              type: 'tool-create_task',
              toolCallId: request?.toolCallId,
              state: 'approval-responded',
              input,
              approval: { id: request?.approvalId, approved: true },
            },
          ],
        },
      ],
    }
    const own = await chat(alice, approval)
    expect([own.status, own.json().error?.code]).toEqual([403, 'approver_not_allowed'])
    const bob = await chat(as('bob', 'students'), approval)
    expect([bob.status, bob.json().error?.code]).toEqual([404, 'run_not_found'])
    expect(
      (
        await rawRequest(h.server.port, {
          path: '/api/chat/alice-chat',
          headers: as('bob', 'students'),
        })
      ).status,
    ).toBe(404)
    // Each person's tasks are their own: the run's log says what ran.
    const created = () =>
      h.runtime
        .view('alice-chat')
        .events.filter((e) => e.kind === 'toolCompleted' && e.toolName === 'create_task')
    expect(created()).toHaveLength(0)

    const rita = await chat(as('rita', 'reviewers'), approval)
    expect(rita.status).toBe(200)
    expect(chunks(rita.body).map((c) => c.type)).toContain('tool-output-available')
    expect(created()).toHaveLength(1)
    const again = await chat(as('rita', 'reviewers'), approval)
    expect([again.status, again.json().error?.code]).toEqual([409, 'confirmation_not_found'])
    expect(created()).toHaveLength(1)
  })
})
