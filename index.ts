/**
 * StudyPulse Agent for Node and Electron: the browser-safe core, plus the folder workspace, the
 * SQLite run store and the hosted model clients (their SDKs are optional peer dependencies). The
 * web app server is `studypulse-agent/server`; React components are `studypulse-agent/ui`.
 *
 * @module studypulse-agent
 */

export * from './core.ts'
export {
  AnthropicModel,
  type AnthropicModelOptions,
  defaultAnthropicMaxTokens,
} from './models/AnthropicModel.ts'
export {
  createModelClient,
  type ModelClientSettings,
  type ModelProvider,
} from './models/createModelClient.ts'
export { defaultModelTimeoutMs, type HttpModelOptions } from './models/HttpModelOptions.ts'
export { modelFromEnv } from './models/modelFromEnv.ts'
export { OpenAIChatModel, type OpenAIChatModelOptions } from './models/OpenAIChatModel.ts'
export { defaultRetryPolicy, type RetryPolicy } from './models/withRetries.ts'
// Replaces the core's createAgentRuntime: the same options, and a folder Workspace keeps its runs
// (in the folder's SQLite file, when no store is given).
export { createNodeAgentRuntime as createAgentRuntime } from './runtime/createNodeAgentRuntime.ts'
export {
  type AuditReceiptProblem,
  type AuditReceiptProblemCode,
  type AuditReceiptsCheck,
  type TrustedPasskey,
  verifyAuditReceipts,
} from './runtime/verifyAuditReceipts.ts'
export {
  type ReceiptProblemCode,
  type ReceiptVerdict,
  SignedReceiptSchema,
  verifySignedReceipt,
} from './runtime/verifySignedReceipt.ts'
export {
  type SqliteRunStore,
  type SqliteRunStoreOptions,
  type SqliteRunStoreOptions as FileRunStoreOptions,
  sqliteFileName,
  sqliteRunStore,
  // The folder store's old names, kept so code written for it keeps working: a folder's runs now
  // live in its SQLite file, and an old folder is imported on first open.
  sqliteRunStore as fileRunStore,
} from './store/sqlite/sqliteRunStore.ts'
// Replaces the core's tool set: StudyPulse's tools with `run_code`, whose sandbox is a worker thread.
export { createToolRegistry, studyPulseTools } from './tools/createToolRegistry.ts'
export { jsonSchemaParameters } from './tools/jsonSchemaParameters.ts'
export {
  type CreateMcpToolsOptions,
  createMcpTools,
  McpConfigError,
  type McpTools,
  type McpUpstreamTool,
} from './tools/mcp/createMcpTools.ts'
export { loadMcpConfig, type McpConfigLoad } from './tools/mcp/loadMcpConfig.ts'
export type { McpConnectionState } from './tools/mcp/McpConnection.ts'
export type { McpServerStatus, McpToolStatus } from './tools/mcp/McpServerStatus.ts'
export {
  type McpConfig,
  type McpConfigInput,
  type McpServerConfig,
  mcpConfigSchema,
} from './tools/mcp/mcpConfig.ts'
export type { McpNotice, McpReadAnswer, McpReadMethod } from './tools/mcp/mcpReads.ts'
export type { McpRetry, McpStartEnded, RetryTimer } from './tools/mcp/mcpRetry.ts'
export {
  defaultSandboxLimits,
  runInSandbox,
  type SandboxErrorCode,
  type SandboxLimits,
  type SandboxOutcome,
  type SandboxRequest,
} from './tools/sandbox/runInSandbox.ts'
export { createRunCodeTool, type RunCodeOptions, runCode } from './tools/studypulse/runCode.ts'
export { loadPolicyFile } from './workspace/policyFile.ts'
export { Workspace } from './workspace/Workspace.ts'
