import { assign, createActor, emit, setup } from 'xstate'
import { z } from 'zod'
import type { Contender } from '../lib/Contender.ts'
import { check } from '../lib/check.ts'
import type { TaskStore } from '../lib/TaskStore.ts'
import { callArguments, cycleFinalText, cycleTitle, workload } from '../lib/workload.ts'

interface Call {
  id: string
  name: string
  arguments: string
}
interface Turn {
  text?: string
  toolCalls?: Call[]
}
type Message = { role: string; content: string; toolCalls?: Call[]; toolCallId?: string }
interface Context {
  messages: Message[]
  queue: Call[]
  turns: number
  maxTurns: number
  current?: { call: Call; title?: string; result?: string }
  pending?: { id: string; callId: string }
  retired: string[]
  lastSeq: number
  logged: { seq: number; kind: string }[]
}
type Events =
  | { type: 'MODEL_DONE'; turn: Turn }
  | { type: 'PREPARED'; title: string | undefined }
  | { type: 'CONFIRM'; id: string }
  | { type: 'DENY'; id: string }
  | { type: 'TOOL_DONE'; callId: string; content: string }
  | { type: 'CANCEL' }

const parameters = z.strictObject({ title: z.string().min(1).max(500) })

/**
 * The engine's own cost for our chart's shape (issue 24): a bare XState v5 machine with the same
 * states, guards and `always` transitions as the agent-run statechart, a plain `assign` per step
 * and one `emit` per step. The harness does the model call (the same scripted model as
 * `studypulse`), the zod check of the arguments and the tool, and sends the answers as events.
 * No runtime, no event log kept, no digest, no saves: what StudyPulse adds is measured against it.
 */
