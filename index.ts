/** StudyPulse Agent's public API: the runtime, its tools, the workspace and the model interface. */

export { AgentError, type AgentErrorCode } from './machines/AgentError.ts'
export {
  type AgentRunMachine,
  type AgentRunMachineDeps,
  createAgentRunMachine,
  defaultMaxTurns,
} from './machines/agentRunMachine.ts'
export type {
  AgentRunContext,
  AgentRunEvent,
  AgentRunInput,
  CurrentCall,
  PendingConfirmation,
} from './machines/agentRunTypes.ts'
export {
  type AgentRunActor,
  type AgentRuntime,
  type AgentRuntimeOptions,
  createAgentRuntime,
  type DecisionOptions,
  type StartRunOptions,
} from './machines/createAgentRuntime.ts'
export {
  describeRule,
  describeRuleEntry,
  type PolicyLoadOptions,
  type PolicyScope,
  PolicyStore,
  type PolicyStoreOptions,
  type RuleRequest,
} from './machines/PolicyStore.ts'
export { callModel, executeCall, type RunEffectDeps } from './machines/runEffects.ts'
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
export { ModelError, type ModelErrorCode } from './models/ModelError.ts'
export type {
  ChatMessage,
  JsonSchema,
  ModelClient,
  ModelRequest,
  ModelToolDefinition,
  ModelTurn,
  PermissionLevel,
  ToolCall,
} from './models/messages.ts'
export { modelFromEnv } from './models/modelFromEnv.ts'
export { OfflinePlanner } from './models/OfflinePlanner.ts'
export { OpenAIChatModel, type OpenAIChatModelOptions } from './models/OpenAIChatModel.ts'
export { ScriptedModel } from './models/ScriptedModel.ts'
export { defaultRetryPolicy, type RetryPolicy } from './models/withRetries.ts'
export type {
  AgentEvent,
  AgentEventKind,
  ConfirmationDecision,
  RunStatus,
} from './store/AgentEvent.ts'
export type { AuditRecord } from './store/AuditRecord.ts'
export type { JournalRecord } from './store/JournalRecord.ts'
export { RunFiles } from './store/RunFiles.ts'
export { createToolRegistry, studyPulseTools } from './tools/createToolRegistry.ts'
export {
  type AnyToolDefinition,
  defineTool,
  type ToolContext,
  type ToolDefinition,
} from './tools/defineTool.ts'
export {
  type CreateMcpToolsOptions,
  createMcpTools,
  McpConfigError,
  type McpTools,
} from './tools/mcp/createMcpTools.ts'
export {
  decidePermission,
  type PermissionDecision,
  type ToolHints,
} from './tools/mcp/decidePermission.ts'
export { loadMcpConfig, type McpConfigLoad } from './tools/mcp/loadMcpConfig.ts'
export type { McpConnectionState } from './tools/mcp/McpConnection.ts'
export type { McpServerStatus, McpToolStatus } from './tools/mcp/McpServerStatus.ts'
export {
  type McpConfig,
  type McpConfigInput,
  type McpServerConfig,
  mcpConfigSchema,
} from './tools/mcp/mcpConfig.ts'
export type { PermissionOrigin, PermissionSource } from './tools/PermissionOrigin.ts'
export type { PreparedTool } from './tools/PreparedTool.ts'
export {
  defaultSandboxLimits,
  runInSandbox,
  type SandboxErrorCode,
  type SandboxLimits,
  type SandboxOutcome,
  type SandboxRequest,
} from './tools/sandbox/runInSandbox.ts'
export { createRunCodeTool, type RunCodeOptions, runCode } from './tools/studypulse/runCode.ts'
export { ToolError, type ToolErrorCode } from './tools/ToolError.ts'
export {
  defaultMaxToolCallsPerTurn,
  type ToolLimits,
  ToolRegistry,
  type ToolRegistryOptions,
} from './tools/ToolRegistry.ts'
export { type ToolResult, toolFailure, toolOk, userDeniedResult } from './tools/ToolResult.ts'
export type { ToolSource } from './tools/ToolSource.ts'
export {
  type InvalidPolicyRule,
  type LoadedPolicyFile,
  loadPolicyFile,
  type PolicyFileProblems,
  type PolicyRule,
} from './workspace/policyFile.ts'
export type { Artifact, MemoryEntry, Notebook, Task } from './workspace/schemas.ts'
export { setAsideBadLines } from './workspace/setAsideBadLines.ts'
export { sweepWorkspaceTempFiles } from './workspace/sweepWorkspaceTempFiles.ts'
export { Workspace } from './workspace/Workspace.ts'
export { WorkspaceError } from './workspace/WorkspaceError.ts'
