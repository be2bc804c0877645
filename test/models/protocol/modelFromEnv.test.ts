import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AnthropicModel } from '../../../models/AnthropicModel.ts'
import { createModelClient } from '../../../models/createModelClient.ts'
import { ModelError } from '../../../models/ModelError.ts'
import { modelFromEnv } from '../../../models/modelFromEnv.ts'
import { OpenAIChatModel } from '../../../models/OpenAIChatModel.ts'
import { OfflinePlanner } from '../../../models/offline/OfflinePlanner.ts'
import { type FakeModelServer, sseReply, startFakeModelServer } from './fakeModelServer.ts'
import { openAITextStream } from './openAIWire.ts'

function thrown(make: () => unknown): ModelError {
  try {
    make()
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError)
    return error as ModelError
  }
  throw new Error('expected a ModelError, nothing was thrown')
}

describe('modelFromEnv', () => {
  it('no STUDYPULSE_MODEL: the offline planner', () => {
    const model = modelFromEnv({ OPENAI_API_KEY: 'sk-ignored' })
    expect(model).toBeInstanceOf(OfflinePlanner)
    expect(model.name).toBe('offline-planner')
    expect(modelFromEnv({ STUDYPULSE_MODEL: 'offline' }).name).toBe('offline-planner')
  })

  it('openai:<model> with OPENAI_API_KEY', () => {
    const model = modelFromEnv({ STUDYPULSE_MODEL: 'openai:gpt-4o-mini', OPENAI_API_KEY: 'sk-1' })
    expect(model).toBeInstanceOf(OpenAIChatModel)
    expect(model.name).toBe('openai:gpt-4o-mini')
  })

  it('anthropic:<model> with ANTHROPIC_API_KEY', () => {
    const model = modelFromEnv({
      STUDYPULSE_MODEL: 'anthropic:claude-sonnet-4-6',
      ANTHROPIC_API_KEY: 'sk-ant-1',
    })
    expect(model).toBeInstanceOf(AnthropicModel)
    expect(model.name).toBe('anthropic:claude-sonnet-4-6')
  })

  it('openai-compatible:<model> names the server; model ids may contain colons; no key needed', () => {
    const model = modelFromEnv({
      STUDYPULSE_MODEL: 'openai-compatible:llama3.1:8b',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
    })
    expect(model.name).toBe('openai-compatible:llama3.1:8b @ http://127.0.0.1:11434/v1')
  })

  it('a missing key is a model_auth error naming the variable', () => {
    const openai = thrown(() => modelFromEnv({ STUDYPULSE_MODEL: 'openai:gpt-4o-mini' }))
    expect(openai.code).toBe('model_auth')
    expect(openai.message).toContain('OPENAI_API_KEY')
    const anthropic = thrown(() =>
      modelFromEnv({ STUDYPULSE_MODEL: 'anthropic:claude-sonnet-4-6', ANTHROPIC_API_KEY: ' ' }),
    )
    expect(anthropic.code).toBe('model_auth')
    expect(anthropic.message).toContain('ANTHROPIC_API_KEY')
  })

  it('settings that cannot work are model_config errors that say what to set', () => {
    const noBase = thrown(() => modelFromEnv({ STUDYPULSE_MODEL: 'openai-compatible:llama3.1' }))
    expect(noBase.code).toBe('model_config')
    expect(noBase.message).toContain('OPENAI_BASE_URL')
    for (const spec of ['gpt-4o-mini', 'gemini:pro', 'openai:', ':gpt-4o']) {
      expect(thrown(() => modelFromEnv({ STUDYPULSE_MODEL: spec, OPENAI_API_KEY: 'k' })).code).toBe(
        'model_config',
      )
    }
    const badTimeout = thrown(() =>
      modelFromEnv({
        STUDYPULSE_MODEL: 'openai:gpt-4o-mini',
        OPENAI_API_KEY: 'k',
        STUDYPULSE_MODEL_TIMEOUT_MS: 'soon',
      }),
    )
    expect(badTimeout.message).toContain('STUDYPULSE_MODEL_TIMEOUT_MS')
  })
})

