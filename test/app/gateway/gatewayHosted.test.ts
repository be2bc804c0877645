import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { decodeJwt, SignJWT } from 'jose'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { gatewayHosting } from '../../../app/gateway/gatewayHosting.ts'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import { nodeScript } from '../../helpers/nodeScript.ts'
import { filesystemServer } from '../../tools/mcp/mcpTestServers.ts'
import { type AppHarness, rawRequest, startIn } from '../appHarness.ts'
import { issuerKey } from '../hosted/jwksServer.ts'
import { startIssuer, type TestIssuer } from '../hosted/oidcIssuer.ts'
import {
  elicitingClient,
  folderGateway,
  type GatewayFolder,
  gatewayFolder,
  repo,
} from './gatewayHarness.ts'
import { issuerToken } from './issuerToken.ts'

// The gateway in hosted mode, configured by the environment the app reads: a real OpenID
// Connect issuer (oidc-provider) signs Alice's and Bob's tokens, the gateway listens beyond
// loopback and verifies every /mcp request's bearer token against the issuer's keys, and the
// host's approval rules (four eyes for writes) decide whose answer counts. The StudyPulse app,
// hosted on the same workspace folder with the same issuer and rules, is where Bob approves.
const appOrigin = 'https://study.example.edu'
let folder: GatewayFolder
let issuer: TestIssuer
let app: AppHarness
let started: StartedGateway
let http: GatewayHttp
let alice: string
let bob: string
let rulesFile: string
const logged: string[] = []
const logWaiters = new Set<() => void>()

const rules = {
  version: 1,
  rules: [
    {
      name: 'writes need a second reviewer',
      levels: ['write', 'destructive'],
      approvers: { groups: ['reviewers'] },
      fourEyes: true,
    },
  ],
} as const

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

beforeAll(async () => {
  folder = await gatewayFolder((files) => ({
    version: 1,
    servers: { files: filesystemServer(files, { trusted: true }) },
  }))
  await writeFile(join(folder.files, 'notes.txt'), 'photosynthesis makes sugar\n')
  rulesFile = join(folder.dir, 'approval-rules.json')
  await writeFile(rulesFile, JSON.stringify(rules))
  issuer = await startIssuer({
    appOrigins: [appOrigin],
    people: {
      alice: { name: 'Alice', groups: ['students', 'reviewers'] },
      bob: { name: 'Bob', groups: ['reviewers'] },
    },
  })
  const port = await freePort()
  // Exactly the environment the guide gives (the gateway's own origin by --public-origin).
  const env = {
    STUDYPULSE_AUTH_MODE: 'oidc',
    STUDYPULSE_AUTH_ISSUER: issuer.url,
    STUDYPULSE_AUTH_AUDIENCE: issuer.clientId,
    STUDYPULSE_APPROVAL_RULES: rulesFile,
  }
  const hosting = await gatewayHosting(
    { httpPort: port, host: '0.0.0.0', publicOrigin: `http://127.0.0.1:${port}` },
    env,
  )
  expect(hosting.hosted?.auth?.kind).toBe('oidc')
  app = await startIn(folder.dir, {
    hosted: {
      publicOrigin: appOrigin,
      auth: { kind: 'oidc', issuer: issuer.url, audience: issuer.clientId },
    },
    approvalRules: hosting.approvalRules,
  })
  started = await folderGateway(folder, {
    progressEveryMs: 50,
    ...(hosting.approvalRules !== undefined && { approvalRules: hosting.approvalRules }),
    log: (line) => {
      logged.push(line)
      for (const wake of [...logWaiters]) wake()
    },
  })
  http = await serveGatewayHttp(started.gateway, port, {
    host: hosting.host,
    ...(hosting.hosted !== undefined && { hosted: hosting.hosted }),
  })
  alice = await issuerToken(issuer, 'alice', appOrigin)
  bob = await issuerToken(issuer, 'bob', appOrigin)
})
afterAll(async () => {
  await http?.close()
  await started?.stop()
  await app?.dispose()
  await issuer?.close()
  await folder?.dispose()
})

