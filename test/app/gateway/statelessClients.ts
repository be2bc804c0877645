import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/server'
import { type GatewayFolder, gatewayStdioParams } from './gatewayHarness.ts'

/** The stateless revision the v2 clients here are pinned to. */
export const pinned = { mode: { pin: '2026-07-28' } } as const

/**
 * An MCP TypeScript SDK v2 client pinned to 2026-07-28 that answers the gateway's questions
 * (`InputRequiredResult` rounds, fulfilled through its `elicitation/create` handler) with
 * `answer`, recording each question; `manual` hands the input-required result back instead.
 */
export function statelessClient(
  answer: (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>,
  options: { manual?: boolean; name?: string } = {},
): { client: Client; asked: ElicitRequest[] } {
  const asked: ElicitRequest[] = []
  const client = new Client(
    { name: options.name ?? 'stateless-host', title: 'Stateless host', version: '2.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: pinned,
      ...(options.manual === true && { inputRequired: { autoFulfill: false } }),
    },
  )
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(request as ElicitRequest)
    return answer(request as ElicitRequest)
  })
  return { client, asked }
}

/** The v2 client's transport to the gateway over HTTP at `url`, with extra headers if given. */
export function statelessHttp(url: string, headers: Record<string, string> = {}) {
  return new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } })
}

// The SDK probes a server behind its own stdio transport class on a sibling process (one more
// gateway start, a few seconds on a busy machine); a subclass is probed in place, on the one
// process the client then talks to.
class InPlaceStdio extends StdioClientTransport {}

/** The gateway as a host starts it over stdio, for the v2 client (probed in place). */
export function statelessStdio(folder: GatewayFolder, extra: string[] = []): StdioClientTransport {
  return new InPlaceStdio(gatewayStdioParams(folder, extra))
}

/** The deadline a question states ("Unanswered, it is denied at …"), in epoch ms. */
export function statedDeadline(request: ElicitRequest): number {
  const found = /denied at (\S+?)\.?$/m.exec(request.params.message)
  if (found?.[1] === undefined) throw new Error(`no deadline in: ${request.params.message}`)
  return Date.parse(found[1])
}
