import { assign, createActor, fromPromise, setup, waitFor } from 'xstate'
import { z } from 'zod'
import type { Contender } from '../lib/Contender.ts'
import { check } from '../lib/check.ts'
import type { TaskStore } from '../lib/TaskStore.ts'
import { callArguments, workload } from '../lib/workload.ts'

interface Call {
  id: string
  name: string
  arguments: string
}
interface Turn {
  text?: string
  toolCalls?: Call[]
}
interface Context {
  messages: { role: string; content: string }[]
  call?: Call
  title?: string
  text?: string
}
type Events =
  | { type: 'CONFIRM' }
  | { type: 'MODEL_DONE'; turn: Turn }
  | { type: 'TOOL_DONE'; content: string }

const parameters = z.strictObject({ title: z.string().min(1).max(500) })
const model = async (messages: Context['messages']): Promise<Turn> =>
  messages.at(-1)?.role === 'tool'
    ? { text: workload.finalText }
    : { toolCalls: [{ id: workload.callId, name: workload.toolName, arguments: callArguments }] }

const acceptTurn = (context: Context, turn: Turn): Partial<Context> => {
  const call = turn.toolCalls?.[0]
  const messages = [...context.messages, { role: 'assistant', content: turn.text ?? '' }]
  if (call === undefined) return { messages, call: undefined, text: turn.text ?? '' }
  // Validation (the `preparing` step) is synchronous, inside the transition.
  return { messages, call, title: parameters.parse(JSON.parse(call.arguments)).title }
}

/**
 * The XState v5 floor: the smallest statechart doing the same steps (model → validate → wait →
 * tool → model), plain `assign` (no immer), no event log. With `childActors`, model and tool calls
 * are `fromPromise` actors as in our runtime; without, the harness does the I/O and sends events.
 */
export function xstateFloor(childActors: boolean) {
  return async (store: TaskStore): Promise<Contender> => {
    const execute = async (title: string) => JSON.stringify({ ok: true, data: store.add(title) })
    const machine = setup({
      types: { context: {} as Context, events: {} as Events },
      actors: {
        callModel: fromPromise<Turn, Context['messages']>(({ input }) => model(input)),
        runTool: fromPromise<string, string>(({ input }) => execute(input)),
      },
    }).createMachine({
      context: { messages: [{ role: 'user', content: workload.userInput }] },
      initial: 'thinking',
      states: {
        thinking: childActors
          ? {
              invoke: {
                src: 'callModel',
                input: ({ context }) => context.messages,
                onDone: [
                  {
                    guard: ({ event }) => (event.output.toolCalls?.length ?? 0) > 0,
                    target: 'awaitingConfirmation',
                    actions: assign(({ context, event }) => acceptTurn(context, event.output)),
                  },
                  {
                    target: 'awaitingInput',
                    actions: assign(({ context, event }) => acceptTurn(context, event.output)),
                  },
                ],
              },
            }
          : {
              on: {
                MODEL_DONE: [
                  {
                    guard: ({ event }) => (event.turn.toolCalls?.length ?? 0) > 0,
                    target: 'awaitingConfirmation',
                    actions: assign(({ context, event }) => acceptTurn(context, event.turn)),
                  },
                  {
                    target: 'awaitingInput',
                    actions: assign(({ context, event }) => acceptTurn(context, event.turn)),
                  },
                ],
              },
            },
        awaitingConfirmation: { on: { CONFIRM: 'executing' } },
        executing: childActors
          ? {
              invoke: {
                src: 'runTool',
                input: ({ context }) => context.title ?? '',
                onDone: {
                  target: 'thinking',
                  actions: assign(({ context, event }) => ({
                    messages: [...context.messages, { role: 'tool', content: event.output }],
                  })),
                },
              },
            }
          : {
              on: {
                TOOL_DONE: {
                  target: 'thinking',
                  actions: assign(({ context, event }) => ({
                    messages: [...context.messages, { role: 'tool', content: event.content }],
                  })),
                },
              },
            },
        awaitingInput: {},
      },
    })
    type RunActor = ReturnType<typeof createActor<typeof machine>>
    // Without child actors, the driver does the I/O whenever the run enters an I/O state.
    const drive = async (actor: RunActor) => {
      for (;;) {
        const snapshot = actor.getSnapshot()
        if (snapshot.value === 'thinking') {
          actor.send({ type: 'MODEL_DONE', turn: await model(snapshot.context.messages) })
        } else if (snapshot.value === 'executing') {
          actor.send({ type: 'TOOL_DONE', content: await execute(snapshot.context.title ?? '') })
        } else return snapshot.value
      }
    }
    const settle = (actor: RunActor, value: 'awaitingConfirmation' | 'awaitingInput') =>
      childActors ? waitFor(actor, (s) => s.value === value).then(() => value) : drive(actor)
    return {
      name: childActors ? 'xstate-floor' : 'xstate-floor-no-children',
      async start() {
        const actor = createActor(machine).start()
        check((await settle(actor, 'awaitingConfirmation')) === 'awaitingConfirmation', 'xstate')
        return {
          async approve() {
            actor.send({ type: 'CONFIRM' })
            await settle(actor, 'awaitingInput')
            const text = actor.getSnapshot().context.text ?? ''
            actor.stop()
            return text
          },
        }
      },
    }
  }
}
