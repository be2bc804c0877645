import { z } from 'zod'
import type { Contender, WaitingRun } from '../lib/Contender.ts'
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
type Message =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: Call[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string }
type Model = (messages: readonly Message[]) => Promise<Turn>
type Approve = (preview: string) => Promise<boolean>

const parameters = z.strictObject({ title: z.string().min(1).max(500) })
const denied = { ok: false, error: { code: 'user_denied', message: 'User denied the operation' } }

/** The floor: a hand-written async loop doing the same steps with no framework. */
async function plainRun(
  input: string,
  model: Model,
  approve: Approve,
  store: TaskStore,
): Promise<string> {
  const messages: Message[] = [{ role: 'user', content: input }]
  for (let turn = 0; turn < 1000; turn++) {
    const reply = await model(messages)
    const calls = reply.toolCalls ?? []
    messages.push({ role: 'assistant', content: reply.text ?? '', toolCalls: calls })
    if (calls.length === 0) return reply.text ?? ''
    for (const call of calls) {
      let result: unknown
      const parsed =
        call.name === workload.toolName
          ? parameters.safeParse(JSON.parse(call.arguments))
          : undefined
      if (!parsed?.success) {
        result = { ok: false, error: { code: 'invalid_arguments', message: call.name } }
      } else if (await approve(`Create task “${parsed.data.title}”`)) {
        result = { ok: true, data: store.add(parsed.data.title) }
      } else {
        result = denied
      }
      const content = JSON.stringify(result)
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content })
    }
  }
  throw new Error('turn limit')
}

const singleModel: Model = async (messages) =>
  messages.at(-1)?.role === 'tool'
    ? { text: workload.finalText }
    : {
        toolCalls: [{ id: workload.callId, name: workload.toolName, arguments: callArguments }],
      }

function cyclesModel(cycles: number): Model {
  return async (messages) => {
    const done = messages.filter((m) => m.role === 'tool').length
    if (done >= cycles) return { text: cycleFinalText(cycles) }
    const args = JSON.stringify({ title: cycleTitle(done + 1) })
    return { toolCalls: [{ id: `call_${done + 1}`, name: workload.toolName, arguments: args }] }
  }
}

/** The plain async loop as a contender. */
export async function plainLoop(store: TaskStore): Promise<Contender> {
  return {
    name: 'plain-loop',
    start: () =>
      new Promise<WaitingRun>((resolve, reject) => {
        const approve: Approve = () =>
          new Promise<boolean>((allow) => {
            resolve({
              approve: () => {
                allow(true)
                return done
              },
            })
          })
        const done = plainRun(workload.userInput, singleModel, approve, store)
        done.catch(reject)
      }),
    async cycles(cycles, onApproval) {
      let k = 0
      return plainRun(
        workload.userInput,
        cyclesModel(cycles),
        async () => {
          onApproval(++k)
          return true
        },
        store,
      )
    },
  }
}
