import { describe, expect, it } from 'vitest'
import { ModelError } from '../../models/ModelError.ts'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { ChatMessage, ModelTurn } from '../../vocabulary/ChatMessage.ts'

function request(messages: ChatMessage[], signal = new AbortController().signal): ModelRequest {
  return { messages, tools: [], signal }
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ModelError)
  return error as ModelError
}

describe('ScriptedModel', () => {
  it('plays fixed turns in order and is named "scripted" by default', async () => {
    const model = new ScriptedModel([{ text: 'one' }, { text: 'two' }])
    expect(model.name).toBe('scripted')
    expect(await model.complete(request([{ role: 'user', content: 'a' }]))).toEqual({ text: 'one' })
    expect(await model.complete(request([{ role: 'user', content: 'b' }]))).toEqual({ text: 'two' })
  })

  it('takes its name from the options', () => {
    expect(new ScriptedModel([], { name: 'demo' }).name).toBe('demo')
  })

  it('rejects with model_script_exhausted once the script is used up', async () => {
    const model = new ScriptedModel([{ text: 'only' }])
    await model.complete(request([]))
    const error = await failure(model.complete(request([])))
    expect(error.code).toBe('model_script_exhausted')
  })

  it('does not change when the caller mutates the array it passed in', async () => {
    const script: ModelTurn[] = [{ text: 'one' }]
    const model = new ScriptedModel(script)
    script.push({ text: 'two' })
    await model.complete(request([]))
    expect((await failure(model.complete(request([])))).code).toBe('model_script_exhausted')
  })

  it('calls function entries with the request, sync or async', async () => {
    const seen: string[] = []
    const model = new ScriptedModel([
      (req) => {
        seen.push(req.messages.at(-1)?.content ?? '')
        return { text: 'sync' }
      },
      async (req) => ({ text: `async saw ${req.messages.length} messages` }),
    ])
    const messages: ChatMessage[] = [{ role: 'user', content: 'hello' }]
    expect(await model.complete(request(messages))).toEqual({ text: 'sync' })
    expect(seen).toEqual(['hello'])
    expect(await model.complete(request(messages))).toEqual({ text: 'async saw 1 messages' })
  })

  it('uses a function script for every call and never runs out', async () => {
    let calls = 0
    const model = new ScriptedModel(() => ({ text: `call ${++calls}` }))
    for (let i = 1; i <= 5; i++)
      expect(await model.complete(request([]))).toEqual({ text: `call ${i}` })
  })

  it('passes on errors thrown by a function entry', async () => {
    const model = new ScriptedModel([
      () => {
        throw new ModelError('model_unavailable', 'down')
      },
    ])
    expect((await failure(model.complete(request([])))).code).toBe('model_unavailable')
  })

  it('records each request with its messages copied', async () => {
    const model = new ScriptedModel([{ text: 'ok' }, { text: 'ok' }])
    const messages: ChatMessage[] = [
      { role: 'user', content: 'first' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', name: 'list_tasks', arguments: '{}' }],
      },
    ]
    await model.complete(request(messages))
    messages.push({ role: 'user', content: 'second' })
    const assistant = messages[1]
    if (assistant?.role === 'assistant' && assistant.toolCalls?.[0]) assistant.toolCalls[0].id = 'x'
    await model.complete(request(messages))
    expect(model.requests).toHaveLength(2)
    expect(model.requests[0]?.messages).toEqual([
      { role: 'user', content: 'first' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c1', name: 'list_tasks', arguments: '{}' }],
      },
    ])
    expect(model.requests[1]?.messages).toHaveLength(3)
  })

  it('rejects with model_aborted when the signal is already aborted, without using an entry', async () => {
    const model = new ScriptedModel([{ text: 'kept' }])
    const controller = new AbortController()
    controller.abort()
    const error = await failure(model.complete(request([], controller.signal)))
    expect(error.code).toBe('model_aborted')
    expect(await model.complete(request([]))).toEqual({ text: 'kept' })
  })

  it('rejects with model_aborted when aborted while a function entry is pending', async () => {
    const model = new ScriptedModel([() => new Promise<ModelTurn>(() => {})])
    const controller = new AbortController()
    const pending = model.complete(request([], controller.signal))
    setTimeout(() => controller.abort(), 5)
    expect((await failure(pending)).code).toBe('model_aborted')
  })
})
