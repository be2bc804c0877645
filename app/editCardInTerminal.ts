import type { AgentRuntime } from '../runtime/AgentRuntime.ts'

/** What the terminal's edit step reads and writes through: the chat's own prompt and line printer. */
export interface TerminalIo {
  /** Asks one line; undefined when the input ended. */
  ask(prompt: string): Promise<string | undefined>
  say(line: string): void
}

/** The answer at a card's prompt that edits it instead of deciding (`e` or `edit`). */
export function isEditAnswer(answer: string | undefined): boolean {
  return /^\s*e(dit)?\s*$/i.test(answer ?? '')
}

/**
 * The web app's edit in the terminal: shows the card's arguments as JSON, reads the new ones on
 * one line and replaces the card (the printer then shows the new card, asked about again). A
 * refusal is printed and the card stays as it was; an empty line keeps it.
 */
export async function editCardInTerminal(
  runtime: AgentRuntime,
  runId: string,
  confirmationId: string,
  io: TerminalIo,
): Promise<void> {
  const card = runtime
    .view(runId)
    .events.findLast(
      (e) => e.kind === 'confirmationRequired' && e.confirmationId === confirmationId,
    )
  io.say(`  arguments now: ${card?.payloadJson ?? '{}'}`)
  const text = await io.ask('  new arguments as JSON › ')
  if (text === undefined || text.trim() === '') {
    io.say('  not edited')
    return
  }
  try {
    await runtime.command(runId, { kind: 'edit', confirmationId, args: text.trim() })
  } catch (error) {
    // invalid_edit and the like: the card is unchanged and asked about again.
    io.say(`  ! the edit was not made: ${(error as Error).message}`)
  }
}