function transport(token?: string) {
  return new StreamableHTTPClientTransport(new URL(http.url), {
    requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } },
  })
}

/** A raw initialize, as any HTTP client sends it. */
async function initialize(headers: Record<string, string>) {
  return fetch(http.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    }),
  })
}

/** Resolves once the gateway has logged a line matching `pattern`. */
function logLine(pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    const look = () => {
      const found = logged.find((line) => pattern.test(line))
      if (found === undefined) return
      logWaiters.delete(look)
      resolve(found)
    }
    logWaiters.add(look)
    look()
  })
}

const appRequest = (token: string, method: string, path: string, body?: object) =>
  rawRequest(app.server.port, {
    method,
    path,
    headers: {
      host: 'study.example.edu',
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })

test('without sign-in the gateway will not listen beyond loopback', async () => {
  await expect(serveGatewayHttp(started.gateway, 0, { host: '0.0.0.0' })).rejects.toMatchObject({
    code: 'auth_required',
  })
})

test('approval rules without hosted sign-in over HTTP stop the gateway: no call would name its person', async () => {
  const rulesOnly = { STUDYPULSE_APPROVAL_RULES: rulesFile }
  await expect(gatewayHosting({}, rulesOnly)).rejects.toMatchObject({ code: 'invalid_hosting' })
  await expect(gatewayHosting({ httpPort: 0 }, rulesOnly)).rejects.toMatchObject({
    code: 'invalid_hosting',
  })
  // Sign-in configured but served over stdio: the same.
  const signIn = { STUDYPULSE_AUTH_MODE: 'oidc', STUDYPULSE_AUTH_ISSUER: issuer.url }
  await expect(
    gatewayHosting({}, { ...signIn, STUDYPULSE_AUTH_AUDIENCE: 'studypulse', ...rulesOnly }),
  ).rejects.toMatchObject({ code: 'invalid_hosting' })
})

test('--page with hosted sign-in stops the gateway: its page is for this computer, a team’s is the hosted app', async () => {
  const signIn = {
    STUDYPULSE_AUTH_MODE: 'oidc',
    STUDYPULSE_AUTH_ISSUER: issuer.url,
    STUDYPULSE_AUTH_AUDIENCE: 'studypulse',
  }
  await expect(gatewayHosting({ httpPort: 0, pagePort: 0 }, signIn)).rejects.toMatchObject({
    code: 'invalid_hosting',
    message: expect.stringContaining('--page-url'),
  })
  // Without sign-in it is the loopback page, as the guide says.
  await expect(gatewayHosting({ httpPort: 0, pagePort: 0 }, {})).resolves.toMatchObject({
    host: '127.0.0.1',
  })
})

test('no token, or a forged one: 401 with the bearer challenge, and no session', async () => {
  const none = await initialize({})
  expect(none.status).toBe(401)
  expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /)
  expect(none.headers.get('mcp-session-id')).toBeNull()
  // Alice's real claims, signed by a key that is not the issuer's (under the issuer's key id).
  const forger = await issuerKey('issuer-key')
  const forged = await new SignJWT(decodeJwt(alice))
    .setProtectedHeader({ alg: 'RS256', kid: 'issuer-key' })
    .sign(forger.privateKey)
  const refused = await initialize({ authorization: `Bearer ${forged}` })
  expect(refused.status).toBe(401)
  expect(await refused.text()).toContain('signature does not verify')
  // Expired: her own claims, past their end (and the 60 s of skew).
  const expiredClaims = { ...decodeJwt(alice), exp: Math.floor(Date.now() / 1000) - 3600 }
  const stale = await new SignJWT(expiredClaims)
    .setProtectedHeader({ alg: 'RS256', kid: 'issuer-key' })
    .sign(forger.privateKey)
  expect((await initialize({ authorization: `Bearer ${stale}` })).status).toBe(401)
  // The SDK's client is refused as well: it never gets to list a tool.
  const client = new Client({ name: 'no-token', version: '1' })
  await expect(client.connect(transport())).rejects.toMatchObject({ code: 401 })
  await expect(client.connect(transport(forged))).rejects.toMatchObject({ code: 401 })
  expect(started.gateway.runIds()).toEqual([])
})

