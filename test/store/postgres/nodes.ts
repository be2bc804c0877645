import pg from 'pg'
import { inject } from 'vitest'
import {
  type PostgresRunStore,
  type PostgresRunStoreOptions,
  postgresRunStore,
} from '../../../store/postgres/postgresRunStore.ts'
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
