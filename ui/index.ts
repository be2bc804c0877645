/**
 * StudyPulse's React layer: thin hooks and components over the framework-free core (`studypulse-agent/ui/core`, re-exported here).
 *
 * @module studypulse-agent/ui
 */

export { AgentChat, type AgentChatProps } from './components/AgentChat.tsx'
export {
  CallDescriptionView,
  type CallDescriptionViewProps,
} from './components/CallDescriptionView.tsx'
export {
  ConfirmationCard,
  type ConfirmationCardProps,
  type DecisionOption,
  defaultDecisions,
} from './components/ConfirmationCard.tsx'
export { Markdown, type MarkdownProps } from './components/Markdown.tsx'
export { McpServerList, type McpServerListProps } from './components/McpServerList.tsx'
export { PermissionBadge } from './components/PermissionBadge.tsx'
export { PolicyList, type PolicyListProps } from './components/PolicyList.tsx'
export { type ReaderBody, ReaderPane, type ReaderPaneProps } from './components/ReaderPane.tsx'
export { RunList, type RunListProps } from './components/RunList.tsx'
export { RunTimeline, type RunTimelineProps } from './components/RunTimeline.tsx'
export {
  StatechartDrawing,
  type StatechartDrawingProps,
} from './components/StatechartDrawing.tsx'
export { StatechartView, type StatechartViewProps } from './components/StatechartView.tsx'
export { TaskList, type TaskListProps } from './components/TaskList.tsx'
export { WorkspacePanel, type WorkspacePanelProps } from './components/WorkspacePanel.tsx'
export * from './core/index.ts'
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
export { type SourceView, useNotebookSource } from './hooks/useNotebookSource.ts'
export { type PoliciesView, usePolicies } from './hooks/usePolicies.ts'
export { type RunListView, useRunList } from './hooks/useRunList.ts'
export { useWorkspaceView, type WorkspaceContents } from './hooks/useWorkspaceView.ts'
