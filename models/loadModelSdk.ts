import type AnthropicSdk from '@anthropic-ai/sdk'
import type OpenAISdk from 'openai'
import { ModelError } from './ModelError.ts'

/** The OpenAI SDK module, as `import('openai')` gives it. */
export type OpenAIModule = typeof import('openai')
/** The Anthropic SDK module, as `import('@anthropic-ai/sdk')` gives it. */
export type AnthropicModule = typeof import('@anthropic-ai/sdk')
/** An OpenAI SDK client. */
export type OpenAIClient = OpenAISdk
/** An Anthropic SDK client. */
export type AnthropicClient = AnthropicSdk

// The SDKs are optional peer dependencies: loaded on first use, so an app that never calls a
// hosted model (a UI, the offline planner) neither installs nor bundles them.
let openai: Promise<OpenAIModule> | undefined
let anthropic: Promise<AnthropicModule> | undefined

/** Loads `openai` once; throws `ModelError('model_config')` naming the package when it is not installed. */
export function loadOpenAI(client: string): Promise<OpenAIModule> {
  openai ??= import('openai').catch((error: unknown) => {
    openai = undefined
    throw missing(client, 'openai', '^7.59.0', error)
  })
  return openai
}

/** Loads `@anthropic-ai/sdk` once; throws `ModelError('model_config')` naming the package when it is not installed. */
export function loadAnthropic(client: string): Promise<AnthropicModule> {
  anthropic ??= import('@anthropic-ai/sdk').catch((error: unknown) => {
    anthropic = undefined
    throw missing(client, '@anthropic-ai/sdk', '^1.14.0', error)
  })
  return anthropic
}

/** A provider package of the AI SDK, such as `@ai-sdk/anthropic`, as its module namespace. */
export type AiSdkProviderModule = Readonly<Record<string, unknown>>

/**
 * Loads `@ai-sdk/<provider>`; throws `ModelError('model_config')` naming the package when it is not
 * installed. `provider` must be a package name part (lowercase letters, digits and dashes).
 */
export async function loadAiSdkProvider(
  client: string,
  provider: string,
): Promise<AiSdkProviderModule> {
  const pkg = `@ai-sdk/${provider}`
  try {
    return (await import(pkg)) as AiSdkProviderModule
  } catch (error) {
    throw missing(client, pkg, 'latest', error)
  }
}

function missing(client: string, pkg: string, range: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | undefined)?.code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return error
  return new ModelError(
    'model_config',
    `${client}: the optional package "${pkg}" is not installed; run \`npm install ${pkg}@${range}\`.`,
  )
}

/** A loaded SDK client, and how to tell the SDK's own API errors. */
export interface LoadedSdk<Client> {
  client: Client
  isApiError: (error: unknown) => boolean
}

/**
 * Makes `make` run once, on first use, so a client can be constructed with no SDK installed; a
 * failed load (the SDK is missing) is tried again on the next call.
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined
      throw error
    })
    return made
  }
}
