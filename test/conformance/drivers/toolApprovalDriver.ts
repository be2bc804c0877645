// The AI SDK approvals face: `createAiSdkApprovals(...).toolApproval` inside the AI SDK's own
// `streamText` loop, with its mock model (`MockLanguageModelV4`). A card is the AI SDK's
// tool-approval-request; an answer is a `tool` message of approval responses sent back with the
// conversation, as the person signed in to that request (`by`). The tool is the AI SDK's: its
// runs are counted by its own `execute`.
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { type ModelMessage, streamText, tool } from 'ai'
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test'
import { z } from 'zod'
import { type AiSdkApprovals, createAiSdkApprovals } from '../../../runtime/aiSdkApprovals.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import type {
  Answer,
  Card,
  FaceDriver,
  FaceInstance,
  FaceSetup,
  Outcome,
  Told,
  Who,
} from '../face.ts'
import { appended, appendedFor, variantArgs } from './studyTools.ts'

const tools = {
  append_line: tool({
    description: 'Appends a line',
    inputSchema: z.object({ line: z.string() }),
    execute: async ({ line }) => {
      appended.push(line)
      return { appended: line }
    },
  }),
}
const policy = {
  append_line: {
    permission: 'write' as const,
    parameters: z.strictObject({ line: z.string().min(1) }),
    preview: (input: unknown) => `Append “${(input as { line: string }).line}”`,
  },
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}

/** A provider that proposes `append_line(line)` as `callId` until it sees a tool result. */
function proposing(callId: string, line: string) {
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const answered = prompt.some((m) => m.role === 'tool')
      const parts: LanguageModelV4StreamPart[] = answered
        ? [
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'Done.' },
            { type: 'text-end', id: 't' },
            { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
          ]
        : [
            {
              type: 'tool-call',
              toolCallId: callId,
              toolName: 'append_line',
              input: JSON.stringify({ line }),
            },
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
          ]
      return { stream: convertArrayToReadableStream(parts) }
    },
  })
}

/** How one request reaches `toolApproval` (a mutant wraps it). */
export type ToolApprovalOf = (
  approvals: AiSdkApprovals,
  by: Who,
  /** Which process on the folder asks: the first, or a second one (the stale-node scenario). */
  node: 'first' | 'second',
) => ReturnType<AiSdkApprovals['toolApproval']>

const plainToolApproval: ToolApprovalOf = (approvals, by) => approvals.toolApproval({ by })

interface Held {
  callId: string
  history: ModelMessage[]
  /** What the last request that answered this card told its asker, per process. */
  told: { first?: Told; second?: Told }
}
const held = (card: Card) => card.handle as Held

// The run the adapter keeps for one tool call id (as `runtime/aiSdkApprovals.ts` names it).
const runIdOf = (callId: string) =>
  `aisdk-${createHash('sha256').update(callId).digest('hex').slice(0, 48)}`

let calls = 0

/** The toolApproval face, with `approvalOf` as the way a request reaches `toolApproval`. */
export function toolApprovalDriver(
  approvalOf: ToolApprovalOf = plainToolApproval,
  face = 'AI SDK toolApproval',
): FaceDriver {
  const targets =
    'the AI SDK app’s own tool runs the call after approval: StudyPulse binds the input, the app its target'
  return {
    face,
    notApplicable: {
      signed:
        'the AI SDK’s approval carries no signature: a person signs on the page, and a plain approval here is denied',
      'other-session':
        'the AI SDK keeps no session: each request carries the whole conversation, so another conversation holding the approval is a replay',
      'asker-gone':
        'a toolApproval card outlives its request by design: the conversation comes back with the answer',
      'signed-required':
        'the AI SDK takes a lone Deny itself and never asks toolApproval, so no Deny reaches StudyPulse to be refused (the call never runs); its plain Allow is refused (test/aiSdk/toolApprovalSigned.test.ts)',
      sigkill: 'an in-process library has no process of its own; restart covers a dying process',
      'new-target': targets,
      'target-changed': targets,
    },
    async start(setup) {
      const dir = await mkdtemp(join(tmpdir(), 'studypulse-conformance-aisdk-'))
      const open = () =>
        createAiSdkApprovals({
          tools: policy,
          store: sqliteRunStore(dir),
          ...(setup.rules !== undefined && { approvalRules: setup.rules }),
          ...(setup.expiresInMs !== undefined && { confirmationTimeoutMs: setup.expiresInMs }),
        })
      let approvals = open()
      const others: AiSdkApprovals[] = []
      const make = (
        current: () => AiSdkApprovals,
        closeIt: () => Promise<void>,
        node: 'first' | 'second' = 'first',
      ): FaceInstance => ({
        async ask(request) {
          calls += 1
          const callId = `conformance-call-${calls}-${Math.random().toString(36).slice(2, 8)}`
          const messages: ModelMessage[] = [{ role: 'user', content: 'append a line' }]
          const result = streamText({
            model: proposing(callId, request.text),
            tools,
            messages,
            toolApproval: approvalOf(current(), request.asker, node),
          })
          await result.consumeStream()
          const content = await result.content
          const asked = content.find((part) => part.type === 'tool-approval-request')
          if (asked?.type !== 'tool-approval-request') throw new Error('no approval request')
          const history = [...messages, ...(await result.response).messages]
          return {
            request,
            id: asked.approvalId,
            handle: { callId, history, told: {} } satisfies Held,
          }
        },
        answer: (answers) => answerRequest(current(), approvalOf, answers, node),
        effects: async (card) => appendedFor(card),
        async told(card) {
          return held(card).told[node] ?? { kind: 'nothing' }
        },
        async expired(card) {
          await waitForRun(current().runtime, runIdOf(held(card).callId), 'awaitingInput')
        },
        async restart() {
          await approvals.runtime.flush()
          await approvals.runtime.store?.close()
          approvals = open()
        },
        async secondNode() {
          // The second process answers a card the first one saved (a person reads the card
          // first); the page is handed the card before its save lands.
          await approvals.runtime.flush()
          const other = open()
          others.push(other)
          return make(
            () => other,
            () => other.close(),
            'second',
          )
        },
        close: closeIt,
      })
      return make(
        () => approvals,
        async () => {
          for (const other of others) await other.close().catch(() => undefined)
          await approvals.close().catch(() => undefined)
          await rm(dir, { recursive: true, force: true, maxRetries: 3 })
        },
      )
    },
  }
}