export async function xstateShape(store: TaskStore): Promise<Contender> {
  let ids = 0
  const log = (context: Context, kind: string) => {
    const seq = context.lastSeq + 1
    return { lastSeq: seq, logged: [{ seq, kind }] }
  }
  const machine = setup({
    types: { context: {} as Context, events: {} as Events, input: {} as { maxTurns: number } },
    guards: {
      turnHasToolCalls: ({ event }) =>
        event.type === 'MODEL_DONE' && (event.turn.toolCalls?.length ?? 0) > 0,
      preparationFailed: ({ context }) => context.current?.result !== undefined,
      isReadCall: () => false,
      confirmationMatches: ({ context, event }) =>
        (event.type === 'CONFIRM' || event.type === 'DENY') &&
        context.pending !== undefined &&
        event.id === context.pending.id &&
        context.pending.callId === context.current?.call.id,
      resultIsForCurrentCall: ({ context, event }) =>
        event.type === 'TOOL_DONE' && event.callId === context.current?.call.id,
      hasQueuedCalls: ({ context }) => context.queue.length > 0,
      stepLimitReached: ({ context }) => context.turns >= context.maxTurns,
    },
    actions: {
      handOver: emit(({ context }) => ({ type: 'logged' as const, events: context.logged })),
    },
  }).createMachine({
    context: ({ input }) => ({
      messages: [{ role: 'user', content: workload.userInput }],
      queue: [],
      turns: 0,
      maxTurns: input.maxTurns,
      retired: [],
      lastSeq: 0,
      logged: [],
    }),
    initial: 'thinking',
    on: { CANCEL: '.cancelled' },
    states: {
      thinking: {
        entry: [
          assign(({ context }) => ({ turns: context.turns + 1, ...log(context, 'thinking') })),
          'handOver',
        ],
        on: {
          MODEL_DONE: [
            {
              guard: 'turnHasToolCalls',
              target: 'preparing',
              actions: assign(({ context, event }) => ({
                messages: [
                  ...context.messages,
                  { role: 'assistant', content: '', toolCalls: event.turn.toolCalls ?? [] },
                ],
                queue: event.turn.toolCalls ?? [],
              })),
            },
            {
              target: 'awaitingInput',
              actions: assign(({ context, event }) => ({
                messages: [
                  ...context.messages,
                  { role: 'assistant', content: event.turn.text ?? '' },
                ],
              })),
            },
          ],
        },
      },
      preparing: {
        entry: [
          assign(({ context }) => {
            const [call, ...queue] = context.queue
            // The harness checked the arguments (zod) before sending MODEL_DONE.
            const title = call === undefined ? undefined : validTitle(call)
            return {
              queue,
              ...(call !== undefined && {
                current: {
                  call,
                  ...(title === undefined ? { result: 'invalid_arguments' } : { title }),
                },
              }),
              ...log(context, 'preparing'),
            }
          }),
          'handOver',
        ],
        always: [
          { guard: 'preparationFailed', target: 'reporting' },
          { guard: 'isReadCall', target: 'executing' },
          { target: 'awaitingConfirmation' },
        ],
      },
      awaitingConfirmation: {
        entry: [
          assign(({ context }) => ({
            pending: { id: `c${++ids}`, callId: context.current?.call.id ?? '' },
            ...log(context, 'awaitingConfirmation'),
          })),
          'handOver',
        ],
        on: {
          CONFIRM: {
            guard: 'confirmationMatches',
            target: 'executing',
            actions: assign(({ context }) => ({
              pending: undefined,
              retired: [...context.retired, context.pending?.id ?? ''],
            })),
          },
          DENY: {
            guard: 'confirmationMatches',
            target: 'reporting',
            actions: assign(({ context }) => ({
              pending: undefined,
              retired: [...context.retired, context.pending?.id ?? ''],
            })),
          },
        },
      },
      executing: {
        entry: [assign(({ context }) => log(context, 'executing')), 'handOver'],
        on: {
          TOOL_DONE: {
            guard: 'resultIsForCurrentCall',
            target: 'reporting',
            actions: assign(({ context, event }) => ({
              current: context.current && { ...context.current, result: event.content },
            })),
          },
        },
      },
      reporting: {
        entry: [
          assign(({ context }) => ({
            messages: [
              ...context.messages,
              {
                role: 'tool',
                toolCallId: context.current?.call.id ?? '',
                content: context.current?.result ?? '',
              },
            ],
            current: undefined,
            ...log(context, 'reporting'),
          })),
          'handOver',
        ],
        always: [
          { guard: 'hasQueuedCalls', target: 'preparing' },
          { guard: 'stepLimitReached', target: 'failed' },
          { target: 'thinking' },
        ],
      },
      awaitingInput: {
        entry: [assign(({ context }) => log(context, 'awaitingInput')), 'handOver'],
      },
      failed: { type: 'final' },
      cancelled: { type: 'final' },
    },
  })
  type RunActor = ReturnType<typeof createActor<typeof machine>>
  const validTitle = (call: Call) => {
    const parsed = parameters.safeParse(JSON.parse(call.arguments))
    return parsed.success ? parsed.data.title : undefined
  }
  // The harness: the model and the tool run whenever the run enters the state that needs them.
  const drive = async (actor: RunActor, model: (m: readonly Message[]) => Promise<Turn>) => {
    for (;;) {
      const snapshot = actor.getSnapshot()
      if (snapshot.value === 'thinking') {
        actor.send({ type: 'MODEL_DONE', turn: await model(snapshot.context.messages) })
      } else if (snapshot.value === 'executing') {
        const { current } = snapshot.context
        const content = JSON.stringify({ ok: true, data: store.add(current?.title ?? '') })
        actor.send({ type: 'TOOL_DONE', callId: current?.call.id ?? '', content })
      } else return snapshot.value
    }
  }
  const events: unknown[] = []
  const listen = (actor: RunActor) => {
    actor.on('logged', (e) => {
      events.push(e)
      events.length = 0
    })
    return actor
  }
  const singleModel = async (messages: readonly Message[]): Promise<Turn> =>
    messages.at(-1)?.role === 'tool'
      ? { text: workload.finalText }
      : { toolCalls: [{ id: workload.callId, name: workload.toolName, arguments: callArguments }] }
  const cyclesModel =
    (cycles: number) =>
    async (messages: readonly Message[]): Promise<Turn> => {
      const done = messages.filter((m) => m.role === 'tool').length
      if (done >= cycles) return { text: cycleFinalText(cycles) }
      const args = JSON.stringify({ title: cycleTitle(done + 1) })
      return { toolCalls: [{ id: `call_${done + 1}`, name: workload.toolName, arguments: args }] }
    }
  const textOf = (actor: RunActor) => actor.getSnapshot().context.messages.at(-1)?.content ?? ''
  return {
    name: 'xstate-shape',
    async start() {
      const actor = listen(createActor(machine, { input: { maxTurns: 25 } })).start()
      check((await drive(actor, singleModel)) === 'awaitingConfirmation', 'xstate-shape')
      return {
        async approve() {
          actor.send({ type: 'CONFIRM', id: actor.getSnapshot().context.pending?.id ?? '' })
          await drive(actor, singleModel)
          const text = textOf(actor)
          actor.stop()
          return text
        },
      }
    },
    async cycles(cycles, onApproval) {
      const model = cyclesModel(cycles)
      const actor = listen(createActor(machine, { input: { maxTurns: cycles + 1 } })).start()
      for (let k = 1; ; k++) {
        if ((await drive(actor, model)) !== 'awaitingConfirmation') break
        onApproval(k)
        actor.send({ type: 'CONFIRM', id: actor.getSnapshot().context.pending?.id ?? '' })
      }
      const text = textOf(actor)
      actor.stop()
      return text
    },
  }
}
