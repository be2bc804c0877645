import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..')

/** The bin script of an installed package, so a server starts with `node` and no download. */
function binOf(pkg: string): string {
  const dir = join(repoRoot, 'node_modules', pkg)
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    bin: string | Record<string, string>
  }
  return join(dir, typeof bin === 'string' ? bin : (Object.values(bin)[0] as string))
}

/** An `mcp.json` entry for `@modelcontextprotocol/server-filesystem` on one folder. */
export function filesystemServer(folder: string, extra: object = {}) {
  return {
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-filesystem'), folder],
    ...extra,
  }
}

/** An `mcp.json` entry for `@modelcontextprotocol/server-memory` keeping its graph in `file`. */
export function memoryServer(file: string, extra: object = {}) {
  return {
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-memory')],
    env: { MEMORY_FILE_PATH: file },
    ...extra,
  }
}

/** An `mcp.json` entry for our misbehaving stdio server (crashes, hangs, garbage). */
export function misbehavingServer(extra: object = {}) {
  return {
    command: process.execPath,
    args: [join(repoRoot, 'test/tools/mcp/fixtures/misbehavingServer.mjs')],
    ...extra,
  }
}

/** An `mcp.json` entry for our hostile stdio server (catastrophic patterns, huge results, churn). */
export function hostileServer(extra: object = {}) {
  return {
    command: process.execPath,
    args: [join(repoRoot, 'test/tools/mcp/fixtures/hostileServer.mjs')],
    ...extra,
  }
}

/** An `mcp.json` entry for `@modelcontextprotocol/server-everything` over stdio. */
export function everythingServer(extra: object = {}) {
  return {
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'],
    ...extra,
  }
}
