import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type {
  CallToolResult,
  ElicitRequest,
  ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import Database from 'libsql'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  elicitingClient,
  type GatewayFolder,
  gatewayFolder,
  gatewayStdio,
} from './gatewayHarness.ts'

// The gateway as a host runs it (its own process over stdio), in front of the real reference
// servers, with a real SDK client that answers the card in the host (form elicitation).

// The tests that only call through a gateway share one: its process and its three servers start
// once (each start is seconds of CPU beside a busy neighbour). Each answers its card its own way
// and works on a file of its own. The tests that disconnect or kill a gateway start their own.
describe('one gateway, called through', () => {
  let shared: GatewayFolder
  let answer: (request: ElicitRequest) => ElicitResult = () => ({ action: 'decline' })
  const host = elicitingClient((request) => answer(request))
  /** A file of its own for one test, holding the line the tests start from. */
  const ownFile = async (name: string) => {
    const path = join(shared.files, name)
    await writeFile(path, 'photosynthesis makes sugar\n')
    return path
  }
  beforeAll(async () => {
    shared = await gatewayFolder()
    await host.client.connect(gatewayStdio(shared))
  })
  beforeEach(() => {
    host.asked.length = 0
  })
  afterAll(async () => {
    await host.client.close()
    await shared?.dispose()
  })

  test('tools/list offers every upstream tool as <server>__<tool>, a write listed with a schema that admits the refusal', async () => {
    const { tools } = await host.client.listTools()
    const names = tools.map((t) => t.name)
    expect(names).toContain('files__read_text_file')
    expect(names).toContain('files__write_file')
    expect(names).toContain('memory__create_entities')
    expect(names).toContain('everything__echo')
    const write = tools.find((t) => t.name === 'files__write_file')
    expect(write?.outputSchema).toMatchObject({ anyOf: [expect.anything(), expect.anything()] })
    // A read passes on its schema as the server gave it.
    const read = tools.find((t) => t.name === 'files__read_text_file')
    expect(read?.outputSchema).toMatchObject({ properties: { content: { type: 'string' } } })
  })

  test('a read passes straight through, asking nobody', async () => {
    answer = () => ({ action: 'accept' })
    const result = (await host.client.callTool({
      name: 'files__read_text_file',
      arguments: { path: await ownFile('read.txt') },
    })) as CallToolResult
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({ content: 'photosynthesis makes sugar\n' })
    expect(host.asked).toHaveLength(0)
  })

  test('a write asks once in the host with the line diff; accept writes the file once', async () => {
    answer = () => ({ action: 'accept' })
    const path = await ownFile('accepted.txt')
    const result = (await host.client.callTool({
      name: 'files__write_file',
      arguments: { path, content: 'photosynthesis makes sugar\nand oxygen\n' },
    })) as CallToolResult
    expect(result.isError, JSON.stringify(result)).toBeFalsy()
    expect(result.structuredContent).toEqual({ content: `Successfully wrote to ${path}` })
    expect(await readFile(path, 'utf8')).toBe('photosynthesis makes sugar\nand oxygen\n')
    expect(host.asked).toHaveLength(1)
    const message = host.asked[0]?.params.message ?? ''
    expect(message).toContain('Test host asks to')
    expect(message).toContain(`Replace ${path}`)
    // Before and after, line by line: the kept line and the added one.
    expect(message).toMatch(/\+ +2 │ and oxygen/)
    expect(message).toMatch(/ +1 │ photosynthesis makes sugar/)
  })

  test('decline leaves the file untouched and answers user_denied, valid against the listed schema', async () => {
    answer = () => ({ action: 'decline' })
    await host.client.listTools()
    const path = await ownFile('declined.txt')
    // callTool checks structuredContent against the listed output schema, even with isError.
    const result = (await host.client.callTool({
      name: 'files__write_file',
      arguments: { path, content: 'overwritten\n' },
    })) as CallToolResult
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toEqual({
      ok: false,
      error: { code: 'user_denied', message: expect.any(String) },
    })
    expect(await readFile(path, 'utf8')).toBe('photosynthesis makes sugar\n')
    expect(host.asked).toHaveLength(1)
  })
})

// The folder and client of the test of its own running now (the helpers below read the folder).
let folder: GatewayFolder
let client: Client | undefined

/** A client whose host asks nothing back until `release`, telling `asked` when the card came. */
function waitingHost() {
  let asked: () => void = () => {}
  const cardShown = new Promise<void>((resolve) => {
    asked = resolve
  })
  const host = elicitingClient(() => {
    asked()
    return new Promise<never>(() => {})
  })
  return { ...host, cardShown }
}

/** The states the gateway's runs are saved in, read from the folder's database. */
function savedRunStates(): unknown[] {
  const db = new Database(join(folder.workspace, 'studypulse.db'), { readonly: true })
  try {
    return db.prepare('SELECT value FROM runs WHERE snapshot IS NOT NULL').pluck(true).all()
  } finally {
    db.close()
  }
}

/** The outcome and code of each line of the folder's audit log, read as `npm run audit` does. */
async function auditedOutcomes() {
  const { readAuditLog } = await import('../../../app/auditLog.ts')
  const { lines } = await readAuditLog(folder.workspace, undefined)
  return lines.map((line) => {
    const { outcome, code } = JSON.parse(line) as { outcome: string; code?: string }
    return { outcome, code }
  })
}

