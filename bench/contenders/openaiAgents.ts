import {
  Agent,
  type AgentInputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  RunState,
  run,
  setTracingDisabled,
  tool,
  Usage,
} from '@openai/agents'
import { z } from 'zod'
import type { Contender } from '../lib/Contender.ts'
import { check } from '../lib/check.ts'
import type { TaskStore } from '../lib/TaskStore.ts'
import { callArguments, workload } from '../lib/workload.ts'

const hasToolResult = (input: string | AgentInputItem[]) =>
  typeof input !== 'string' && input.some((item) => item.type === 'function_call_result')

/** A scripted `Model`: proposes `create_task`, then answers once it sees the tool's result. */
const scriptedModel: Model = {
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    if (hasToolResult(request.input)) {
      return {
        usage: new Usage(),
        output: [
          {
            type: 'message',
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: workload.finalText }],
          },
        ],
      }
    }
    return {
      usage: new Usage(),
      output: [
        {
          type: 'function_call',
          callId: workload.callId,
          name: workload.toolName,
          arguments: callArguments,
          status: 'completed',
        },
      ],
    }
  },
  getStreamedResponse() {
    throw new Error('the benchmark model does not stream')
  },
}

/**
 * The OpenAI Agents SDK: a tool with `needsApproval`, `state.approve`, tracing off. With
 * `serialize`, the run state is saved (`toString`) and restored (`RunState.fromString`) at the approval.
 */
export function openaiAgents(serialize: boolean) {
  return async (store: TaskStore): Promise<Contender> => {
    setTracingDisabled(true)
    const createTask = tool({
      name: workload.toolName,
      description: workload.toolDescription,
      parameters: z.strictObject({ title: z.string().min(1).max(500) }),
      needsApproval: true,
      execute: async ({ title }) => store.add(title),
    })
    const agent = new Agent({
      name: 'bench',
      instructions: 'Add the tasks the user asks for.',
      model: scriptedModel,
      tools: [createTask],
    })
    return {
      name: serialize ? 'openai-agents+state' : 'openai-agents',
      async start() {
        const first = await run(agent, workload.userInput)
        check(first.interruptions.length === 1, 'openai-agents: no approval interruption')
        const saved = serialize ? first.state.toString() : undefined
        const live = serialize ? undefined : first.state
        return {
          async approve() {
            const state =
              saved === undefined
                ? live
                : await RunState.fromString<undefined, typeof agent>(agent, saved)
            check(state !== undefined, 'openai-agents: no state')
            const [interruption] = state.getInterruptions()
            check(interruption !== undefined, 'openai-agents: no interruption in the state')
            state.approve(interruption)
            const second = await run(agent, state)
            return String(second.finalOutput)
          },
        }
      },
    }
  }
}
