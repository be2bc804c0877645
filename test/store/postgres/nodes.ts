import pg from 'pg'
import { afterEach, beforeEach, inject } from 'vitest'
import {
  type PostgresRunStore,
  type PostgresRunStoreOptions,
  postgresRunStore,
} from '../../../store/postgres/postgresRunStore.ts'
import { emptyStudypulseTables, fileDatabase } from '../../helpers/postgres.ts'
import { type TcpProxy, tcpProxy } from '../../helpers/tcpProxy.ts'

/** A store on its own pool, as a separate node would have; `close` ends both. */
export async function nodeOn(
  url: string,
  options: PostgresRunStoreOptions = {},
): Promise<PostgresRunStore> {
  return postgresRunStore({ connectionString: url }, options)
}

/** A node whose every connection (pool and listener) passes a proxy the test can cut. */
export async function proxiedNode(
  database: string,
  options: PostgresRunStoreOptions = {},
): Promise<{ store: PostgresRunStore; proxy: TcpProxy; close: () => Promise<void> }> {
  const { host, port, user, password } = inject('postgres')
  const proxy = await tcpProxy({ host, port })
  const pool = new pg.Pool({ host: '127.0.0.1', port: proxy.port, user, password, database })
  pool.on('error', () => undefined)
  const store = await postgresRunStore({ pool }, options)
  return {
    store,
    proxy,
    close: async () => {
      proxy.restore()
      await store.close()
      await pool.end()
      await proxy.close()
    },
  }
}

/** What `nodesPerTest` gives a test file: the test's database and nodes opened on it. */
export interface NodesPerTest {
  /** The current test's database (emptied before it). */
  readonly url: string
  readonly database: string
  /** Run, newest first, after each test. */
  readonly closers: (() => Promise<void>)[]
  /** A node (own pool and listener) on the test's database, closed after the test. */
  node(ownerId: string): Promise<PostgresRunStore>
}

/** Registers hooks giving each test of the file an emptied database; closes what it opened. */
export function nodesPerTest(): NodesPerTest {
  const closers: (() => Promise<void>)[] = []
  const current = { url: '', database: '' }
  beforeEach(async () => {
    const db = await fileDatabase()
    current.url = db.url
    current.database = db.name
    await emptyStudypulseTables(db.url)
  })
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close()
  })
  return {
    get url() {
      return current.url
    },
    get database() {
      return current.database
    },
    closers,
    async node(ownerId) {
      const store = await nodeOn(current.url, { ownerId })
      closers.push(() => store.close())
      return store
    },
  }
}
