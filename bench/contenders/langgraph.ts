import {
  Annotation,
  Command,
  END,
  INTERRUPT,
  interrupt,
  isInterrupted,
  MemorySaver,
  START,
  StateGraph,
} from '@langchain/langgraph'
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
type Message =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls: Call[] }
  | { role: 'tool'; toolCallId: string; content: string }

const State = Annotation.Root({
  messages: Annotation<Message[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  approved: Annotation<{ id: string; title: string } | undefined>(),
})

const parameters = z.strictObject({ title: z.string().min(1).max(500) })

const modelTurn = (messages: readonly Message[]): Message =>
  messages.at(-1)?.role === 'tool'
    ? { role: 'assistant', content: workload.finalText, toolCalls: [] }
    : {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: workload.callId, name: workload.toolName, arguments: callArguments }],
      }

/** LangGraph.js: model → review (validate, `interrupt()`) → tools, `MemorySaver`, thread deleted after each run. */
export async function langgraph(store: TaskStore): Promise<Contender> {
  const checkpointer = new MemorySaver()
  const lastCall = (messages: readonly Message[]) => {
    const last = messages.at(-1)
    return last?.role === 'assistant' ? last.toolCalls[0] : undefined
  }
  const graph = new StateGraph(State)
    .addNode('model', async (state) => ({ messages: [modelTurn(state.messages)] }))
    .addNode('review', (state) => {
      const call = lastCall(state.messages)
      check(call !== undefined, 'langgraph: review without a call')
      const args = parameters.parse(JSON.parse(call.arguments))
      const decision = interrupt({ preview: `Create task “${args.title}”` }) as {
        approved: boolean
      }
      return { approved: decision.approved ? { id: call.id, title: args.title } : undefined }
    })
    .addNode('tools', async (state) => {
      const call = lastCall(state.messages)
      check(call !== undefined, 'langgraph: tools without a call')
      const result =
        state.approved === undefined
          ? { ok: false, error: { code: 'user_denied' } }
          : { ok: true, data: store.add(state.approved.title) }
      return {
        messages: [{ role: 'tool' as const, toolCallId: call.id, content: JSON.stringify(result) }],
        approved: undefined,
      }
    })
    .addEdge(START, 'model')
    .addConditionalEdges('model', (state) => (lastCall(state.messages) ? 'review' : END), [
      'review',
      END,
    ])
    .addEdge('review', 'tools')
    .addEdge('tools', 'model')
    .compile({ checkpointer })
  let threads = 0
  return {
    name: 'langgraph',
    async start() {
      const config = { configurable: { thread_id: `thread-${++threads}` } }
      const first = await graph.invoke(
        { messages: [{ role: 'user', content: workload.userInput }] },
        config,
      )
      check(isInterrupted(first) && first[INTERRUPT].length === 1, 'langgraph: no interrupt')
      return {
        async approve() {
          const second = await graph.invoke(new Command({ resume: { approved: true } }), config)
          await checkpointer.deleteThread(config.configurable.thread_id)
          const last = second.messages.at(-1)
          return last?.role === 'assistant' ? last.content : ''
        },
      }
    },
  }
}
