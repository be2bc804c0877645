import { createInterface } from 'node:readline/promises'
import type { Readable, Writable } from 'node:stream'
import type { AgentRuntime } from '../runtime/AgentRuntime.ts'
import { waitForRun } from '../runtime/waitForRun.ts'
import type { McpServerStatus } from '../tools/mcp/McpServerStatus.ts'
import { latestChangeId } from '../ui/core/changeOf.ts'
import { offersEdit } from '../ui/core/editFields.ts'
import { nothingToDo } from '../ui/core/nothingToDo.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import { answerChoices, pickedChoice } from '../vocabulary/answerChoices.ts'
import { dayText } from '../vocabulary/humanTime.ts'
import { isEnded, type RunStatus } from '../vocabulary/RunStatus.ts'
import { toolWords } from '../vocabulary/toolWords.ts'
import { visibleText } from '../vocabulary/visibleText.ts'
import { describeMcpServer } from './describeMcpServer.ts'
import { editCardInTerminal, isEditAnswer } from './editCardInTerminal.ts'
import { formatEvent } from './formatEvent.ts'

/** Where the terminal chat reads and writes, and which notebook its runs see. */
export interface TerminalChatOptions {
  runtime: AgentRuntime
  input: Readable
  output: Writable
  notebookId?: string
  /** Lines shown once before the first prompt. */
  banner?: readonly string[]
  /** Runs restored from an earlier session; their open cards are asked first. */
  resume?: readonly string[]
  /** The MCP servers whose tools the runtime offers; `/mcp` lists them. */
  mcp?: { servers(): readonly McpServerStatus[] }
}

const settled: RunStatus[] = ['awaitingConfirmation', 'awaitingInput', 'failed', 'cancelled']

/** What `/help` says at the prompt: the commands, in a student's words. */
const terminalHelp = [
  '  Type what you want in your own words: "add a task to read chapter 3 by friday".',
  '  /tasks  your tasks',
  '  /undo   take back the last change of this chat (a card asks first)',
  '  /mcp    the tool servers StudyPulse may use',
  '  /quit   leave (a card still waiting is asked again next time)',
]
/** What `/help` says while a card waits. */
const cardHelp = [
  '  y allows this once; n or Enter does not; e changes it first, field by field.',
  '  /quit leaves without answering: the card waits, and is asked again next time.',
]
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
      output.write(visibleText(event.text ?? ''))
      return
    }
    if (event.kind === 'statusChanged' && event.status === 'thinking') streamed = false
    const already = event.kind === 'assistantMessage' && streamed
    const formatted = already ? undefined : formatEvent(event)
    if (already || formatted !== undefined) {
      endLine()
      streamed = false
    }
    // The formatters escape data already; this keeps any line that missed it from steering the terminal.
    if (formatted !== undefined) output.write(`${visibleText(formatted)}\n`)
  }
}

