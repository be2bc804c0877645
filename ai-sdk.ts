/**
 * Any AI SDK provider as StudyPulse's model: `fromAiSdk(languageModel)` wraps a model of
 * `@ai-sdk/openai`, `@ai-sdk/anthropic`, `@ai-sdk/openai-compatible` or any other provider package
 * (language model specification v2 to v4) as a `ModelClient`. Its types come from the optional
 * peer `@ai-sdk/provider`, which every provider package brings along. Node only.
 *
 * @module studypulse-agent/ai-sdk
 */

export { type AiSdkLanguageModel, type AiSdkModelOptions, fromAiSdk } from './models/fromAiSdk.ts'
