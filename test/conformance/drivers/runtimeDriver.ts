// The runtime API face: `createAgentRuntime` on a folder's SQLite store, decided with the
// runtime's own command (`decide`), each answer as the person named.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../../store/sqlite/sqliteRunStore.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import type { Answer, Card, FaceDriver, FaceInstance, FaceSetup, Outcome } from '../face.ts'
import {
  appendedFor,
  callingModel,
  callText,
  conformanceTools,
  settle,
  toldByRun,
  variantArgs,
} from './studyTools.ts'

/** The run and the task (for a target card) behind a card. */
interface Held {
  runId: string
  args: Record<string, unknown>
  toolName: string
  taskId?: string
  /** The call creates a task titled with its text. */
  created?: boolean
}

const held = (card: Card) => card.handle as Held

/** Sends the answers of one request to `runtime` and reads what came of each. */
export type Decide = (runtime: AgentRuntime, answers: readonly Answer[]) => Promise<Outcome[]>

/**
 * One request through the runtime's one decision intake, `runtime.decide`: every answer of it
 * at once, each naming its card by the digest shown, or by the input the answer carries back.
 */
export const decideRequest: Decide = async (runtime, answers) => {
  const result = await runtime.decide({
    face: 'api',
    by: answers[0]?.by ?? {},
    answers: answers.map((answer) => {
      // A forged card (an id nobody issued) is sent for the run of the request's first answer.
      const forged = answer.card.handle === undefined
      const { runId, args } = held(forged ? (answers[0] as Answer).card : answer.card)
      const variant = answer.input ?? 'same'
      return {
        runId,
        confirmationId: answer.card.id,
        decision: answer.decision,
        ...(variant === 'same'
          ? !forged && { digest: runtime.view(runId).pending?.digest }
          : { input: variantArgs(args, variant) }),
      }
    }),
  })
  return result.cards.map((card): Outcome => {
    if (card.status === 'taken') return { kind: 'taken' }
    if (card.status === 'waiting') return { kind: 'waiting' }
    if (card.status === 'lost') return { kind: 'refused', code: 'lost' }
    return { kind: 'refused', code: card.code }
  })
}

/** A runtime as the conformance faces build it, on `dir`'s workspace and store. */
export async function conformanceRuntime(dir: string, setup: FaceSetup): Promise<AgentRuntime> {
  const workspace = await Workspace.openOrCreate(dir)
  return createAgentRuntime({
    model: callingModel(),
    tools: conformanceTools(),
    workspace,
    store: sqliteRunStore(dir),
    ...(setup.rules !== undefined && { approvalRules: setup.rules }),
    ...(setup.expiresInMs !== undefined && { confirmationTimeoutMs: setup.expiresInMs }),
  })
}

/** The runtime face, with `decide` as the way an answer reaches the runtime (a mutant swaps it). */
export function runtimeDriver(decide: Decide = decideRequest, face = 'runtime'): FaceDriver {
  return {
    face,
    notApplicable: {
      signed:
        'the runtime takes a signature its host verified; a person makes one in the page’s WebAuthn ceremony (the signed-in web page face), and a plain answer here is refused (signed-required)',
      'other-session':
        'the runtime has no sessions: a session is a face’s (its conversation, its MCP session)',
      'asker-gone':
        'the runtime’s caller is the asker; its cancel closes the card (the chart’s own tests)',
      sigkill: 'an in-process API has no process of its own; restart covers a dying process',
    },
    async start(setup) {
      const dir = await mkdtemp(join(tmpdir(), 'studypulse-conformance-'))
      let runtime = await conformanceRuntime(dir, setup)
      const others: AgentRuntime[] = []
      return instance(() => runtime, {
        decide,
        dir,
        setup,
        restart: async () => {
          // A dying process: its store stops beating, a new runtime takes its runs over.
          await runtime.flush()
          await runtime.store?.close()
          runtime = await conformanceRuntime(dir, setup)
          await runtime.restore()
        },
        others,
        close: async () => {
          for (const other of others) await other.close().catch(() => undefined)
          await runtime.close().catch(() => undefined)
          await rm(dir, { recursive: true, force: true, maxRetries: 3 })
        },
      })
    },
  }
}

function instance(
  current: () => AgentRuntime,
  context: {
    decide: Decide
    dir: string
    setup: FaceSetup
    restart?: () => Promise<void>
    others: AgentRuntime[]
    close: () => Promise<void>
  },
): FaceInstance {
  const face: FaceInstance = {
    async ask(request) {
      const runtime = current()
      let taskId: string | undefined
      if (request.target === 'new') {
        const runId = runtime.startRun({
          input: `call create_task ${JSON.stringify({ title: request.text })}`,
          by: request.asker,
        })
        await waitForRun(runtime, runId, 'awaitingConfirmation')
        const pending = runtime.view(runId).pending
        if (pending === undefined) throw new Error('no card was shown')
        const args = { title: request.text }
        return {
          request,
          id: pending.confirmationId,
          handle: { runId, args, toolName: 'create_task', created: true } satisfies Held,
        }
      }
      if (request.target === 'existing') {
        taskId = `task-${request.text}`
        const at = new Date().toISOString()
        await runtime.workspace.upsertTask({
          id: taskId,
          title: 'Read chapter 4',
          done: false,
          createdAt: at,
          updatedAt: at,
        })
      }
      const runId = runtime.startRun({ input: callText(request, taskId), by: request.asker })
      await waitForRun(runtime, runId, 'awaitingConfirmation')
      const pending = runtime.view(runId).pending
      if (pending === undefined) throw new Error('no card was shown')
      const args =
        taskId === undefined ? { line: request.text } : { id: taskId, title: request.text }
      const toolName = taskId === undefined ? 'append_line' : 'update_task'
      return {
        request,
        id: pending.confirmationId,
        handle: { runId, args, toolName, ...(taskId !== undefined && { taskId }) } satisfies Held,
      }
    },
    answer: (answers) => context.decide(current(), answers),
    async effects(card) {
      const { taskId, runId, created } = held(card)
      await settle(current(), runId)
      if (created)
        return (await current().workspace.readTasks())
          .filter((task) => task.title === card.request.text)
          .map((task) => task.title)
      if (taskId === undefined) return appendedFor(card)
      const task = await current().workspace.readTask(taskId)
      return task?.value.title === card.request.text ? [card.request.text] : []
    },
    told: (card) => toldByRun(current(), held(card).runId, card.id),
    async changeTarget(card) {
      const { taskId } = held(card)
      const task = taskId === undefined ? undefined : await current().workspace.readTask(taskId)
      if (task === undefined) throw new Error('the card has no target')
      await current().workspace.upsertTask({ ...task.value, importance: 5 })
    },
    async expired(card) {
      await waitForRun(current(), held(card).runId, 'awaitingInput')
    },
    async secondNode() {
      const other = await conformanceRuntime(context.dir, context.setup)
      context.others.push(other)
      const second = instance(() => other, { ...context, close: () => other.close() })
      return {
        ...second,
        // The second node answers cards it does not hold: it opens their runs from the store first.
        answer: async (answers) => {
          for (const answer of answers)
            if (answer.card.handle !== undefined) await other.open(held(answer.card).runId)
          return context.decide(other, answers)
        },
        told: async (card) => {
          await other.open(held(card).runId)
          return toldByRun(other, held(card).runId, card.id)
        },
      }
    },
    close: context.close,
  }
  if (context.restart !== undefined) face.restart = context.restart
  return face
}
