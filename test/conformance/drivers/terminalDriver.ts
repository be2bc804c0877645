// The terminal chat face: `runTerminalChat` driven through its streams as a person types. A card
// is the `Allow once? [y/N]` prompt; an answer is `y` or `n` typed at it. The runtime under it is
// the runtime face's (the same folder store), so a restart is a chat process dying and a new one
// asking the card again ("still waiting from last time").
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { runTerminalChat } from '../../../app/runTerminalChat.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { Card, FaceDriver, FaceInstance, FaceSetup, Outcome } from '../face.ts'
import { conformanceRuntime, decideRequest } from './runtimeDriver.ts'
import { appendedFor, callText, settle, toldByRun } from './studyTools.ts'

const cardPrompt = '[y/N] '
const inputPrompt = 'you › '

/** One terminal chat on its streams: what it wrote, and a wait for its next prompt. */
class Terminal {
  readonly input = new PassThrough()
  readonly output = new PassThrough()
  written = ''
  readonly done: Promise<void>
  #waiters: (() => void)[] = []
  // How much of `written` a prompt wait has seen: each prompt is waited for once.
  #seen = 0

  constructor(runtime: AgentRuntime, resume: readonly string[] = []) {
    this.output.on('data', (chunk: Buffer) => {
      this.written += chunk.toString('utf8')
      for (const wake of this.#waiters.splice(0)) wake()
    })
    this.done = runTerminalChat({ runtime, input: this.input, output: this.output, resume })
  }

  /** Resolves with the next prompt the chat shows after what was seen so far. */
  async prompt(): Promise<'card' | 'input'> {
    for (;;) {
      const fresh = this.written.slice(this.#seen)
      const card = fresh.indexOf(cardPrompt)
      const input = fresh.indexOf(inputPrompt)
      const first = [card, input].filter((i) => i >= 0).sort((a, b) => a - b)[0]
      if (first !== undefined) {
        const kind = first === card ? 'card' : 'input'
        this.#seen += first + (kind === 'card' ? cardPrompt : inputPrompt).length
        return kind
      }
      await new Promise<void>((wake) => this.#waiters.push(wake))
    }
  }

  type(line: string): void {
    this.input.write(`${line}\n`)
  }

  async end(): Promise<void> {
    this.input.end()
    await this.done
  }
}

interface Held {
  runId: string
  args: Record<string, unknown>
  toolName: string
}
const held = (card: Card) => card.handle as Held

/** The terminal chat face. */
export function terminalDriver(): FaceDriver {
  const noPeople = 'the terminal chat has no sign-in: its one person answers'
  const oneAnswer = 'a person types one answer at the card’s prompt'
  const noInput = 'the terminal answers y/N about the card it shows; it sends no input back'
  const targets =
    'the terminal shows the runtime’s card and sends y/N; the target’s binding is the runtime’s (the runtime face)'
  return {
    face: 'terminal chat',
    notApplicable: {
      signed:
        'a terminal cannot run a WebAuthn ceremony: the refusal names the page, where the person signs (signed-required)',
      duplicate: oneAnswer,
      conflicting: oneAnswer,
      'unknown-beside-valid': oneAnswer,
      concurrent: 'one prompt takes one typed answer at a time',
      'changed-input': noInput,
      'extra-key': noInput,
      unicode: noInput,
      'other-person': noPeople,
      'other-session': 'one terminal chat is one session over its own runs',
      'unnamed-approver': noPeople,
      quorum: noPeople,
      'four-eyes': noPeople,
      sigkill: 'driven in this process here; restart covers the chat process dying',
      'stale-node': 'the terminal asks only the cards of the runs it holds',
      'new-target': targets,
      'target-changed': targets,
    },
    async start(setup) {
      const dir = await mkdtemp(join(tmpdir(), 'studypulse-conformance-terminal-'))
      let runtime = await conformanceRuntime(dir, setup)
      let terminal = new Terminal(runtime)
      const close = async () => {
        await terminal.end().catch(() => undefined)
        await runtime.close().catch(() => undefined)
        await rm(dir, { recursive: true, force: true, maxRetries: 3 })
      }
      return instance(
        () => ({ runtime, terminal }),
        async () => {
          // The chat process dies: its store gives up the runs, a new chat opens the folder.
          await runtime.flush()
          await runtime.store?.close()
          const old = terminal
          runtime = await conformanceRuntime(dir, setup)
          const resume = await runtime.restore()
          terminal = new Terminal(runtime, resume)
          old.input.destroy()
        },
        setup,
        close,
      )
    },
  }
}

function instance(
  now: () => { runtime: AgentRuntime; terminal: Terminal },
  restart: () => Promise<void>,
  _setup: FaceSetup,
  close: () => Promise<void>,
): FaceInstance {
  // Whether the chat shows a card's prompt now (and which card), or waits for a message.
  let showing: string | undefined
  let started = false
  let left = false
  return {
    async ask(request) {
      const { runtime, terminal } = now()
      if (!started && (await terminal.prompt()) !== 'input') throw new Error('no prompt')
      started = true
      terminal.type(callText(request))
      if ((await terminal.prompt()) !== 'card') throw new Error(`no card: ${terminal.written}`)
      const runId = runtime.runIds().at(-1) as string
      const pending = runtime.view(runId).pending
      if (pending === undefined) throw new Error('no card')
      showing = pending.confirmationId
      return {
        request,
        id: pending.confirmationId,
        handle: {
          runId,
          args: { line: request.text },
          toolName: 'append_line',
        } satisfies Held,
      }
    },
    async answer(answers) {
      const { runtime, terminal } = now()
      const outcomes: Outcome[] = []
      for (const answer of answers) {
        const { runId } = held(answer.card)
        if (left) {
          // The person left the chat; the card is answered where they still are (the web page
          // on the same folder decides through the runtime, as the runtime face does).
          outcomes.push(...(await decideRequest(runtime, [answer])))
          continue
        }
        if (showing !== answer.card.id) {
          // No prompt asks about this card: what the person types is a message, not a decision.
          terminal.type(answer.decision === 'allow' ? 'y' : 'n')
          await terminal.prompt()
          outcomes.push({ kind: 'refused', code: 'not_prompting' })
          continue
        }
        terminal.type(answer.decision === 'allow' ? 'y' : 'n')
        const next = await terminal.prompt()
        showing = undefined
        await settle(runtime, runId)
        const told = await toldByRun(runtime, runId, answer.card.id)
        if (next === 'card') showing = runtime.view(runId).pending?.confirmationId
        outcomes.push(
          (answer.decision === 'allow' && told.kind === 'ran') ||
            (answer.decision === 'deny' && told.kind === 'denied')
            ? { kind: 'taken' }
            : { kind: 'refused', code: 'not_taken' },
        )
      }
      return outcomes
    },
    async effects(card) {
      await settle(now().runtime, held(card).runId)
      return appendedFor(card)
    },
    told: (card) => toldByRun(now().runtime, held(card).runId, card.id),
    async restart() {
      await restart()
      // The new chat asks the card again first, then waits for a message.
      showing = (await now().terminal.prompt()) === 'card' ? showing : undefined
    },
    async leave() {
      // Ctrl-D at the card's prompt: the chat ends, and its card with it.
      await now().terminal.end()
      showing = undefined
      left = true
    },
    async expired(card) {
      await waitForRun(now().runtime, held(card).runId, 'awaitingInput')
      // The prompt still open answers nothing: the chat sees the card gone when it is answered.
    },
    close,
  }
}
