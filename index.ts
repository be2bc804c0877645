/** StudyPulse Agent's public API: the runtime, its tools, the workspace and the model interface. */

export { AgentError, type AgentErrorCode } from './machines/AgentError.ts'
export type {
  AgentEvent,
  AgentEventKind,
  ConfirmationDecision,
  RunStatus,
} from './store/AgentEvent.ts'
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
export type { AuditRecord } from './store/AuditRecord.ts'
export {
  type AgentRunActor,
  type AgentRuntime,
  type AgentRuntimeOptions,
  createAgentRuntime,
  type DecisionOptions,
  type StartRunOptions,
} from './machines/createAgentRuntime.ts'
export type { JournalRecord } from './store/JournalRecord.ts'
export {
  describeRule,
  type PolicyScope,
  PolicyStore,
  type PolicyStoreOptions,
  type RuleRequest,
} from './machines/PolicyStore.ts'
export { createRunActors, type RunActorDeps } from './machines/runActors.ts'
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
export { createToolRegistry, studyPulseTools } from './tools/createToolRegistry.ts'
export {
  type AnyToolDefinition,
  defineTool,
  type ToolContext,
  type ToolDefinition,
} from './tools/defineTool.ts'
export type { PreparedTool } from './tools/PreparedTool.ts'
export { ToolError, type ToolErrorCode } from './tools/ToolError.ts'
export { ToolRegistry, type ToolRegistryOptions } from './tools/ToolRegistry.ts'
export { type ToolResult, toolFailure, toolOk, userDeniedResult } from './tools/ToolResult.ts'
export type { PolicyRule } from './workspace/policyFile.ts'
export { RunFiles } from './store/RunFiles.ts'
export type { Artifact, MemoryEntry, Notebook, Task } from './workspace/schemas.ts'
export { Workspace } from './workspace/Workspace.ts'
export { WorkspaceError } from './workspace/WorkspaceError.ts'
