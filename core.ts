/**
 * StudyPulse Agent's browser-safe core: the run statechart and runtime, tools, the scripted and
 * offline models, and an in-memory workspace and run store. Nothing reachable from here imports
 * a `node:` module, so it bundles for a browser tab as well as it runs in Node.
 */

export { AgentError, type AgentErrorCode } from './machines/AgentError.ts'
export type { AgentRunActor } from './machines/AgentRunActor.ts'
// The core runtime keeps runs in memory unless given a store; the Node entry exports
// machines/createAgentRuntime.ts under the same name, which keeps a folder Workspace's runs in it.
export type {
  AgentRuntime,
  AgentRuntimeOptions,
  CommandResult,
  RuntimeCommand,
  StartRunOptions,
} from './machines/AgentRuntime.ts'
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
export { createRuntime as createAgentRuntime } from './machines/createRuntime.ts'
export {
  describeRule,
  describeRuleEntry,
  type PolicyLoadOptions,
  type PolicyScope,
  PolicyStore,
  type PolicyStoreOptions,
  type RuleRequest,
} from './machines/PolicyStore.ts'
export type { DecisionOptions } from './machines/runDecisions.ts'
export { callModel, executeCall, type RunEffectDeps } from './machines/runEffects.ts'
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
export { OfflinePlanner } from './models/offline/OfflinePlanner.ts'
export { ScriptedModel } from './models/ScriptedModel.ts'
export type {
  AgentEvent,
  AgentEventKind,
  ConfirmationDecision,
  RunStatus,
} from './store/AgentEvent.ts'
// The optional parts of a store that several nodes share (PostgreSQL implements them all): a
// store of your own that implements them, and passes the contract suites, shares runs too.
export type { AtomicOutcomes, OutcomeOptions } from './store/AtomicOutcomes.ts'
export type { AuditRecord } from './store/AuditRecord.ts'
export type { ClaimWatch } from './store/ClaimWatch.ts'
export type {
  DecisionInbox,
  DecisionOffer,
  DecisionOfferResult,
  StoredDecision,
} from './store/DecisionInbox.ts'
export type { JournalRecord } from './store/JournalRecord.ts'
export { type MemoryRunData, memoryRunStore } from './store/memoryRunStore.ts'
export type {
  AppliedRunCommand,
  RunCommand,
  RunCommandInbox,
  RunCommandOutcome,
  StoredRunCommand,
} from './store/RunCommandInbox.ts'
export type { EventFollow, FollowEventsOptions, RunEventFeed } from './store/RunEventFeed.ts'
export type {
  LoadedRun,
  PolicyLoad,
  RunClaim,
  RunCommit,
  RunStore,
  StoredRunSnapshot,
} from './store/RunStore.ts'
export { RunStoreError, type RunStoreErrorCode } from './store/RunStoreError.ts'
export type { SharedPolicies, StoredKeptRule } from './store/SharedPolicies.ts'
export {
  type CallDescription,
  CallDescriptionSchema,
  type CallTarget,
  callDescriptionVersion,
  type DescribedField,
  type LineDiff,
} from './tools/CallDescription.ts'
// The Node entry replaces these two with the full set, `run_code` included.
export {
  coreStudyPulseTools as studyPulseTools,
  createCoreToolRegistry as createToolRegistry,
} from './tools/createCoreToolRegistry.ts'
export {
  type AnyToolDefinition,
  defineTool,
  type ToolContext,
  type ToolDefinition,
} from './tools/defineTool.ts'
export type { PermissionOrigin, PermissionSource } from './tools/PermissionOrigin.ts'
export type { PreparedTool } from './tools/PreparedTool.ts'
export { ToolError, type ToolErrorCode } from './tools/ToolError.ts'
export {
  defaultMaxToolCallsPerTurn,
  type ToolLimits,
  ToolRegistry,
  type ToolRegistryOptions,
} from './tools/ToolRegistry.ts'
export { type ToolResult, toolFailure, toolOk, userDeniedResult } from './tools/ToolResult.ts'
export type { ToolSource } from './tools/ToolSource.ts'
export { MemoryWorkspace, type MemoryWorkspaceOptions } from './workspace/MemoryWorkspace.ts'
export type {
  InvalidPolicyRule,
  LoadedPolicyFile,
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
