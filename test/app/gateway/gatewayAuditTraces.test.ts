import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { context, propagation, trace } from '@opentelemetry/api'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import { type OtlpReceiver, startOtlpReceiver } from '../../helpers/otlpReceiver.ts'
import { runAudit } from '../../helpers/runAudit.ts'
import {
  elicitingClient,
  folderGateway,
  type GatewayFolder,
  gatewayFolder,
} from './gatewayHarness.ts'

// What the runtime promises, for the gateway's calls too: an audit line for every call, decision
// and upstream result, in a chain `npm run audit -- --verify` checks, and OTel spans for the wait
// for a person and for the upstream call.
let folder: GatewayFolder
let receiver: OtlpReceiver
beforeEach(async () => {
  folder = await gatewayFolder()
  await writeFile(join(folder.files, 'notes.txt'), 'one\n')
  receiver = await startOtlpReceiver()
})
afterEach(async () => {
  trace.disable()
  context.disable()
  propagation.disable()
  await receiver.close()
  await folder.dispose()
})

const audit = (...args: string[]) => runAudit(folder.workspace, args)

test('an allowed and a denied call: audited in a chain that verifies, traced with the wait and the upstream call', async () => {
  const started = await folderGateway(folder, {
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
  })
  const http = await serveGatewayHttp(started.gateway, 0)
  const host = elicitingClient(() => ({ action: host.asked.length === 1 ? 'accept' : 'decline' }))
  await host.client.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  const path = join(folder.files, 'notes.txt')
  const allowed = (await host.client.callTool({
    name: 'files__write_file',
    arguments: { path, content: 'one\ntwo\n' },
  })) as CallToolResult
  expect(allowed.isError).toBeFalsy()
  const denied = (await host.client.callTool({
    name: 'files__write_file',
    arguments: { path, content: 'three\n' },
  })) as CallToolResult
  expect(denied.structuredContent).toMatchObject({ error: { code: 'user_denied' } })
  await host.client.close()
  await http.close()
  await started.stop()

  const names = receiver.spans().map((span) => span.name)
  expect(names.filter((n) => n === 'await_approval files__write_file')).toHaveLength(2)
  // The upstream call ran once: only for the allowed card.
  expect(names.filter((n) => n === 'execute_tool files__write_file')).toHaveLength(1)

  const verified = await audit('--verify')
  expect(verified.code, verified.stdout).toBe(0)
  const printed = await audit()
  expect(printed.code).toBe(0)
  // Each call by what it does, who decided, and what came of the upstream call.
  expect(printed.stdout).toContain(`DESTRUCTIVE Replace ${path}`)
  expect(printed.stdout).toMatch(/allowed by you → done .* of MCP gateway/)
  expect(printed.stdout).toMatch(/denied by you → denied .* of MCP gateway/)
})