test('a valid token: a read passes, and the session is hers alone', async () => {
  const client = new Client({ name: 'alice-host', version: '1' })
  const alicesTransport = transport(alice)
  await client.connect(alicesTransport)
  try {
    const read = (await client.callTool({
      name: 'files__read_text_file',
      arguments: { path: join(folder.files, 'notes.txt') },
    })) as CallToolResult
    expect(read.isError, JSON.stringify(read)).toBeFalsy()
    expect(JSON.stringify(read.content)).toContain('photosynthesis makes sugar')
    // Bob, holding Alice's session id, is not let into her session.
    const hijack = await fetch(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${bob}`,
        'mcp-session-id': alicesTransport.sessionId as string,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
    })
    expect(hijack.status).toBe(404)
  } finally {
    await client.close()
  }
})

test('four eyes: the caller’s own accept does not allow her write; Bob allows it on the app, and it runs once', async () => {
  const host = elicitingClient(() => ({ action: 'accept', content: { answer: 'allow_once' } }))
  await host.client.connect(transport(alice))
  try {
    const target = join(folder.files, 'notes.txt')
    const call = host.client.callTool({
      name: 'files__write_file',
      arguments: { path: target, content: 'photosynthesis makes sugar\nand oxygen\n' },
    }) as Promise<CallToolResult>
    // Her accept was sent as her decision, and the run's guard refused it (four eyes).
    const refusal = await logLine(/did not decide the card/)
    expect(refusal).toContain('four eyes')
    expect(host.asked).toHaveLength(1)
    expect(host.asked[0]?.params.message).toContain('Allowing it here does not decide it')
    const [runId] = started.gateway.runIds()
    expect(runId).toBeDefined()
    const view = started.runtime.view(runId as string)
    // The run is Alice's, as her token says.
    expect(view.startedBy).toMatchObject({ id: 'alice', name: 'Alice' })
    expect(view.pending).toBeDefined()
    expect(await readFile(target, 'utf8')).toBe('photosynthesis makes sugar\n')
    // On the app, Alice may not allow it either; Bob, another reviewer, may.
    const hers = await appRequest(alice, 'GET', `/api/runs/${runId}/card`)
    expect(hers.status, hers.body).toBe(200)
    expect(hers.json()).toMatchObject({ allow: { may: false } })
    const card = await appRequest(bob, 'GET', `/api/runs/${runId}/card`)
    expect(card.status, card.body).toBe(200)
    expect(card.json().allow).toEqual({ may: true })
    const mine = await appRequest(alice, 'POST', `/api/runs/${runId}/confirmations`, {
      confirmationId: card.json().confirmationId,
      decision: 'allow',
    })
    expect(mine.status, mine.body).toBe(403)
    const decided = await appRequest(bob, 'POST', `/api/runs/${runId}/confirmations`, {
      confirmationId: card.json().confirmationId,
      decision: 'allow',
    })
    expect(decided.status, decided.body).toBe(200)
    const result = await call
    expect(result.isError, JSON.stringify(result)).toBeFalsy()
    expect(await readFile(target, 'utf8')).toBe('photosynthesis makes sugar\nand oxygen\n')
    // Once: the card is spent.
    const again = await appRequest(bob, 'POST', `/api/runs/${runId}/confirmations`, {
      confirmationId: card.json().confirmationId,
      decision: 'allow',
    })
    expect(again.status, again.body).toBe(409)
  } finally {
    await host.client.close()
  }
})

test('behind a sign-in proxy: its headers name the person only from the proxy’s own address', async () => {
  const serve = async (proxies: string) => {
    const port = await freePort()
    const hosting = await gatewayHosting(
      { httpPort: port, publicOrigin: `http://127.0.0.1:${port}` },
      { STUDYPULSE_AUTH_MODE: 'proxy', STUDYPULSE_TRUSTED_PROXIES: proxies },
    )
    return serveGatewayHttp(started.gateway, port, {
      host: hosting.host,
      ...(hosting.hosted !== undefined && { hosted: hosting.hosted }),
    })
  }
  const asAlice = { 'x-forwarded-user': 'alice', 'x-forwarded-groups': 'students' }
  // This test's connections come from 127.0.0.1: the proxy's address here.
  const trusted = await serve('127.0.0.1')
  const elsewhere = await serve('10.0.0.1')
  try {
    const client = new Client({ name: 'proxied-host', version: '1' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(trusted.url), {
        requestInit: { headers: asAlice },
      }),
    )
    const read = (await client.callTool({
      name: 'files__read_text_file',
      arguments: { path: join(folder.files, 'notes.txt') },
    })) as CallToolResult
    expect(read.isError, JSON.stringify(read)).toBeFalsy()
    await client.close()
    // Nobody named: 401.
    const nobody = await fetch(trusted.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(nobody.status).toBe(401)
    // The same headers from an address that is not the proxy's: 401, no session.
    const forged = new Client({ name: 'forging-host', version: '1' })
    await expect(
      forged.connect(
        new StreamableHTTPClientTransport(new URL(elsewhere.url), {
          requestInit: { headers: asAlice },
        }),
      ),
    ).rejects.toMatchObject({ code: 401 })
  } finally {
    await trusted.close()
    await elsewhere.close()
  }
})

test("the guide's hosted command line, run as a process: 401 without a token, a read with Alice's", async () => {
  const guide = await readFile(join(repo, 'docs/guide/gateway.md'), 'utf8')
  const block = /```sh\n(STUDYPULSE_AUTH_MODE=oidc[\s\S]*?)```/.exec(guide)?.[1] ?? ''
  const words = block.replaceAll('\\\n', ' ').trim().split(/\s+/)
  const env = Object.fromEntries(
    words
      .filter((w) => /^STUDYPULSE_[A-Z_]+=/.test(w))
      .map((w) => w.split('=', 2) as [string, string]),
  )
  const args = words.slice(words.indexOf('studypulse-gateway') + 1)
  expect(Object.keys(env).sort()).toEqual([
    'STUDYPULSE_APPROVAL_RULES',
    'STUDYPULSE_AUTH_AUDIENCE',
    'STUDYPULSE_AUTH_ISSUER',
    'STUDYPULSE_AUTH_MODE',
  ])
  const port = await freePort()
  // The guide's paths, issuer and origin replaced by the test's own.
  const ours: Record<string, string> = {
    'https://login.example.edu/realms/study': issuer.url,
    '/srv/studypulse/approval-rules.json': rulesFile,
    '/srv/studypulse/mcp.json': folder.config,
    '/srv/studypulse/workspace': join(folder.dir, 'guide-ws'),
    '4320': String(port),
    'https://gateway.example.edu': `http://127.0.0.1:${port}`,
  }
  const child = spawn(
    process.execPath,
    [...nodeScript(join(repo, 'app/gateway/main.ts')), ...args.map((a) => ours[a] ?? a)],
    {
      cwd: repo,
      env: {
        PATH: process.env.PATH,
        ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, ours[v] ?? v])),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  try {
    // Serving once it says so on stderr.
    let said = ''
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        said += chunk.toString('utf8')
        if (said.includes('serving MCP at')) resolve()
      })
      void exited.then(() => reject(new Error(`the gateway stopped: ${said}`)))
    })
    expect(said).toContain('sign-in: oidc, 1 approval rule(s)')
    const url = `http://127.0.0.1:${port}/mcp`
    const none = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(none.status).toBe(401)
    const client = new Client({ name: 'guide-host', version: '1' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${alice}` } },
      }),
    )
    const read = (await client.callTool({
      name: 'files__read_text_file',
      arguments: { path: join(folder.files, 'notes.txt') },
    })) as CallToolResult
    expect(read.isError, JSON.stringify(read)).toBeFalsy()
    await client.close()
  } finally {
    child.kill('SIGTERM')
    await exited
  }
})