async function gatewayRuns(workspace: string) {
  const { startGateway } = await import('../../../app/gateway/startGateway.ts')
  const started = await startGateway({
    configPath: folder.config,
    workspace,
    askTimeoutMs: 600_000,
    env: {},
    log: () => {},
  })
  const page = await started.runtime.listRuns({ owner: 'mcp-gateway' })
  await started.stop()
  return { interrupted: started.interrupted, runs: page.runs }
}

// A gateway of its own for each test below: each disconnects from it or kills it.
describe('a gateway of its own, disconnected or killed', () => {
  beforeEach(async () => {
    folder = await gatewayFolder()
    await writeFile(join(folder.files, 'notes.txt'), 'photosynthesis makes sugar\n')
  })
  afterEach(async () => {
    await client?.close()
    client = undefined
    await folder.dispose()
  })

  test('a client that disconnects while its card waits leaves nothing executed; the card is closed, never to run', async () => {
    const host = waitingHost()
    client = host.client
    await client.connect(gatewayStdio(folder))
    const path = join(folder.files, 'notes.txt')
    const call = client
      .callTool({ name: 'files__write_file', arguments: { path, content: 'never\n' } })
      .catch((error: unknown) => error)
    await host.cardShown
    await client.close()
    client = undefined
    await call
    expect(await readFile(path, 'utf8')).toBe('photosynthesis makes sugar\n')
    // The gateway closed the card as it went: a new one finds nothing left to close.
    const after = await gatewayRuns(folder.workspace)
    expect(after.interrupted).toEqual([])
    expect(after.runs.map((run) => run.status)).toEqual(['cancelled'])
    expect(await readFile(path, 'utf8')).toBe('photosynthesis makes sugar\n')
    // Audited once, as closed unanswered: its asker gone, or (a stdio host closing stops the
    // gateway too) the gateway stopping first, whichever closed the card.
    const [line, ...more] = await auditedOutcomes()
    expect(more).toEqual([])
    expect(line).toEqual({
      outcome: 'cancelled',
      code: expect.stringMatching(/^(asker_gone|interrupted)$/),
    })
  })

  /** A gateway of its own asked to write notes.txt, SIGKILLed once the card is in the folder. */
  async function killedWhileCardWaits(): Promise<string> {
    const host = waitingHost()
    client = host.client
    const transport = gatewayStdio(folder)
    await client.connect(transport)
    const path = join(folder.files, 'notes.txt')
    const call = client
      .callTool({ name: 'files__write_file', arguments: { path, content: 'never\n' } })
      .catch((error: unknown) => error)
    await host.cardShown
    // Killed once the card is in the folder (its save lands just after the host is asked).
    await expect.poll(savedRunStates).toEqual(['awaitingConfirmation'])
    process.kill(transport.pid as number, 'SIGKILL')
    await call
    await client.close()
    client = undefined
    return path
  }

  test('a gateway killed while a card waits: the next one closes that card as interrupted, and its call never runs', async () => {
    const path = await killedWhileCardWaits()
    const after = await gatewayRuns(folder.workspace)
    expect(after.interrupted).toHaveLength(1)
    expect(after.runs.map((run) => run.status)).toEqual(['cancelled'])
    expect(await readFile(path, 'utf8')).toBe('photosynthesis makes sugar\n')
    // Audited once: the next gateway found the card's call changed (bound to the process that
    // showed it) and closed it so; the cancel after that adds no second line.
    expect(await auditedOutcomes()).toEqual([{ outcome: 'failed', code: 'tool_changed' }])
  })

  test('a card left by a killed gateway never runs from the page either, even with the same servers', async () => {
    const path = await killedWhileCardWaits()
    // The web app on the same folder, with the same servers through its own MCP adapter: it takes
    // the dead gateway's run over, and the card does not come back (its digest named that gateway).
    const { startRuntime } = await import('../../../app/startRuntime.ts')
    const { OfflinePlanner } = await import('../../../models/offline/OfflinePlanner.ts')
    const { createMcpTools } = await import('../../../tools/mcp/createMcpTools.ts')
    const { ToolRegistry } = await import('../../../tools/ToolRegistry.ts')
    const config = JSON.parse(await readFile(folder.config, 'utf8'))
    const mcp = await createMcpTools(config, { baseDir: folder.dir })
    try {
      const app = await startRuntime({
        model: new OfflinePlanner(),
        tools: new ToolRegistry([], { sources: [mcp] }),
        env: { STUDYPULSE_WORKSPACE: folder.workspace },
        log: () => {},
      })
      try {
        expect(app.restored).toHaveLength(1)
        const [runId] = app.restored
        const view = app.runtime.view(runId as string)
        expect(view.pending).toBeUndefined()
        const closed = view.events.find((e) => e.kind === 'toolFailed')
        expect(closed?.error?.code).toBe('tool_changed')
        await app.runtime.flush()
      } finally {
        for (const id of app.runtime.runIds()) await app.runtime.cancel(id).catch(() => {})
        await app.runtime.close()
      }
    } finally {
      await mcp.close()
    }
    expect(await readFile(path, 'utf8')).toBe('photosynthesis makes sugar\n')
  })
})
