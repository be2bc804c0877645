#!/usr/bin/env node
import { randomUUID } from 'node:crypto'
import { gatewayHelp, parseGatewayArgs } from './gatewayArgs.ts'
import { gatewayHosting } from './gatewayHosting.ts'
import { serveGatewayPage } from './gatewayPage.ts'
import { createGatewayServer } from './gatewayServer.ts'
import { createModernGatewayServer } from './modernGatewayServer.ts'
import { serveGatewayHttp } from './serveGatewayHttp.ts'
import { serveStdioEras } from './serveStdioEras.ts'
import { startGateway } from './startGateway.ts'

// `studypulse-gateway` (and `npm run gateway -- …`): stdout is the MCP channel in stdio mode, so
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
  // A team's page is the hosted app, with its sign-in and public origin; this one is loopback's.
  if (command.pagePort !== undefined && hosting.hosted !== undefined)
    throw new Error(
      '--page serves this computer only; with hosted sign-in, run the hosted StudyPulse app on the same workspace and give its origin as --page-url',
    )
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
  let http: Awaited<ReturnType<typeof serveGatewayHttp>> | undefined
  const page =
    command.pagePort === undefined
      ? undefined
      : await serveGatewayPage(started, command.pagePort, log)
  if (page !== undefined)
    log(`studypulse-gateway: cards are answered at ${page.url}/ (this computer only)`)
  const stop = async () => {
    await http?.close()
    await page?.close()
    await started.stop()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
  if (command.httpPort !== undefined) {
    http = await serveGatewayHttp(started.gateway, command.httpPort, {
      host: hosting.host,
      ...(hosting.hosted !== undefined && { hosted: hosting.hosted }),
    })
    const signIn = hosting.hosted?.auth?.kind
    log(
      `studypulse-gateway: serving MCP at ${http.url}${signIn === undefined ? '' : ` for ${hosting.hosted?.publicOrigin ?? ''}/mcp, sign-in: ${signIn}${hosting.approvalRules === undefined ? '' : `, ${hosting.approvalRules.rules.length} approval rule(s)`}`} (workspace ${started.workspace.root})`,
    )
    return
  }
  // The host closing our stdin is the end of the session: waiting cards close as interrupted.
  process.stdin.once('end', () => void stop())
  process.stdin.once('close', () => void stop())
  // One process is one connection: its question states are bound to it.
  const principal = `stdio:${randomUUID()}`
  await serveStdioEras(
    () => createGatewayServer(started.gateway),
    () => createModernGatewayServer(started.gateway, { principal, announceChanges: true }),
  )
  log(`studypulse-gateway: serving MCP on stdio (workspace ${started.workspace.root})`)
}

main().catch((error: unknown) => {
  log(`studypulse-gateway: cannot start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
