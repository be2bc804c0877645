import { randomUUID } from 'node:crypto'
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio'
import { fastStdioReads } from './fastStdioReads.ts'
import { gatewayHelp, parseGatewayArgs } from './gatewayArgs.ts'
import { gatewayHosting } from './gatewayHosting.ts'
import { ModernListens } from './modernListens.ts'
import { serveStdioEras } from './serveStdioEras.ts'
import { startGateway } from './startGateway.ts'
import { watchStdioListens } from './watchStdioListens.ts'

// What `studypulse-gateway` (main.ts) runs: stdout is the MCP channel in stdio mode, so
// everything said to the person goes to stderr.
const log = (line: string) => process.stderr.write(`${line}\n`)

async function main(): Promise<void> {
  const command = parseGatewayArgs(process.argv.slice(2))
  if (command.kind === 'help') {
    process.stdout.write(`${gatewayHelp()}\n`)
    return
  }
  if (command.kind === 'invalid') {
    log(`studypulse-gateway: ${command.message} (see --help)`)
    process.exitCode = 2
    return
  }
  const hosting = await gatewayHosting(command, process.env)
  const started = await startGateway({
    ...command,
    ...(hosting.approvalRules !== undefined && { approvalRules: hosting.approvalRules }),
    log,
  })
  if (started.interrupted.length > 0) {
    log(
      `studypulse-gateway: closed ${started.interrupted.length} card(s) left waiting when it last stopped; none of their calls ran`,
    )
  }
  let http: { close(): Promise<void> } | undefined
  // The page and the app's server load only for `--page`.
  const page =
    command.pagePort === undefined
      ? undefined
      : await (await import('./gatewayPage.ts')).serveGatewayPage(started, command.pagePort, log)
  const stop = async () => {
    await http?.close()
    await page?.close()
    await started.stop()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  if (command.httpPort !== undefined) {
    // What serves HTTP (and hosted sign-in) loads only when asked for: a stdio gateway never needs it.
    const { serveGatewayHttp } = await import('./serveGatewayHttp.ts')
    const served = await serveGatewayHttp(started.gateway, command.httpPort, {
      host: hosting.host,
      ...(hosting.hosted !== undefined && { hosted: hosting.hosted }),
    })
    http = served
    const signIn = hosting.hosted?.auth?.kind
    log(
      `studypulse-gateway: serving MCP at ${served.url}${signIn === undefined ? '' : ` for ${hosting.hosted?.publicOrigin ?? ''}/mcp, sign-in: ${signIn}${hosting.approvalRules === undefined ? '' : `, ${hosting.approvalRules.rules.length} approval rule(s)`}`} (workspace ${started.workspace.root})`,
    )
    return
  }
  // The host closing our stdin is the end of the session: waiting cards close as interrupted.
  process.stdin.once('end', () => void stop())
  process.stdin.once('close', () => void stop())
  // One process is one connection: its question states are bound to it.
  const principal = `stdio:${randomUUID()}`
  const io = new StdioServerTransport()
  serveStdioEras(started.gateway, principal, io)
  // Reads of a 2025-11-25 session answered without the SDK's dispatch (the set handlers wrapped).
  fastStdioReads(io, started.gateway)
  // Once the server reads `io`: a 2026-07-28 listen's resources are subscribed upstream.
  watchStdioListens(io, new ModernListens(started.gateway.catalog.subscriptions, log))
  log(`studypulse-gateway: serving MCP on stdio (workspace ${started.workspace.root})`)
}

main().catch((error: unknown) => {
  log(`studypulse-gateway: cannot start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
