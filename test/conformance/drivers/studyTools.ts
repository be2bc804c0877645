// What the StudyPulse faces (the runtime, the HTTP API, /api/chat, the terminal) share: a model
// that proposes exactly the call a message names, a counting tool whose runs are counted where
// they land, and the reading of a run's log as what its asker was told.
import { z } from 'zod'
import type { ModelRequest } from '../../../models/messages.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import type { AgentRuntime, RunView } from '../../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { studyPulseTools } from '../../../tools/createToolRegistry.ts'
import { defineTool } from '../../../tools/defineTool.ts'
import { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { ModelTurn, ToolCall } from '../../../vocabulary/ChatMessage.ts'
import { toolOk } from '../../../vocabulary/ToolResult.ts'
import type { Card, CardRequest, InputVariant, Told } from '../face.ts'
import { variantText } from '../face.ts'

/** Every line the counting tool appended, in this process, in order. */
export const appended: string[] = []

/** The counting tool: a write that appends its line (the upstream side effect a scenario counts). */
export const appendLine = defineTool({
  name: 'append_line',
  description: 'Appends a line to the conformance log.',
  parameters: z.strictObject({ line: z.string().min(1).max(500) }),
  permission: 'write',
  preview: (args) => `Append “${args.line}”`,
  execute: (args) => {
    appended.push(args.line)
    return toolOk({ appended: args.line })
  },
})

/** StudyPulse's tools plus the counting tool. */
export function conformanceTools(): ToolRegistry {
  return new ToolRegistry([...studyPulseTools, appendLine])
}

/** The first word of a call's text: its marker, whatever form the rest comes back in. */
export const keyOf = (text: string) => text.split(' ')[0] as string

/** The lines appended for `card` (its marker), each as it was written. */
export function appendedFor(card: Card): string[] {
  return appended.filter((line) => keyOf(line) === keyOf(card.request.text))
}

/** The message asking for a call: `call <tool> <json>`. */
export function callText(request: CardRequest, taskId?: string): string {
  return request.target && taskId !== undefined
    ? `call update_task ${JSON.stringify({ id: taskId, title: request.text })}`
    : `call append_line ${JSON.stringify({ line: request.text })}`
}

/** The arguments an answer of `variant` carries back for a card's call. */
export function variantArgs(args: Record<string, unknown>, variant: InputVariant = 'same') {
  const key = 'line' in args ? 'line' : 'title'
  const changed = { ...args, [key]: variantText(String(args[key]), variant) }
  return variant === 'extra-key' ? { ...changed, also: 'this' } : changed
}

/** A model that proposes the call a user message names and, told the result, says it is done. */
export function callingModel(): ScriptedModel {
  return new ScriptedModel((request: ModelRequest): ModelTurn => {
    const last = request.messages.at(-1)
    if (last?.role === 'tool') return { text: 'done' }
    const text = last?.role === 'user' ? last.content : ''
    const [, name = '', args = '{}'] = /^call (\S+) (.*)$/s.exec(text) ?? []
    if (name === '') return { text: 'nothing to do' }
    const n = request.messages.filter((m) => m.role === 'assistant').length
    const call: ToolCall = { id: `${name}-${n}`, name, arguments: args }
    return { toolCalls: [call] }
  })
}

const settled = ['awaitingConfirmation', 'awaitingInput', 'failed', 'cancelled'] as const

/** Resolves once the run rests (waits for a card or for input, or ended); never rejects. */
export async function settle(runtime: AgentRuntime, runId: string): Promise<void> {
  await runtime.open(runId).catch(() => undefined)
  await waitForRun(runtime, runId, settled).catch(() => undefined)
}

/** What a run's log tells its asker about the call of card `confirmationId`. */
export async function toldByRun(
  runtime: AgentRuntime,
  runId: string,
  confirmationId: string,
): Promise<Told> {
  await waitForRun(runtime, runId, settled).catch(() => undefined)
  return toldByView(runtime.view(runId), confirmationId)
}

/** The result the run logged for the card's call, read as what the asker was told. */
export function toldByView(view: RunView, confirmationId: string): Told {
  const card = view.events.find(
    (e) => e.kind === 'confirmationRequired' && e.confirmationId === confirmationId,
  )
  if (card === undefined) return { kind: 'nothing' }
  const result = view.events.find(
    (e) =>
      (e.kind === 'toolCompleted' || e.kind === 'toolFailed') && e.toolCallId === card.toolCallId,
  )
  if (result === undefined)
    return view.pending?.confirmationId === confirmationId
      ? { kind: 'waiting' }
      : { kind: 'nothing' }
  const payload = JSON.parse(result.payloadJson ?? '{}') as {
    ok?: boolean
    error?: { code?: string }
  }
  if (payload.ok === true) return { kind: 'ran' }
  return { kind: 'denied', code: payload.error?.code ?? result.error?.code ?? 'unknown' }
}

/**
 * Resolves once `runtime`'s view of the run shows a decision on card `confirmationId` by `who`
 * (resolved, or counted toward a quorum); a process that follows another's run sees it late.
 * Bounded: a view that never shows it is what the scenario then reports.
 */
export function decisionSeen(
  runtime: AgentRuntime,
  runId: string,
  confirmationId: string,
  who: string,
): Promise<void> {
  const seen = () =>
    runtime
      .view(runId)
      .events.some(
        (e) =>
          e.confirmationId === confirmationId &&
          (e.kind === 'confirmationResolved' ||
            (e.kind === 'confirmationApproved' && e.decider?.id === who)),
      )
  return new Promise((resolve) => {
    if (seen()) return resolve()
    const timer = setTimeout(done, 10_000)
    const stop = runtime.subscribe(runId, () => {
      if (seen()) done()
    })
    function done() {
      clearTimeout(timer)
      stop()
      resolve()
    }
  })
}
