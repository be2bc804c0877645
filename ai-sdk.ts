/**
 * The AI SDK and StudyPulse, both ways. `fromAiSdk(languageModel)` wraps a model of
 * `@ai-sdk/openai`, `@ai-sdk/anthropic`, `@ai-sdk/openai-compatible` or any other provider package
 * (language model specification v2 to v4) as a `ModelClient`; its types come from the optional
 * peer `@ai-sdk/provider`, which every provider package brings along. `createAiSdkApprovals`
 * gives an app that runs the AI SDK's own loop (`generateText` / `streamText` of the optional peer
 * `ai`) a `toolApproval` backed by StudyPulse's cards. Node only.
 *
 * @module studypulse-agent/ai-sdk
 */

export { type AiSdkLanguageModel, type AiSdkModelOptions, fromAiSdk } from './models/fromAiSdk.ts'
export {
  type AiSdkApprovalRequest,
  type AiSdkApprovalStatus,
  type AiSdkApprovals,
  type AiSdkApprovalsOptions,
  type AiSdkToolPolicy,
  createAiSdkApprovals,
} from './runtime/aiSdkApprovals.ts'