describe('modelFromEnv with ai-sdk:<provider>:<model>', () => {
  const request = () => ({
    messages: [{ role: 'user' as const, content: 'hi' }],
    tools: [],
    signal: new AbortController().signal,
  })
  const rejected = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a ModelError, the call succeeded')
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(ModelError)
        return error as ModelError
      },
    )

  it('names the model after the provider and model id; no package is loaded until the first call', () => {
    const model = modelFromEnv({
      STUDYPULSE_MODEL: 'ai-sdk:anthropic:claude-sonnet-4-6',
      ANTHROPIC_API_KEY: 'k',
    })
    expect(model.name).toBe('ai-sdk:anthropic:claude-sonnet-4-6')
    expect(modelFromEnv({ STUDYPULSE_MODEL: 'ai-sdk:no-such-provider:m' }).name).toBe(
      'ai-sdk:no-such-provider:m',
    )
  })

  it('a provider package that is not installed: model_config naming the package to install', async () => {
    const error = await rejected(
      modelFromEnv({ STUDYPULSE_MODEL: 'ai-sdk:no-such-provider:m' }).complete(request()),
    )
    expect(error.code).toBe('model_config')
    expect(error.message).toContain('npm install @ai-sdk/no-such-provider')
  })

  it('no key anywhere: the provider says which variable, as model_auth, before any request', async () => {
    const server = await startFakeModelServer()
    vi.stubEnv('ANTHROPIC_API_KEY', undefined)
    try {
      const error = await rejected(
        modelFromEnv({
          STUDYPULSE_MODEL: 'ai-sdk:anthropic:claude-test-1',
          ANTHROPIC_BASE_URL: `${server.url}/v1`,
        }).complete(request()),
      )
      expect(error.code).toBe('model_auth')
      expect(error.message).toContain('ANTHROPIC_API_KEY')
      expect(server.requests).toEqual([])
    } finally {
      vi.unstubAllEnvs()
      await server.close()
    }
  })

  it('specs and settings that cannot work are model_config errors', () => {
    for (const spec of [
      'ai-sdk:',
      'ai-sdk:openai',
      'ai-sdk:openai:',
      'ai-sdk:../evil:m',
      'ai-sdk:Open:m',
    ]) {
      expect(thrown(() => modelFromEnv({ STUDYPULSE_MODEL: spec })).code).toBe('model_config')
    }
    const noBase = thrown(() =>
      modelFromEnv({ STUDYPULSE_MODEL: 'ai-sdk:openai-compatible:llama3.1' }),
    )
    expect(noBase.code).toBe('model_config')
    expect(noBase.message).toContain('OPENAI_BASE_URL')
  })
})

describe('createModelClient', () => {
  it('builds each provider, and refuses a remote one without a model', () => {
    expect(createModelClient({ provider: 'offline' }).name).toBe('offline-planner')
    expect(createModelClient({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk' }).name).toBe(
      'openai:gpt-4o-mini',
    )
    expect(thrown(() => createModelClient({ provider: 'anthropic', apiKey: 'k' })).code).toBe(
      'model_config',
    )
    expect(
      thrown(() => createModelClient({ provider: 'anthropic', model: 'claude-sonnet-4-6' }))
        .message,
    ).toContain('ANTHROPIC_API_KEY')
  })
})

describe('an openai-compatible model from the environment talks to a local server', () => {
  let server: FakeModelServer
  beforeEach(async () => {
    server = await startFakeModelServer()
  })
  afterEach(() => server.close())

  it('without a key, at OPENAI_BASE_URL, streaming', async () => {
    server.reply(sseReply(openAITextStream(['Hi from ', 'llama.'])))
    const model = modelFromEnv({
      STUDYPULSE_MODEL: 'openai-compatible:llama3.1',
      OPENAI_BASE_URL: `${server.url}/v1`,
    })
    const deltas: string[] = []
    const turn = await model.complete({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
      tools: [],
      signal: new AbortController().signal,
      onTextDelta: (d) => deltas.push(d),
    })
    expect(turn).toEqual({ text: 'Hi from llama.' })
    expect(deltas).toEqual(['Hi from ', 'llama.'])
    const [sent] = server.requests
    expect(sent?.url).toBe('/v1/chat/completions')
    expect(sent?.body).toEqual({
      model: 'llama3.1',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    })
  })
})
