// A card the host's rules require to be signed, asked in the host by form-mode elicitation: the
// question says no answer there decides it (it is signed with a passkey on the page), and the
// host's accept is refused by the intake with its code (the gateway says so), the card stays
// open and the call does not run.
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import { type StartedGateway, startGateway } from '../../../app/gateway/startGateway.ts'
import { headersOf } from '../../conformance/drivers/appFace.ts'
import { newFolder } from '../../conformance/drivers/gatewayFace.ts'
import { alice } from '../../conformance/face.ts'
import { countedLines, type GatewayFolder } from './gatewayHarness.ts'

let folder: GatewayFolder
let started: StartedGateway
let http: GatewayHttp
const lines: string[] = []
let heard: (line: string) => void = () => {}

beforeAll(async () => {
  folder = await newFolder()
  started = await startGateway({
    configPath: folder.config,
    workspace: folder.workspace,
    askTimeoutMs: 600_000,
    approvalRules: { version: 1, rules: [{ levels: ['write'], signed: true }] },
    env: {},
    log: (line) => {
      lines.push(line)
      heard(line)
    },
  })
  http = await serveGatewayHttp(started.gateway, 0, {
    hosted: {
      publicOrigin: 'https://study.example.edu',
      auth: { kind: 'proxy' },
      trustedProxies: ['127.0.0.1/32'],
    },
  })
})

afterAll(async () => {
  await http?.close()
  await started?.stop()
  await folder?.dispose()
})

test('a form accept on a card that must be signed is refused with its code; the call waits, unrun', async () => {
  const asked: ElicitRequest[] = []
  const client = new Client(
    { name: 'host', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  )
  client.setRequestHandler(ElicitRequestSchema, async (request): Promise<ElicitResult> => {
    asked.push(request)
    return { action: 'accept', content: { answer: 'allow_once' } }
  })
  const refused = new Promise<string>((resolve) => {
    heard = (line) => {
      if (/did not decide the card|was not taken/.test(line)) resolve(line)
    }
  })
  const { host: _host, 'content-type': _type, ...headers } = headersOf(alice)
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers } }),
  )
  try {
    void client
      .callTool({ name: 'counting__append', arguments: { line: 'signed-host' } })
      .catch(() => undefined)
    expect(await refused).toContain('(signature_required:')
    expect(String(asked[0]?.params.message)).toContain('it must be signed with your passkey')
    const [runId] = started.gateway.runIds()
    expect(started.runtime.view(runId as string).pending).toBeDefined()
    expect(await countedLines(join(folder.dir, 'count.txt'))).toEqual([])
  } finally {
    await client.close()
  }
})
