/**
 * StudyPulse Agent's browser-safe core: the run statechart and the runtime that drives it, tools,
 * the scripted and offline models, and an in-memory workspace and run store. Nothing reachable
 * from here imports a `node:` module, so it bundles for a browser tab as well as it runs in Node.
 * Writing a store of your own? Its ports are on `studypulse-agent/store`.
 *
 * @module studypulse-agent/core
 */

export {
  type AgentRunMachine,
  createAgentRunMachine,
  type RunEffect,
} from './machines/agentRunMachine.ts'
export type {
  AgentRunContext,
  AgentRunEvent,
  PendingConfirmation,
} from './machines/agentRunTypes.ts'
export { ModelError, type ModelErrorCode } from './models/ModelError.ts'
export type {
  JsonSchema,
  ModelClient,
  ModelRequest,
  ModelToolDefinition,
} from './models/messages.ts'
export { OfflinePlanner } from './models/offline/OfflinePlanner.ts'
export { ScriptedModel } from './models/ScriptedModel.ts'
export {
  AgentError,
  type AgentErrorCode,
  isSignatureErrorCode,
  type SignatureErrorCode,
} from './runtime/AgentError.ts'
export type {
  AgentRuntime,
  AgentRuntimeOptions,
  CommandResult,
  Identity,
  RuntimeCommand,
  RuntimeTimers,
  RunView,
  StartRunOptions,
} from './runtime/AgentRuntime.ts'
export { createAgentRuntime } from './runtime/createAgentRuntime.ts'
export type { PolicyStore } from './runtime/PolicyStore.ts'
export type {
  SignatureCheck,
  SignatureRefusalCode,
  SignatureVerdict,
  SignedApprovals,
  SignedReceipt,
} from './runtime/SignedApprovals.ts'
export { waitForRun } from './runtime/waitForRun.ts'
export type { AuditRecord } from './store/AuditRecord.ts'
export { type MemoryRunData, memoryRunStore } from './store/memoryRunStore.ts'
export type { RunListPage, RunListQuery, RunStart, RunSummary } from './store/RunListing.ts'
export type { RunStore } from './store/RunStore.ts'
export { RunStoreError, type RunStoreErrorCode } from './store/RunStoreError.ts'
// StudyPulse's browser-safe tools; the Node entry's `createToolRegistry` adds `run_code`.
export { coreStudyPulseTools, createCoreToolRegistry } from './tools/createCoreToolRegistry.ts'
export {
  type AnyToolDefinition,
  defineTool,
  type ToolContext,
  type ToolDefinition,
} from './tools/defineTool.ts'
export type { PreparedTool } from './tools/PreparedTool.ts'
export { ToolError, type ToolErrorCode } from './tools/ToolError.ts'
export {
  type ToolLimits,
  ToolRegistry,
  type ToolRegistryOptions,
} from './tools/ToolRegistry.ts'
export type { ToolSource } from './tools/ToolSource.ts'
export type { AgentEvent, AgentEventKind } from './vocabulary/AgentEvent.ts'
export type {
  CallDescription,
  CallTarget,
  DescribedField,
  LineDiff,
} from './vocabulary/CallDescription.ts'
export type { ChatMessage, ModelTurn, TokenUsage, ToolCall } from './vocabulary/ChatMessage.ts'
export {
  type ConfirmationDecision,
  type DecidedBy,
  type Decision,
  describeRule,
  type RuleScope,
} from './vocabulary/Decision.ts'
export type {
  CallOutcome,
  CardAnswer,
  CardAnswerResult,
  DecisionAsker,
  DecisionRefusalCode,
  DecisionRequest,
  DecisionResult,
  WinningDecision,
} from './vocabulary/DecisionRequest.ts'
export type { PermissionLevel } from './vocabulary/PermissionLevel.ts'
export type { PermissionOrigin, PermissionSource } from './vocabulary/PermissionOrigin.ts'
export { isEnded, type RunStatus } from './vocabulary/RunStatus.ts'
export {
  type PasskeyAssertion,
  type SignedAnswer,
  type SigningBinding,
  signingChallenge,
  signingText,
} from './vocabulary/SignedDecision.ts'
export type { AuditReceipt, SignedCall } from './vocabulary/SignedReceipt.ts'
export { type ToolResult, toolFailure, toolOk, userDeniedResult } from './vocabulary/ToolResult.ts'
export { MemoryWorkspace, type MemoryWorkspaceOptions } from './workspace/MemoryWorkspace.ts'
export type {
  InvalidPolicyRule,
  PolicyFileProblems,
  PolicyRule,
} from './workspace/policyFile.ts'
export type {
  ExpectedVersion,
  Versioned,
  VersionedKind,
  VersionedWrite,
} from './workspace/recordVersion.ts'
export type { StudyWorkspace } from './workspace/StudyWorkspace.ts'
export { sampleSources } from './workspace/sampleData.ts'
export type { Artifact, MemoryEntry, Notebook, Task } from './workspace/schemas.ts'
export type { SourceReadResult } from './workspace/sourcePaths.ts'
export { WorkspaceError } from './workspace/WorkspaceError.ts'
export { type WorkspaceView, workspaceView } from './workspace/WorkspaceView.ts'
