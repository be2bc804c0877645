import type { ModelClient, ModelRequest } from '../../models/messages.ts'
import type { ModelTurn, ToolCall } from '../../vocabulary/ChatMessage.ts'

/** What a gateway run's "model" answers once its one call has been answered. */
const answeredText = 'The MCP client has its answer.'
/** What it answers in a run that has no call from a client (restored, or sent a message). */
const noCallText = 'This run stands for one call from an MCP client; it takes no messages.'

/**
 * The model of the gateway's runs: each run stands for one `tools/call` an MCP client sent, and
 * its first turn proposes exactly that call, so the call takes the runtime's own path (prepare,
 * describe, card, execute once). Once the tool answered, the run's next turn ends it with a line
 * of text. The runtime asks for the first turn as the run starts (before `startRun` returns its
 * id), so the turn waits for `propose` with that id.
 */
export class GatewayModel implements ModelClient {
  readonly name = 'mcp-gateway'
  readonly #proposed = new Map<string, ToolCall>()
  readonly #waiting = new Map<string, (call: ToolCall | undefined) => void>()

  /** Hands run `runId` the client's call; its first turn proposes it. */
  propose(runId: string, call: ToolCall): void {
    const waiting = this.#waiting.get(runId)
    this.#waiting.delete(runId)
    if (waiting !== undefined) waiting(call)
    else this.#proposed.set(runId, call)
  }

  /** Forgets a run's call (the run ended); a turn still waiting for it ends without one. */
  forget(runId: string): void {
    this.#proposed.delete(runId)
    this.#waiting.get(runId)?.(undefined)
    this.#waiting.delete(runId)
  }

  async complete(request: ModelRequest): Promise<ModelTurn> {
    const { runId, messages } = request
    // After the tool's answer (or any later message), the run has nothing more to do.
    if (messages.some((message) => message.role === 'tool')) return { text: answeredText }
    if (runId === undefined || messages.filter((m) => m.role === 'user').length > 1) {
      return { text: noCallText }
    }
    const call = this.#proposed.get(runId) ?? (await this.#next(runId, request.signal))
    this.#proposed.delete(runId)
    return call === undefined ? { text: noCallText } : { toolCalls: [call] }
  }

  #next(runId: string, signal: AbortSignal): Promise<ToolCall | undefined> {
    return new Promise((resolve) => {
      this.#waiting.set(runId, resolve)
      signal.addEventListener('abort', () => this.forget(runId), { once: true })
    })
  }
}
