import { createInterface } from 'node:readline/promises'
import type { Readable, Writable } from 'node:stream'
import type { AgentEvent, RunStatus } from '../machines/AgentEvent.ts'
import type { AgentRuntime } from '../machines/createAgentRuntime.ts'
import { formatEvent } from './formatEvent.ts'

/** Where the terminal chat reads and writes, and which notebook its runs see. */
export interface TerminalChatOptions {
  runtime: AgentRuntime
  input: Readable
  output: Writable
  notebookId?: string
  /** Lines shown once before the first prompt. */
  banner?: readonly string[]
}

const settled: RunStatus[] = ['awaitingConfirmation', 'awaitingInput', 'failed', 'cancelled']
const aDay = 24 * 60 * 60 * 1000

/**
 * Prints a run's events: streamed assistant text is written as it arrives on one line, which the
 * final `assistantMessage` then ends instead of repeating it; other events get a line each.
 */
function createEventPrinter(output: Writable): (event: AgentEvent) => void {
  let lineOpen = false
  let streamed = false
  const endLine = () => {
    if (lineOpen) output.write('\n')
    lineOpen = false
  }
  return (event) => {
    if (event.kind === 'assistantDelta') {
      if (!lineOpen) output.write('studypulse › ')
      lineOpen = true
      streamed = true
      output.write(event.text ?? '')
      return
    }
    if (event.kind === 'statusChanged' && event.status === 'thinking') streamed = false
    const already = event.kind === 'assistantMessage' && streamed
    const formatted = already ? undefined : formatEvent(event)
    if (already || formatted !== undefined) {
      endLine()
      streamed = false
    }
    if (formatted !== undefined) output.write(`${formatted}\n`)
  }
}

/** A terminal chat over a runtime: prompts, prints events, asks `Allow once? [y/N]` for each card. */
export async function runTerminalChat(options: TerminalChatOptions): Promise<void> {
  const { runtime, output } = options
  const terminal = (options.input as { isTTY?: boolean }).isTTY === true
  const rl = createInterface({ input: options.input, output, terminal })
  const say = (line: string) => output.write(`${line}\n`)
  let runId: string | undefined
  let unsubscribe = () => {}
  let closed = false
  rl.on('close', () => {
    closed = true
  })

  const busy = () =>
    runId !== undefined && !['awaitingInput', 'failed', 'cancelled'].includes(runtime.status(runId))
  // Ctrl-C cancels the run in progress; on an idle prompt it leaves the chat.
  rl.on('SIGINT', () => {
    if (runId !== undefined && busy()) runtime.cancel(runId, 'cancelled with Ctrl-C')
    else rl.close()
  })

  // On Node 20 a question pending when the input ends (Ctrl-D, a pipe running dry) never settles,
  // so the close event answers it instead.
  const ask = (prompt: string): Promise<string | undefined> => {
    if (closed) return Promise.resolve(undefined)
    return new Promise((resolve) => {
      const onClose = () => resolve(undefined)
      rl.once('close', onClose)
      rl.question(prompt).then(
        (answer) => {
          rl.off('close', onClose)
          resolve(answer)
        },
        () => {
          rl.off('close', onClose)
          resolve(undefined)
        },
      )
    })
  }

  const drive = async (id: string) => {
    for (;;) {
      const status = await runtime.waitFor(id, settled, { timeoutMs: aDay })
      if (status !== 'awaitingConfirmation') return
      const pending = runtime.pendingConfirmation(id)
      if (pending === undefined) continue
      const answer = await ask('  Allow once? [y/N] ')
      if (runtime.status(id) !== 'awaitingConfirmation') continue
      const decision = /^\s*y(es)?\s*$/i.test(answer ?? '') ? 'allow' : 'deny'
      runtime.submitConfirmation(id, pending.confirmationId, decision)
      say(decision === 'allow' ? '  allowed once' : '  denied')
      if (answer === undefined) return
    }
  }

  for (const line of options.banner ?? []) say(line)
  for (;;) {
    const line = await ask('you › ')
    if (line === undefined || line.trim() === '/quit') break
    const text = line.trim()
    if (text === '') continue
    if (text === '/tasks') {
      for (const task of await runtime.workspace.readTasks()) {
        say(`  ${task.done ? '✓' : '•'} ${task.title}${task.due ? ` (due ${task.due})` : ''}`)
      }
      continue
    }
    if (runId !== undefined && runtime.status(runId) === 'awaitingInput') {
      runtime.sendInput(runId, text)
    } else {
      unsubscribe()
      runId = runtime.startRun({
        input: text,
        ...(options.notebookId !== undefined && { notebookId: options.notebookId }),
      })
      unsubscribe = runtime.subscribe(runId, createEventPrinter(output))
    }
    try {
      await drive(runId)
    } catch (error) {
      say(`  ! ${(error as Error).message}`)
    }
  }
  unsubscribe()
  if (runId !== undefined && busy()) runtime.cancel(runId, 'chat closed')
  rl.close()
}
