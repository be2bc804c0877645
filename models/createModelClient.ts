import { AnthropicModel } from './AnthropicModel.ts'
import type { HttpModelOptions } from './HttpModelOptions.ts'
import { ModelError } from './ModelError.ts'
import type { ModelClient } from './messages.ts'
import { OpenAIChatModel } from './OpenAIChatModel.ts'
import { OfflinePlanner } from './offline/OfflinePlanner.ts'

/** The kinds of model StudyPulse can talk to. */
export type ModelProvider = 'openai' | 'openai-compatible' | 'anthropic' | 'offline'

/** Which model to use and how to reach it; `model` is ignored by the offline planner. */
export interface ModelClientSettings extends Partial<HttpModelOptions> {
  provider: ModelProvider
  /** The most tokens one answer may have; Anthropic only (default 4096). */
  maxTokens?: number
}

/**
 * Builds a model client. Throws `ModelError` at once for settings that cannot work: a missing key
 * (`model_auth`, naming the environment variable), or a missing model or base URL (`model_config`).
 */
export function createModelClient(settings: ModelClientSettings): ModelClient {
  const { provider } = settings
  if (provider === 'offline') return new OfflinePlanner()
  if (provider !== 'openai' && provider !== 'openai-compatible' && provider !== 'anthropic') {
    throw new ModelError(
      'model_config',
      `unknown model provider "${String(provider)}"; use openai, openai-compatible, anthropic or offline.`,
    )
  }
  const model = settings.model?.trim() ?? ''
  if (model === '') {
    throw new ModelError('model_config', `${provider}: no model named, e.g. ${example[provider]}.`)
  }
  const baseURL = nonEmpty(settings.baseURL)
  if (baseURL !== undefined && !URL.canParse(baseURL)) {
    throw new ModelError('model_config', `${provider}: base URL "${baseURL}" is not a URL.`)
  }
  const apiKey = nonEmpty(settings.apiKey)
  const common = {
    ...settings,
    model,
    ...(apiKey !== undefined ? { apiKey } : { apiKey: undefined }),
    ...(baseURL !== undefined ? { baseURL } : { baseURL: undefined }),
  }
  switch (provider) {
    case 'openai':
      if (apiKey === undefined) throw missingKey(`openai:${model}`, 'OPENAI_API_KEY')
      return new OpenAIChatModel({ ...common, name: settings.name ?? `openai:${model}` })
    case 'openai-compatible':
      if (baseURL === undefined) {
        throw new ModelError(
          'model_config',
          `openai-compatible:${model} needs the server's address: set OPENAI_BASE_URL (or pass \`baseURL\`), e.g. http://127.0.0.1:11434/v1.`,
        )
      }
      return new OpenAIChatModel({
        ...common,
        name: settings.name ?? `openai-compatible:${model} @ ${baseURL}`,
      })
    case 'anthropic':
      if (apiKey === undefined) throw missingKey(`anthropic:${model}`, 'ANTHROPIC_API_KEY')
      return new AnthropicModel({ ...common, name: settings.name ?? `anthropic:${model}` })
  }
}

const example: Record<Exclude<ModelProvider, 'offline'>, string> = {
  openai: 'gpt-4o-mini',
  'openai-compatible': 'llama3.1',
  anthropic: 'claude-sonnet-4-6',
}

function missingKey(name: string, variable: string): ModelError {
  return new ModelError(
    'model_auth',
    `${name} needs an API key: set ${variable} (or pass \`apiKey\`).`,
  )
}

/** The trimmed setting, or undefined when it is unset or blank. */
export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed === '' ? undefined : trimmed
}
