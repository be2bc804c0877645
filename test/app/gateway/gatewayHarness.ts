import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import { type GatewayHttp, serveGatewayHttp } from '../../../app/gateway/serveGatewayHttp.ts'
import {
  type StartedGateway,
  type StartGatewayOptions,
  startGateway,
} from '../../../app/gateway/startGateway.ts'
import { nodeScript } from '../../helpers/nodeScript.ts'
import { everythingServer, filesystemServer, memoryServer } from '../../tools/mcp/mcpTestServers.ts'

export const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..')

/** A temporary folder with a file tree for the filesystem server, an mcp.json and a workspace. */
export interface GatewayFolder {
  dir: string
  /** The folder the filesystem server may read and write. */
  files: string
  config: string
  workspace: string
  dispose(): Promise<void>
}

/**
 * The `mcp.json` the tests (and the guide) use: the reference filesystem server on `files`,
 * trusted (its read tools pass straight through, its writes ask), the memory server, and the
 * everything server, untrusted (every tool asks).
 */
export function gatewayConfig(files: string, memoryFile: string) {
  return {
    version: 1 as const,
    servers: {
      files: filesystemServer(files, { trusted: true }),
      memory: memoryServer(memoryFile),
      everything: everythingServer(),
    },
  }
}

export async function gatewayFolder(
  config?: (files: string, dir: string) => object,
): Promise<GatewayFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'studypulse-gateway-'))
  const files = join(dir, 'files')
  const { mkdir } = await import('node:fs/promises')
  await mkdir(files)
  const path = join(dir, 'mcp.json')
  const written = config?.(files, dir) ?? gatewayConfig(files, join(dir, 'memory.jsonl'))
  await writeFile(path, JSON.stringify(written, null, 2))
  return {
    dir,
    files,
    config: path,
    workspace: join(dir, 'ws'),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
}

/**
 * A gateway in this process on `folder`'s servers and workspace: cards wait 10 minutes unless
 * `options` say otherwise, no environment is passed on, and nothing is logged.
 */
export function folderGateway(
  folder: GatewayFolder,
  options: Partial<StartGatewayOptions> = {},
): Promise<StartedGateway> {
  return startGateway({
    configPath: folder.config,
    workspace: folder.workspace,
    askTimeoutMs: 600_000,
    env: {},
    log: () => {},
    ...options,
  })
}

/** fixtures/watchedServer.mjs as an `mcp.json` server: resources that change, and log lines. */
export function watchedServer(): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [join(repo, 'test/app/gateway/fixtures/watchedServer.mjs')],
  }
}

/** A folder's gateway in front of fixtures/watchedServer.mjs, served over Streamable HTTP here. */
export interface WatchedGatewayHttp {
  folder: GatewayFolder
  started: StartedGateway
  http: GatewayHttp
  /** Stops serving, then the gateway, then removes the folder. */
  close(): Promise<void>
}

/** Starts a gateway on a fresh folder whose one server is the watched server, and serves it over HTTP. */
export async function watchedGatewayHttp(): Promise<WatchedGatewayHttp> {
  const folder = await gatewayFolder(() => ({ version: 1, servers: { watched: watchedServer() } }))
  const started = await folderGateway(folder)
  const http = await serveGatewayHttp(started.gateway, 0)
  return {
    folder,
    started,
    http,
    async close() {
      await http.close()
      await started.stop()
      await folder.dispose()
    },
  }
}

/** How a host starts the gateway over stdio: `node app/gateway/main.ts …` (bundled, see nodeScript). */
export function gatewayStdioParams(folder: GatewayFolder, extra: string[] = []) {
  return {
    command: process.execPath,
    args: [
      ...nodeScript(join(repo, 'app/gateway/main.ts')),
      '--config',
      folder.config,
      '--workspace',
      folder.workspace,
      ...extra,
    ],
    cwd: repo,
    stderr: 'pipe' as const,
  }
}

/** The gateway as a host starts it, over stdio, for the SDK 1.x client. */
export function gatewayStdio(folder: GatewayFolder, extra: string[] = []): StdioClientTransport {
  return new StdioClientTransport(gatewayStdioParams(folder, extra))
}

/** A client that answers elicitations with `answer`, recording each question it was asked. */
export function elicitingClient(
  answer: (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>,
): { client: Client; asked: ElicitRequest[] } {
  const asked: ElicitRequest[] = []
  const client = new Client(
    { name: 'test-host', title: 'Test host', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  )
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request)
    return answer(request)
  })
  return { client, asked }
}

/** A client that cannot elicit. */
export function plainClient(): Client {
  return new Client({ name: 'plain-host', version: '1.0.0' }, { capabilities: {} })
}

/** An `mcp.json` entry for the counting fixture server, writing to `countFile`. */
export function countingServer(countFile: string, extra: object = {}) {
  return {
    command: process.execPath,
    args: [join(repo, 'test/app/gateway/fixtures/countingServer.mjs')],
    env: { COUNT_FILE: countFile },
    ...extra,
  }
}

/** The lines the counting server wrote: one per call that really ran. */
export async function countedLines(countFile: string): Promise<string[]> {
  const { readFile } = await import('node:fs/promises')
  try {
    return (await readFile(countFile, 'utf8')).split('\n').filter((line) => line !== '')
  } catch {
    return []
  }
}
