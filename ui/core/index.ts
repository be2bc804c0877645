/**
 * StudyPulse's framework-free UI layer: run clients (in-process and over HTTP), transcript, card and statechart logic. No React.
 *
 * @module studypulse-agent/ui/core
 */

export type { PersonProposal, PersonProposalTool } from '../../vocabulary/personProposal.ts'
export type { PasskeyAssertion } from '../../vocabulary/SignedDecision.ts'
export type {
  WorkspaceChange,
  WorkspaceChangeListener,
  WorkspacePart,
} from '../../workspace/WorkspaceChange.ts'
export { LocalRunClient } from '../local/LocalRunClient.ts'
export { localPolicies } from '../local/localPolicies.ts'
export { localRuns } from '../local/localRuns.ts'
export { localSources } from '../local/localSources.ts'
export { localTasks } from '../local/localTasks.ts'
export type { RunsChange, RunsChangeListener } from '../remote/ChangeFeed.ts'
export { type HttpApiOptions, tokenHeader } from '../remote/HttpApi.ts'
export {
  type RemoteConnection,
  RemoteRunClient,
  type RemoteRunOptions,
  type RemoteRunSnapshot,
} from '../remote/RemoteRunClient.ts'
export { type AppInfo, StudyPulseClient } from '../remote/StudyPulseClient.ts'
export {
  buildTranscript,
  type CardOutcome,
  type CardResolution,
  type TranscriptItem,
} from './buildTranscript.ts'
export { type ConfirmationRequest, toConfirmationRequest } from './ConfirmationRequest.ts'
export { type DecisionMeaning, decisionOf, lastingDecisions } from './cardDecisions.ts'
export { type DecidingRun, isDecidingRun } from './DecidingRun.ts'
export { type CardStateInput, describeCardState, ruleName } from './describeCardState.ts'
export { describeEffect } from './describeEffect.ts'
export { describePermission, type PermissionDescription } from './describePermission.ts'
export { describeRun, describeStatus, type RunDescription } from './describeRun.ts'
export {
  type Box,
  layOutStatechart,
  type PlacedAnyEdge,
  type PlacedEdge,
  type PlacedState,
  type StatechartLayout,
} from './layOutStatechart.ts'
export type { McpAccess } from './McpAccess.ts'
export type { PasskeyAccess, PasskeyEntry } from './PasskeyAccess.ts'
export type { PolicyAccess } from './PolicyAccess.ts'
export { RunCommandError } from './RunCommandError.ts'
export type { RunLister } from './RunLister.ts'
export { RunListModel, type RunListSnapshot } from './RunListModel.ts'
export type {
  RunObserver,
  RunSnapshotView,
  RunSource,
  RunSourceCommand,
} from './RunSource.ts'
export * as runSelectors from './runSelectors.ts'
export type { SourceReader } from './SourceReader.ts'
export { safeLinkUrl } from './safeLinkUrl.ts'
export {
  type StatechartEdge,
  type StatechartGraph,
  statechartGraph,
} from './statechartGraph.ts'
export { submitCommand } from './submitCommand.ts'
export { submitDecision } from './submitDecision.ts'
export type { TaskEditor } from './TaskEditor.ts'
export type { WebAuthnClient } from './WebAuthnClient.ts'
export type { WorkspaceReader } from './WorkspaceReader.ts'
