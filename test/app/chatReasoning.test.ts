// A model's reasoning on the AI SDK's chat protocol: a scripted turn with reasoning comes out as a
// reasoning part before the answer, read by the AI SDK's own `readUIMessageStream`, and
// `GET /api/chat/:id` rebuilds it after a reload and a restart.
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { type AppHarness, pageGet, startHarness } from './appHarness.ts'

let h: AppHarness
afterEach(async () => {
  await h?.dispose()
})

async function send(chatId: string, text: string): Promise<UIMessage> {
  const { host: _host, 'content-type': _type, ...headers } = h.pageHeaders()
  const transport = new DefaultChatTransport<UIMessage>({
    api: `${h.server.url}/api/chat`,
    headers,
  })
  const stream = await transport.sendMessages({
    chatId,
    messages: [{ id: 'm-1', role: 'user', parts: [{ type: 'text', text }] }],
    trigger: 'submit-message',
    messageId: undefined,
    abortSignal: undefined,
  })
  let answer: UIMessage | undefined
  for await (const message of readUIMessageStream({ stream, terminateOnError: true }))
    answer = message
  if (answer === undefined) throw new Error('no message came back')
  return answer
}

async function reloaded(chatId: string): Promise<UIMessage[]> {
  const loaded = await pageGet(h, `/api/chat/${chatId}`)
  expect(loaded.status).toBe(200)
  return (loaded.json() as unknown as { messages: UIMessage[] }).messages
}

const kinds = (message: UIMessage | undefined) =>
  (message?.parts ?? []).map((p) => p.type).filter((t) => t !== 'step-start')

describe('a model’s reasoning on POST /api/chat', { timeout: 60_000 }, () => {
  it('comes as a reasoning part before the text, and a reload rebuilds it', async () => {
    const thought = 'The person greets me; no tool is needed.'
    h = await startHarness({ model: new ScriptedModel([{ reasoning: thought, text: 'Hello!' }]) })
    const streamed = await send('chat-thinks', 'hello')
    expect(kinds(streamed)).toEqual(['reasoning', 'text'])
    expect(streamed.parts[1]).toMatchObject({ type: 'reasoning', text: thought, state: 'done' })
    expect(streamed.parts[2]).toMatchObject({ type: 'text', text: 'Hello!', state: 'done' })

    const [, assistant] = await reloaded('chat-thinks')
    expect(assistant?.id).toBe(streamed.id)
    expect(assistant?.parts).toEqual([
      { type: 'step-start' },
      { type: 'reasoning', text: thought, state: 'done' },
      { type: 'text', text: 'Hello!', state: 'done' },
    ])
  })

  it('a turn that reasons and then proposes a call keeps its reasoning beside the card, across a restart', async () => {
    const thought = 'They want a task for chapter 3; creating it needs their consent.'
    const model = new ScriptedModel([
      {
        reasoning: thought,
        toolCalls: [
          {
            id: 'call-1',
            name: 'create_task',
            arguments: JSON.stringify({ title: 'Review chapter 3', importance: 4 }),
          },
        ],
      },
    ])
    h = await startHarness({ model })
    const streamed = await send('chat-card', 'add a task to review chapter 3')
    expect(kinds(streamed)).toEqual(['reasoning', 'tool-create_task', 'data-studypulse-card'])
    // The run keeps the reasoning with the assistant message, and it survives the restart.
    const kept = (view: { messages: readonly unknown[] }) =>
      view.messages.findLast((m) => (m as { role: string }).role === 'assistant')
    expect(kept(h.runtime.view('chat-card'))).toMatchObject({ content: '', reasoning: thought })

    h = await h.restart({ model })
    await h.runtime.open('chat-card')
    expect(h.runtime.view('chat-card').value).toBe('awaitingConfirmation')
    expect(kept(h.runtime.view('chat-card'))).toMatchObject({ reasoning: thought })
    const [, assistant] = await reloaded('chat-card')
    expect(kinds(assistant)).toEqual(['reasoning', 'tool-create_task', 'data-studypulse-card'])
    expect(assistant?.parts[1]).toEqual({ type: 'reasoning', text: thought, state: 'done' })
  })

  it('a turn without reasoning has no reasoning part', async () => {
    h = await startHarness({ model: new ScriptedModel([{ text: 'Hi.' }]) })
    expect(kinds(await send('chat-plain', 'hello'))).toEqual(['text'])
    const [, assistant] = await reloaded('chat-plain')
    expect(kinds(assistant)).toEqual(['text'])
  })
})