/** A terminal chat over a runtime: prompts, prints events, asks `Allow once? [y/N]` for each card (`e` edits it field by field). */
export async function runTerminalChat(options: TerminalChatOptions): Promise<void> {
  const { runtime, output } = options
  const terminal = (options.input as { isTTY?: boolean }).isTTY === true
  const rl = createInterface({ input: options.input, output, terminal })
  // Lines hold data (titles, messages): shown, never obeyed (readline's own prompt writes apart).
  const say = (line: string) => output.write(`${visibleText(line)}\n`)
  let runId: string | undefined
  let unsubscribe = () => {}
  let closed = false
  // Left with /quit while a card waited: neither a No nor a cancel, so it is asked next time.
  let leftWaiting = false
  rl.on('close', () => {
    closed = true
  })

  const status = (id: string) => runtime.view(id).value
  // The answer to the person's last message (an older one's choices are no longer asked).
  const lastAnswer = (id: string) => {
    const last = runtime
      .view(id)
      .events.findLast((e) => e.kind === 'assistantMessage' || e.kind === 'userMessage')
    return last?.kind === 'assistantMessage' ? last.text : undefined
  }
  const busy = () =>
    runId !== undefined && status(runId) !== 'awaitingInput' && !isEnded(status(runId))
  let question: AbortController | undefined
  // Ctrl-C cancels the run in progress (and the card's question with it); on an idle prompt it
  // leaves the chat.
  rl.on('SIGINT', () => {
    if (runId !== undefined && busy()) {
      void runtime.cancel(runId, 'cancelled with Ctrl-C')
      question?.abort()
    } else rl.close()
  })

  // On Node 20 a question pending when the input ends (Ctrl-D, a pipe running dry) never settles,
  // so the close event answers it instead.
  const ask = (prompt: string): Promise<string | undefined> => {
    if (closed) return Promise.resolve(undefined)
    return new Promise((resolve) => {
      const onClose = () => resolve(undefined)
      rl.once('close', onClose)
      question = new AbortController()
      rl.question(prompt, { signal: question.signal }).then(
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
      const reached = await waitForRun(runtime, id, settled, { timeoutMs: aDay })
      if (reached !== 'awaitingConfirmation') return
      const { pending } = runtime.view(id)
      if (pending === undefined) continue
      // A card with nothing to allow (undone already, no such record) is dismissed, not allowed.
      const card = runtime
        .view(id)
        .events.findLast((e) => e.confirmationId === pending.confirmationId && e.description)
      const nothing = card === undefined ? undefined : nothingToDo(card)
      // A card with nothing a person may change (a delete, an undo) offers no edit.
      const tool = runtime
        .view(id)
        .events.findLast(
          (e) => e.kind === 'confirmationRequired' && e.confirmationId === pending.confirmationId,
        )?.toolName
      const editable = offersEdit(tool === undefined ? undefined : runtime.tools.editForm(tool))
      const answer = await ask(
        nothing !== undefined
          ? '  Nothing to allow here; press Enter to dismiss it '
          : editable
            ? '  Allow once? (e edits it field by field) [y/N] '
            : '  Allow once? [y/N] ',
      )
      if (status(id) !== 'awaitingConfirmation') continue
      if (answer?.trim() === '/quit') {
        leftWaiting = true
        say('  left unanswered: the card waits, and is asked again next time')
        return
      }
      if (answer?.trim() === '/help') {
        for (const line of cardHelp) say(line)
        continue
      }
      if (nothing !== undefined) {
        say(`  dismissed: ${nothing}`)
        await runtime.submitConfirmation(id, pending.confirmationId, 'deny').catch(() => undefined)
        if (answer === undefined) return
        continue
      }
      // Not offered, yet typed: the edit step says plainly why nothing can be changed.
      if (isEditAnswer(answer)) {
        await editCardInTerminal(runtime, id, pending.confirmationId, { ask, say })
        continue
      }
      const decision = /^\s*y(es)?\s*$/i.test(answer ?? '') ? 'allow' : 'deny'
      // Said first: the decision runs the tool at once, and its result line must come after.
      say(decision === 'allow' ? '  allowed once' : '  denied')
      // A refusal (another tab decided first) shows in the log the printer reads.
      await runtime.submitConfirmation(id, pending.confirmationId, decision).catch(() => undefined)
      if (answer === undefined) return
    }
  }

  for (const line of options.banner ?? []) say(line)
  for (const id of options.resume ?? []) {
    const card = runtime.view(id).events.findLast((e) => e.kind === 'confirmationRequired')
    if (status(id) !== 'awaitingConfirmation' || card === undefined) continue
    say(
      `  still waiting from last time: ${toolWords(card.toolName ?? '', card.permissionOrigin).action} [${card.permission?.toUpperCase()}] ${visibleText(card.description?.headline ?? card.preview ?? '', 'mark')}`,
    )
    unsubscribe()
    runId = id
    unsubscribe = runtime.subscribe(id, printing(output))
    await drive(id).catch((error: Error) => say(`  ! ${error.message}`))
    if (leftWaiting) break
  }
  while (!leftWaiting) {
    const line = await ask('you › ')
    if (line === undefined || line.trim() === '/quit') break
    const text = line.trim()
    if (text === '') continue
    if (text === '/help') {
      for (const help of terminalHelp) say(help)
      continue
    }
    if (text === '/tasks') {
      for (const task of await runtime.workspace.readTasks()) {
        say(
          `  ${task.done ? '✓' : '•'} ${visibleText(task.title, 'mark')}${task.due ? ` (due ${dayText(task.due)})` : ''}`,
        )
      }
      continue
    }
    if (text === '/mcp') {
      const servers = options.mcp?.servers() ?? []
      if (servers.length === 0) say('  no MCP servers (add a mcp.json to the workspace)')
      for (const server of servers) {
        say(`  ${describeMcpServer(server)}`)
        for (const tool of server.tools) {
          say(`    ${visibleText(`${tool.name} [${tool.permission}] ${tool.origin.text}`, 'mark')}`)
        }
      }
      continue
    }
    if (text === '/undo' || text.startsWith('/undo ')) {
      const named = text.slice('/undo'.length).trim()
      const changeId = named !== '' ? named : runId && latestChangeId(runtime.view(runId).events)
      if (runId === undefined || changeId === undefined || status(runId) !== 'awaitingInput') {
        say(
          '  nothing to undo here: /undo takes back the last change of this chat, once it waits for you',
        )
        continue
      }
      // A card like any other: the undo runs only if it is allowed below.
      await runtime
        .command(runId, { kind: 'undo', changeId })
        .catch((error: Error) => say(`  ! ${error.message}`))
    } else {
      // A number after an answer that asked back sends that choice's words, shown as sent.
      const waiting = runId !== undefined && status(runId) === 'awaitingInput'
      const chosen = waiting ? pickedChoice(text, lastAnswer(runId as string)) : undefined
      if (chosen !== undefined) say(`  → ${chosen}`)
      // A refused message (too long, say) is told, and the chat goes on.
      try {
        if (runId !== undefined && waiting) {
          await runtime.sendInput(runId, chosen ?? text)
        } else {
          const next = runtime.startRun({
            input: text,
            ...(options.notebookId !== undefined && { notebookId: options.notebookId }),
          })
          unsubscribe()
          runId = next
          unsubscribe = runtime.subscribe(runId, printing(output))
        }
      } catch (error) {
        say(`  ! ${(error as Error).message}`)
        continue
      }
    }
    try {
      await drive(runId)
    } catch (error) {
      say(`  ! ${(error as Error).message}`)
    }
    const asked = runId !== undefined && answerChoices(lastAnswer(runId) ?? '')
    if (asked) say(`  (type a number, 1–${asked.choices.length}, to choose)`)
  }
  unsubscribe()
  if (runId !== undefined && busy() && !leftWaiting) await runtime.cancel(runId, 'chat closed')
  rl.close()
}

// The printer takes log entries; a view change alone prints nothing.
function printing(output: Writable): (event?: AgentEvent) => void {
  const print = createEventPrinter(output)
  return (event) => {
    if (event !== undefined) print(event)
  }
}
