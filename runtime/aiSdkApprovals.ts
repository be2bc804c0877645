import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { RunStore } from '../store/RunStore.ts'
import { defineTool } from '../tools/defineTool.ts'
import { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { ApprovalRules } from '../vocabulary/ApprovalRules.ts'
import type { CallDescription } from '../vocabulary/CallDescription.ts'
import type { CardAnswerResult, DecisionResult } from '../vocabulary/DecisionRequest.ts'
import type { Identity } from '../vocabulary/Identity.ts'
import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'
import { toolOk } from '../vocabulary/ToolResult.ts'
import { MemoryWorkspace } from '../workspace/MemoryWorkspace.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRuntime, RunView } from './AgentRuntime.ts'
import { createAgentRuntime } from './createAgentRuntime.ts'
import { callOutcome } from './decisionIntake.ts'
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
        const mine = answers.get(toolCall.toolCallId)
        // Answered in the history: the intake decides, never a card offered again (the AI SDK
        // would count an offered card as the history's answer).
        return mine === undefined
          ? propose(runtime, toolCall, by)
          : checkApproval(runtime, toolCall, mine, by)
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

/**
 * Every answer in the history's last tool message (the AI SDK's approval responses), in order, by
 * tool call id: the AI SDK acts on the first, so a call answered twice is answered in conflict.
 */
function historyAnswers(messages: AiSdkApprovalRequest['messages']): Map<string, boolean[]> {
  const parts = (m: { content: unknown }) =>
    (Array.isArray(m.content) ? m.content : []) as Record<string, unknown>[]
  const requests = new Map<unknown, unknown>()
  for (const message of messages)
    for (const part of parts(message))
      if (part.type === 'tool-approval-request') requests.set(part.approvalId, part.toolCallId)
  const answers = new Map<string, boolean[]>()
  const last = messages.at(-1)
  if (last?.role !== 'tool') return answers
  for (const part of parts(last)) {
    const toolCallId = requests.get(part.approvalId)
    if (part.type !== 'tool-approval-response' || typeof toolCallId !== 'string') continue
    answers.set(toolCallId, [...(answers.get(toolCallId) ?? []), part.approved === true])
  }
  return answers
}

/** The card a call's run showed, as its log has it (the last one: an edit opens another). */
function cardOf(view: RunView) {
  return view.events.findLast((e) => e.kind === 'confirmationRequired')
}

/**
 * One request to the runtime's intake with every answer the history gives the call's card (more
 * than one is a conflict the intake refuses whole), by `by`.
 */
function decideCard(
  runtime: AgentRuntime,
  call: ProposedCall,
  confirmationId: string,
  answers: readonly boolean[],
  by: Identity | undefined,
): Promise<DecisionResult> {
  const runId = runIdOf(call.toolCallId)
  return runtime.decide({
    face: 'ai-sdk',
    ...(by !== undefined && { by }),
    answers: answers.map((approved) => ({
      runId,
      confirmationId,
      decision: approved ? 'allow' : 'deny',
      // The input the approval came back with, digested as the card's was: another is refused.
      input: call.input,
    })),
  })
}

/** Denies, as `by`, each card whose first answer in the history is a denial (through the intake). */
async function recordDenials(
  runtime: AgentRuntime,
  answers: ReadonlyMap<string, readonly boolean[]>,
  by: Identity | undefined,
): Promise<void> {
  for (const [toolCallId, given] of answers) {
    if (given[0] !== false) continue
    const runId = runIdOf(toolCallId)
    if (!(await exists(runtime, runId))) continue
    const card = cardOf(runtime.view(runId))
    if (card?.confirmationId === undefined || card.toolName === undefined) continue
    const input = JSON.parse(card.payloadJson ?? '{}') as unknown
    const call = { toolCallId, toolName: card.toolName, input }
    // Refused (answered twice, or the rules do not let `by` deny it): the card stays as it is.
    await decideCard(runtime, call, card.confirmationId, given, by)
  }
}

async function propose(
  runtime: AgentRuntime,
  call: ProposedCall,
  by: Identity | undefined,
): Promise<AiSdkApprovalStatus> {
  const runId = runIdOf(call.toolCallId)
  if (await exists(runtime, runId)) {
    // The same proposal again (a retried request, no answer in it) finds its open card; a decided
    // one is never reused: an approval is single-use, so a model that repeats call ids gets no
    // free pass.
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
  return ranOrNot(view, call.toolCallId)
}

async function checkApproval(
  runtime: AgentRuntime,
  call: ProposedCall,
  answers: readonly boolean[],
  by: Identity | undefined,
): Promise<AiSdkApprovalStatus> {
  const runId = runIdOf(call.toolCallId)
  if (!(await exists(runtime, runId)))
    return { type: 'denied', reason: 'no card was shown for this tool call' }
  const card = cardOf(runtime.view(runId))
  if (card?.confirmationId === undefined)
    return { type: 'denied', reason: 'no card was shown for this tool call' }
  if (card.toolName !== call.toolName)
    return { type: 'denied', reason: 'this approval is for another tool than its card' }
  const { cards } = await decideCard(runtime, call, card.confirmationId, answers, by)
  return approvalStatus(cards[0])
}

/** `approved` only when this request's Allow took the card and its call ran; `denied` (and why) otherwise. */
function approvalStatus(card: CardAnswerResult | undefined): AiSdkApprovalStatus {
  if (card === undefined) return { type: 'denied', reason: 'nothing was decided' }
  switch (card.status) {
    case 'taken':
      if (card.decision !== 'allow') return { type: 'denied', reason: 'the card was denied' }
      if (card.outcome?.ok === true) return { type: 'approved' }
      return {
        type: 'denied',
        reason: card.outcome?.message ?? 'the approval was taken, but the call did not finish',
      }
    case 'lost': {
      const winner = card.to?.decider
      const who = winner === undefined ? '' : ` by ${winner.name ?? winner.id}`
      return {
        type: 'denied',
        reason: `another decision${who} took this card first; this approval changed nothing`,
      }
    }
    case 'waiting':
      return {
        type: 'denied',
        reason: `this card needs ${card.needed} more approval${card.needed === 1 ? '' : 's'} before it can run`,
      }
    case 'refused':
      return { type: 'denied', reason: card.message }
  }
}

/** What came of a call no card waited for (a kept rule decided, or prepare refused it). */
function ranOrNot(view: RunView, toolCallId: string): AiSdkApprovalStatus {
  const result = view.events.findLast(
    (e) => (e.kind === 'toolCompleted' || e.kind === 'toolFailed') && e.toolCallId === toolCallId,
  )
  if (result === undefined) return { type: 'denied', reason: 'the call was not approved' }
  const ran = callOutcome(result)
  return ran.ok ? { type: 'approved' } : { type: 'denied', reason: ran.message }
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
