import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { RunStore } from '../store/RunStore.ts'
import { defineTool } from '../tools/defineTool.ts'
import { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { ApprovalRules } from '../vocabulary/ApprovalRules.ts'
import type { CallDescription } from '../vocabulary/CallDescription.ts'
import type { Identity } from '../vocabulary/Identity.ts'
import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'
import { toolOk } from '../vocabulary/ToolResult.ts'
import { MemoryWorkspace } from '../workspace/MemoryWorkspace.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRuntime, RunView } from './AgentRuntime.ts'
import { createAgentRuntime } from './createAgentRuntime.ts'
import { type ProposedCall, ProposedCallModel, proposalText } from './ProposedCallModel.ts'
import { waitForRun } from './waitForRun.ts'

/** How StudyPulse treats one tool of an AI SDK app: its level, and what its card shows. */
export interface AiSdkToolPolicy {
  /** The host's level: `read` runs without a card; the others wait for a person's approval. */
  permission: PermissionLevel
  /** Checks the input at prepare (default: any JSON object); a refusal denies the call. */
  parameters?: z.ZodType
  /** The action in words, for the card's headline (default the tool's name and input). */
  preview?: (input: unknown) => string
  /** What the call will change, read without side effects, for the card. */
  describe?: (input: unknown) => Promise<CallDescription>
}

/** What `createAiSdkApprovals` is built from. */
export interface AiSdkApprovalsOptions {
  /** Each tool the model may call, by name; a call to a tool not named here is denied. */
  tools: Readonly<Record<string, AiSdkToolPolicy>>
  /** Where cards are kept (`sqliteRunStore`, `postgresRunStore`): they survive a restart. Default memory. */
  store?: RunStore
  /** Who may approve which cards (the host's `ApprovalRules`); none: whoever approves, approves. */
  approvalRules?: ApprovalRules
  /** How long a card stays open; default never expires. */
  confirmationTimeoutMs?: number
  clock?: () => Date
}

/** An AI SDK `ToolApprovalStatus`, the shapes this adapter answers. */
export type AiSdkApprovalStatus =
  | { type: 'not-applicable' }
  | { type: 'approved' }
  | { type: 'denied'; reason: string }
  | { type: 'user-approval'; reason: string }

/** What an AI SDK `toolApproval` function is called with (the parts this adapter reads). */
export interface AiSdkApprovalRequest {
  toolCall: { toolCallId: string; toolName: string; input: unknown }
  messages: readonly { role: string; content: unknown }[]
}

/** StudyPulse's cards behind an AI SDK loop's `toolApproval`. */
export interface AiSdkApprovals {
  /**
   * The `toolApproval` of `generateText` / `streamText` for one request, approving as `by` (the
   * signed-in person, as your authentication says). A proposed call becomes a card; an approval
   * coming back runs only if the card exists, is open, unexpired, for the same input and `by`
   * may approve it; it is used once.
   */
  toolApproval(options?: {
    by?: Identity
  }): (request: AiSdkApprovalRequest) => Promise<AiSdkApprovalStatus>
  /** The runtime holding the cards: its store has them, its audit log the decisions. */
  readonly runtime: AgentRuntime
  /** Waits for the cards' last saves. */
  close(): Promise<void>
}

/**
 * StudyPulse approvals for an app that runs the AI SDK's own loop: each proposed call is a durable
 * card bound to its input's digest (prepare's check, the tool's describe step), decided through
 * the runtime's one decision path with the host's approval rules and the audit chain.
 */
export function createAiSdkApprovals(options: AiSdkApprovalsOptions): AiSdkApprovals {
  const tools = new ToolRegistry(
    Object.entries(options.tools).map(([name, policy]) => cardTool(name, policy)),
  )
  const runtime = createAgentRuntime({
    model: new ProposedCallModel(),
    tools,
    // The cards' tools read nothing of a study workspace; an empty one stands in.
    workspace: new MemoryWorkspace(),
    ...(options.store !== undefined && { store: options.store }),
    ...(options.approvalRules !== undefined && { approvalRules: options.approvalRules }),
    ...(options.confirmationTimeoutMs !== undefined && {
      confirmationTimeoutMs: options.confirmationTimeoutMs,
    }),
    ...(options.clock !== undefined && { clock: options.clock }),
  })
  return {
    runtime,
    toolApproval:
      ({ by } = {}) =>
      async ({ toolCall, messages }) => {
        const policy = Object.hasOwn(options.tools, toolCall.toolName)
          ? options.tools[toolCall.toolName]
          : undefined
        if (policy === undefined)
          return { type: 'denied', reason: `no StudyPulse level is set for ${toolCall.toolName}` }
        const answers = historyAnswers(messages)
        // The AI SDK asks only about approved calls: a denial beside them is recorded here, so the
        // card is closed and the audit log has who denied it.
        await recordDenials(runtime, answers, by)
        if (policy.permission === 'read') return { type: 'not-applicable' }
        return answers.get(toolCall.toolCallId) === true
          ? checkApproval(runtime, toolCall, by)
          : propose(runtime, toolCall, by)
      },
    close: () => runtime.close(),
  }
}

function cardTool(name: string, policy: AiSdkToolPolicy) {
  return defineTool({
    name,
    description: `The AI SDK app's tool ${name}`,
    parameters: policy.parameters ?? z.record(z.string(), z.unknown()),
    permission: policy.permission,
    preview: (input) => policy.preview?.(input) ?? `${name} ${JSON.stringify(input)}`,
    ...(policy.describe !== undefined && {
      describe: (input: unknown) => policy.describe?.(input) as Promise<CallDescription>,
    }),
    // The AI SDK runs the tool once this says approved: here the approval is only recorded.
    execute: () => toolOk({ approved: true }),
  })
}

/** The run of one proposed call: named by its tool call id, so the approval finds it after a restart. */
function runIdOf(toolCallId: string): string {
  return `aisdk-${createHash('sha256').update(toolCallId).digest('hex').slice(0, 48)}`
}

/** The answers in the history's last tool message (the AI SDK's approval responses), by tool call id. */
function historyAnswers(messages: AiSdkApprovalRequest['messages']): Map<string, boolean> {
  const parts = (m: { content: unknown }) =>
    (Array.isArray(m.content) ? m.content : []) as Record<string, unknown>[]
  const requests = new Map<unknown, unknown>()
  for (const message of messages)
    for (const part of parts(message))
      if (part.type === 'tool-approval-request') requests.set(part.approvalId, part.toolCallId)
  const answers = new Map<string, boolean>()
  const last = messages.at(-1)
  if (last?.role !== 'tool') return answers
  for (const part of parts(last)) {
    const toolCallId = requests.get(part.approvalId)
    if (part.type === 'tool-approval-response' && typeof toolCallId === 'string')
      answers.set(toolCallId, part.approved === true)
  }
  return answers
}

/** Denies, as `by`, each open card the history's answers deny (a closed one is left as it is). */
async function recordDenials(
  runtime: AgentRuntime,
  answers: ReadonlyMap<string, boolean>,
  by: Identity | undefined,
): Promise<void> {
  for (const [toolCallId, approved] of answers) {
    if (approved) continue
    const runId = runIdOf(toolCallId)
    if (!(await exists(runtime, runId))) continue
    const pending = runtime.view(runId).pending
    if (pending === undefined) continue
    await runtime
      .command(runId, {
        kind: 'decide',
        confirmationId: pending.confirmationId,
        decision: 'deny',
        ...(by !== undefined && { by }),
      })
      // Refused (the rules do not let `by` decide it): the card stays open for whom they name.
      .catch((error: unknown) => {
        if (!(error instanceof AgentError)) throw error
      })
  }
}

async function propose(
  runtime: AgentRuntime,
  call: ProposedCall,
  by: Identity | undefined,
): Promise<AiSdkApprovalStatus> {
  const runId = runIdOf(call.toolCallId)
  if (await exists(runtime, runId)) {
    // The same proposal again (a retried request) finds its open card; a decided one is never
    // reused: an approval is single-use, so a model that repeats call ids gets no free pass.
    const pending = runtime.view(runId).pending
    if (pending !== undefined)
      return { type: 'user-approval', reason: headline(runtime.view(runId)) }
    return {
      type: 'denied',
      reason: `the tool call id ${call.toolCallId} was decided before: StudyPulse approvals need a fresh id per call`,
    }
  }
  runtime.startRun({ runId, input: proposalText(call), ...(by !== undefined && { by }) })
  await waitForRun(runtime, runId, ['awaitingConfirmation', 'awaitingInput', 'failed', 'cancelled'])
  const view = runtime.view(runId)
  if (view.pending !== undefined) return { type: 'user-approval', reason: headline(view) }
  // No card: a kept rule decided, or prepare refused the input.
  return outcome(view)
}

async function checkApproval(
  runtime: AgentRuntime,
  call: ProposedCall,
  by: Identity | undefined,
): Promise<AiSdkApprovalStatus> {
  const runId = runIdOf(call.toolCallId)
  if (!(await exists(runtime, runId)))
    return { type: 'denied', reason: 'no card was shown for this tool call' }
  const pending = runtime.view(runId).pending
  if (pending === undefined)
    return { type: 'denied', reason: 'this card was decided already, or it expired' }
  let digest: string
  try {
    // The input the approval came back with, digested as the card's was: another input is refused.
    digest = runtime.tools.prepare(call.toolCallId, call.toolName, call.input).digest
  } catch (error) {
    return { type: 'denied', reason: error instanceof Error ? error.message : String(error) }
  }
  try {
    await runtime.command(runId, {
      kind: 'decide',
      confirmationId: pending.confirmationId,
      decision: 'allow',
      digest,
      ...(by !== undefined && { by }),
    })
  } catch (error) {
    if (error instanceof AgentError) return { type: 'denied', reason: error.message }
    throw error
  }
  await waitForRun(runtime, runId, ['awaitingConfirmation', 'awaitingInput', 'failed', 'cancelled'])
  return outcome(runtime.view(runId))
}

/** Approved only when the run executed the call (a quorum's first approval leaves it open). */
function outcome(view: RunView): AiSdkApprovalStatus {
  if (view.pending !== undefined)
    return { type: 'denied', reason: 'this card needs more approvals before it can run' }
  const result = view.events.findLast((e) => e.kind === 'toolCompleted' || e.kind === 'toolFailed')
  const ok =
    result?.kind === 'toolCompleted' &&
    (JSON.parse(result.payloadJson ?? '{}') as { ok?: boolean }).ok === true
  if (ok) return { type: 'approved' }
  const error =
    result?.error?.message ??
    (JSON.parse(result?.payloadJson ?? '{}') as { error?: { message?: string } }).error?.message
  return { type: 'denied', reason: error ?? 'the call was not approved' }
}

function headline(view: RunView): string {
  const card = view.events.findLast((e) => e.kind === 'confirmationRequired')
  return card?.description?.headline ?? card?.preview ?? 'A StudyPulse card waits for approval'
}

async function exists(runtime: AgentRuntime, runId: string): Promise<boolean> {
  try {
    await runtime.open(runId)
    return true
  } catch (error) {
    if (error instanceof AgentError && error.code === 'run_not_found') return false
    throw error
  }
}
