import { nonEmpty } from './createModelClient.ts'
import { type AiSdkLanguageModel, fromAiSdk } from './fromAiSdk.ts'
import { type AiSdkProviderModule, loadAiSdkProvider, onFirstUse } from './loadModelSdk.ts'
import { ModelError } from './ModelError.ts'
import type { ModelClient } from './messages.ts'

/** What an AI SDK provider factory (`createOpenAI`, `createAnthropic`, ...) returns, as far as used here. */
interface ProviderInstance {
  chat?: (modelId: string) => AiSdkLanguageModel
  languageModel?: (modelId: string) => AiSdkLanguageModel
}

const providerName = /^[a-z0-9][a-z0-9-]*$/

/**
 * The model `STUDYPULSE_MODEL=ai-sdk:<provider>:<model>` names: `@ai-sdk/<provider>` (installed
 * by the app, loaded on the first call) made by its `create…` factory with `<PROVIDER>_API_KEY`
 * and `<PROVIDER>_BASE_URL` from `env` when set (the provider reads its own variables otherwise;
 * `openai-compatible` uses `OPENAI_…` and needs the base URL). The provider's chat model is used
 * when it has one (`@ai-sdk/openai`: Chat Completions), its default language model otherwise.
 */
export function aiSdkModelFromEnv(
  spec: string,
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs?: number,
): ModelClient {
  const colon = spec.indexOf(':')
  const provider = spec.slice(0, colon)
  const modelId = spec.slice(colon + 1).trim()
  if (colon <= 0 || !providerName.test(provider) || modelId === '') {
    throw new ModelError(
      'model_config',
      `STUDYPULSE_MODEL="ai-sdk:${spec}" is not understood; use ai-sdk:<provider>:<model>, e.g. ai-sdk:anthropic:claude-sonnet-4-6 (with @ai-sdk/anthropic installed).`,
    )
  }
  const name = `ai-sdk:${provider}:${modelId}`
  const prefix =
    provider === 'openai-compatible' ? 'OPENAI' : provider.toUpperCase().replaceAll('-', '_')
  const keyVariable = `${prefix}_API_KEY`
  const apiKey = nonEmpty(env[keyVariable])
  const baseURL = nonEmpty(env[`${prefix}_BASE_URL`])
  if (provider === 'openai-compatible' && baseURL === undefined) {
    throw new ModelError(
      'model_config',
      `${name} needs the server's address: set OPENAI_BASE_URL, e.g. http://127.0.0.1:11434/v1.`,
    )
  }
  const settings = {
    ...(apiKey !== undefined && { apiKey }),
    ...(baseURL !== undefined && { baseURL }),
    ...(provider === 'openai-compatible' && { name: provider }),
  }
  const client = onFirstUse(async () => {
    const module = await loadAiSdkProvider(name, provider)
    const model = languageModelOf(module, settings, modelId, name)
    return fromAiSdk(model, { name, keyVariable, ...(timeoutMs !== undefined && { timeoutMs }) })
  })
  return { name, complete: async (request) => (await client()).complete(request) }
}

/** Makes the model with the package's one `create…` factory. */
function languageModelOf(
  module: AiSdkProviderModule,
  settings: Record<string, string>,
  modelId: string,
  name: string,
): AiSdkLanguageModel {
  const factories = Object.entries(module).filter(
    ([key, value]) => key.startsWith('create') && typeof value === 'function',
  )
  const [entry] = factories
  if (factories.length !== 1 || entry === undefined) {
    throw new ModelError(
      'model_config',
      `${name}: the package has no single create… provider factory; build its model yourself and pass it to fromAiSdk.`,
    )
  }
  const instance = (entry[1] as (settings: object) => ProviderInstance)(settings)
  const make = instance.chat ?? instance.languageModel
  if (make === undefined) {
    throw new ModelError('model_config', `${name}: the provider makes no language models.`)
  }
  return make.call(instance, modelId)
}
