/** StudyPulse's React layer: thin hooks and components over a framework-free run core. */

export { AgentChat, type AgentChatProps } from './components/AgentChat.tsx'
export {
  ConfirmationCard,
  type ConfirmationCardProps,
  type DecisionOption,
  defaultDecisions,
} from './components/ConfirmationCard.tsx'
export { McpServerList, type McpServerListProps } from './components/McpServerList.tsx'
export { PermissionBadge } from './components/PermissionBadge.tsx'
export { PolicyList, type PolicyListProps } from './components/PolicyList.tsx'
export { RunTimeline, type RunTimelineProps } from './components/RunTimeline.tsx'
export { StatechartView, type StatechartViewProps } from './components/StatechartView.tsx'
export { TaskList, type TaskListProps } from './components/TaskList.tsx'
export { WorkspacePanel, type WorkspacePanelProps } from './components/WorkspacePanel.tsx'
export {
  buildTranscript,
  type CardOutcome,
  type CardResolution,
  type TranscriptItem,
} from './core/buildTranscript.ts'
export { type ConfirmationRequest, toConfirmationRequest } from './core/ConfirmationRequest.ts'
export { type DecisionMeaning, decisionOf, lastingDecisions } from './core/cardDecisions.ts'
export { type DecidingRun, isDecidingRun } from './core/DecidingRun.ts'
export { type CardStateInput, describeCardState, ruleName } from './core/describeCardState.ts'
export { describePermission, type PermissionDescription } from './core/describePermission.ts'
export {
  layOutStatechart,
  type PlacedEdge,
  type PlacedState,
  type StatechartLayout,
} from './core/layOutStatechart.ts'
export type { McpAccess } from './core/McpAccess.ts'
export type { PolicyAccess } from './core/PolicyAccess.ts'
export { RunCommandError } from './core/RunCommandError.ts'
export type { RunCommand, RunObserver, RunSnapshotView, RunSource } from './core/RunSource.ts'
export * as runSelectors from './core/runSelectors.ts'
export {
  type StatechartEdge,
  type StatechartGraph,
  statechartGraph,
} from './core/statechartGraph.ts'
export { submitCommand } from './core/submitCommand.ts'
export { submitDecision } from './core/submitDecision.ts'
export type { WorkspaceReader } from './core/WorkspaceReader.ts'
export {
  useCompletedToolCount,
  usePendingConfirmation,
  useResolvedCount,
  useRunBusy,
  useRunEvents,
  useRunMessages,
  useRunStatus,
  useTranscript,
} from './hooks/runHooks.ts'
export { type AgentRunView, useAgentRun } from './hooks/useAgentRun.ts'
export { type PoliciesView, usePolicies } from './hooks/usePolicies.ts'
export { useWorkspaceView, type WorkspaceView } from './hooks/useWorkspaceView.ts'
export { LocalRunClient } from './local/LocalRunClient.ts'
export { localPolicies } from './local/localPolicies.ts'
export { type HttpApiOptions, tokenHeader } from './remote/HttpApi.ts'
export {
  type RemoteConnection,
  RemoteRunClient,
  type RemoteRunSnapshot,
} from './remote/RemoteRunClient.ts'
export { type AppInfo, StudyPulseClient } from './remote/StudyPulseClient.ts'