/** The card's conversation with its tool call's input as `answer` carries it back. */
function historyFor(answer: Answer): ModelMessage[] {
  const variant = answer.input ?? 'same'
  if (variant === 'same') return held(answer.card).history
  return held(answer.card).history.map((m) =>
    m.role !== 'assistant' || typeof m.content === 'string'
      ? m
      : {
          ...m,
          content: m.content.map((p) =>
            p.type === 'tool-call'
              ? { ...p, input: variantArgs(p.input as Record<string, unknown>, variant) }
              : p,
          ),
        },
  ) as ModelMessage[]
}

/** One request: the first answer's conversation, then one tool message with every answer. */
async function answerRequest(
  approvals: AiSdkApprovals,
  approvalOf: ToolApprovalOf,
  answers: readonly Answer[],
  node: 'first' | 'second',
): Promise<Outcome[]> {
  const first = answers[0]
  if (first === undefined) return []
  const card = first.card
  const { callId } = held(card)
  const history = historyFor(first)
  const result = streamText({
    model: proposing(callId, card.request.text),
    tools,
    messages: [
      ...history,
      {
        role: 'tool',
        content: answers.map((a) => ({
          type: 'tool-approval-response' as const,
          approvalId: a.card.id,
          approved: a.decision === 'allow',
        })),
      },
    ],
    toolApproval: approvalOf(approvals, first.by, node),
  })
  const parts: { type: string; toolCallId?: string }[] = []
  for await (const part of result.fullStream) parts.push(part)
  const told = toldIn(parts, callId)
  if (told !== undefined) held(card).told[node] = told
  // What this request's own stream says ran (the counting tool's total is the scenario's to check).
  const ranNow = told?.kind === 'ran'
  const view = await openView(approvals, callId)
  const answered = answers.filter((a) => a.card === card).length
  return answers.map((a): Outcome => {
    if (a.card !== card) return { kind: 'refused', code: 'confirmation_not_found' }
    // Two answers for one call: the denial the AI SDK shows is no person's single decision.
    if (answered > 1 && !ranNow) return { kind: 'refused', code: 'conflicting_answers' }
    if (a.decision === 'allow') {
      if (ranNow) return { kind: 'taken' }
      const counted = view?.events.some(
        (e) => e.kind === 'confirmationApproved' && e.decider?.id === a.by.id,
      )
      return view?.pending !== undefined && counted === true
        ? { kind: 'waiting' }
        : { kind: 'refused', code: 'not_approved' }
    }
    // The AI SDK asks `toolApproval` only about approved calls: a lone denial is the AI SDK's own.
    return told?.kind === 'denied' && !ranNow
      ? { kind: 'taken' }
      : { kind: 'refused', code: 'not_denied' }
  })
}

/** The run the adapter keeps for a tool call, as this process sees it (undefined: none). */
export async function openView(approvals: AiSdkApprovals, callId: string) {
  try {
    await approvals.runtime.open(runIdOf(callId))
    return approvals.runtime.view(runIdOf(callId))
  } catch {
    return undefined
  }
}

/** What the response's stream told the page (and so the asker) of the call. */
function toldIn(
  parts: readonly { type: string; toolCallId?: string }[],
  callId: string,
): Told | undefined {
  for (const part of parts) {
    if (part.toolCallId !== callId) continue
    if (part.type === 'tool-output-denied') return { kind: 'denied', code: 'user_denied' }
    if (part.type === 'tool-result') return { kind: 'ran' }
  }
  return undefined
}

export type { FaceSetup }
