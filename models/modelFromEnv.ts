import { aiSdkModelFromEnv } from './aiSdkFromEnv.ts'
import { createModelClient, type ModelProvider } from './createModelClient.ts'
import { ModelError } from './ModelError.ts'
import type { ModelClient } from './messages.ts'

const providers: readonly ModelProvider[] = ['openai', 'openai-compatible', 'anthropic', 'offline']
const aiSdkPrefix = 'ai-sdk:'

/**
 * The model the environment names. `STUDYPULSE_MODEL` is `openai:<model>`, `anthropic:<model>` or
 * `openai-compatible:<model>` (with `OPENAI_BASE_URL`), or `ai-sdk:<provider>:<model>` for an
 * installed AI SDK provider package (see `aiSdkModelFromEnv`); keys come from `OPENAI_API_KEY` and
 * `ANTHROPIC_API_KEY`, base URLs from `OPENAI_BASE_URL` and `ANTHROPIC_BASE_URL`, and
 * `STUDYPULSE_MODEL_TIMEOUT_MS` sets the time limit. Unset, it is the offline planner.
 */
export function modelFromEnv(env: Readonly<Record<string, string | undefined>>): ModelClient {
  const spec = env.STUDYPULSE_MODEL?.trim() ?? ''
  if (spec === '' || spec === 'offline' || spec === 'offline-planner') {
    return createModelClient({ provider: 'offline' })
  }
  const timeoutMs = timeoutFrom(env.STUDYPULSE_MODEL_TIMEOUT_MS)
  if (spec.startsWith(aiSdkPrefix)) {
    return aiSdkModelFromEnv(spec.slice(aiSdkPrefix.length), env, timeoutMs)
  }
  // Only the first colon separates: model ids such as `llama3.1:8b` contain colons themselves.
  const colon = spec.indexOf(':')
  const provider = spec.slice(0, colon) as ModelProvider
  if (colon <= 0 || !providers.includes(provider)) {
    throw new ModelError(
      'model_config',
      `STUDYPULSE_MODEL="${spec}" is not understood; use openai:<model>, anthropic:<model>, openai-compatible:<model> (with OPENAI_BASE_URL), ai-sdk:<provider>:<model> (with @ai-sdk/<provider> installed) or leave it unset for the offline planner.`,
    )
  }
  const model = spec.slice(colon + 1).trim()
  const common = { model, ...(timeoutMs !== undefined && { timeoutMs }) }
  if (provider === 'anthropic') {
    return createModelClient({
      provider,
      ...common,
      ...set('apiKey', env.ANTHROPIC_API_KEY),
      ...set('baseURL', env.ANTHROPIC_BASE_URL),
    })
  }
  return createModelClient({
    provider,
    ...common,
    ...set('apiKey', env.OPENAI_API_KEY),
    ...set('baseURL', env.OPENAI_BASE_URL),
  })
}

function set<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined || value.trim() === ''
    ? {}
    : ({ [key]: value.trim() } as Record<K, string>)
}

function timeoutFrom(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const ms = Number(value)
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new ModelError(
      'model_config',
      `STUDYPULSE_MODEL_TIMEOUT_MS="${value}" must be a positive whole number of milliseconds.`,
    )
  }
  return ms
}
