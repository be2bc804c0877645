// One node of the multi-process tests, driven by JSON lines on stdin; it answers each with a JSON
// line `{ id, ... }` on stdout. Usage: nodeChild.ts <databaseUrl> <ownerId> [leaseMs] [rescanMs]
//   { id, op: 'start', titles }          starts one run per title; answers with each card once saved
//   { id, op: 'decide', runId, confirmationId, digest, decision }   answers { ok } or { ok: false, code }
//   { id, op: 'settled', runIds }        answers once each run this node owns rests in awaitingInput
import { createInterface } from 'node:readline'
import { AgentError } from '../../../runtime/AgentError.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { ConfirmationDecision } from '../../../vocabulary/Decision.ts'
import { startNode } from './nodeRuntime.ts'

const [url = '', ownerId = '', leaseText = '2000', rescanText = ''] = process.argv.slice(2)
const node = await startNode(url, {
  ownerId,
  leaseMs: Number(leaseText),
  ...(rescanText !== '' && { rescanEveryMs: Number(rescanText) }),
})
const { runtime } = node
const answer = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`)

type Command =
  | { id: number; op: 'start'; titles: string[] }
  | {
      id: number
      op: 'decide'
      runId: string
      confirmationId: string
      digest: string
      decision: ConfirmationDecision
    }
  | { id: number; op: 'settled'; runIds: string[] }

async function handle(command: Command): Promise<object> {
  if (command.op === 'start') {
    const cards = await Promise.all(
      command.titles.map(async (title) => {
        const runId = runtime.startRun({ input: `create ${title}` })
        await waitForRun(runtime, runId, 'awaitingConfirmation', { timeoutMs: 120_000 })
        const pending = runtime.view(runId).pending
        return { runId, confirmationId: pending?.confirmationId, digest: pending?.digest }
      }),
    )
    // Other nodes decide from the store: the cards are shown once they are saved.
    await runtime.flush()
    return { cards }
  }
  if (command.op === 'decide') {
    const { runId, confirmationId, digest, decision } = command
    try {
      await runtime.submitConfirmation(runId, confirmationId, decision, { digest })
      return { ok: true }
    } catch (error) {
      if (error instanceof AgentError) return { ok: false, code: error.code }
      throw error
    }
  }
  await Promise.all(
    command.runIds.map((runId) =>
      waitForRun(runtime, runId, ['awaitingInput', 'failed', 'cancelled'], { timeoutMs: 120_000 }),
    ),
  )
  await runtime.flush()
  return { settled: command.runIds.length }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as Command
  handle(command).then(
    (result) => answer({ id: command.id, ...result }),
    (error: unknown) => answer({ id: command.id, error: String(error) }),
  )
})
answer({ ready: ownerId })
