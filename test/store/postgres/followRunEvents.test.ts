import { afterEach, expect, test } from 'vitest'
import { followRunEvents } from '../../../store/postgres/followRunEvents.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import { PgListener } from '../../../workspace/postgres/PgListener.ts'
import { freshDatabase } from '../../helpers/postgres.ts'

let listener: PgListener | undefined
afterEach(() => listener?.close())

// A follow that begins while the node's listener is still making its first connection hears that
// connect twice (its LISTEN being ready, and the listener's "now listening"); it is one connect, so
// one read of the log. Seen under load as a second read-back in unlistenedFollow.
test('a follow begun while the listener first connects reads the log once', async () => {
  const db = await freshDatabase()
  listener = new PgListener({ connectionString: db.url }, [])
  const reads: number[] = []
  const readEvents = async (_runId: string, afterSeq: number): Promise<AgentEvent[]> => {
    reads.push(afterSeq)
    return []
  }
  const follow = followRunEvents(listener, readEvents, 'r1', { onEvents: () => undefined })
  await follow.caughtUp
  // Anything a second read would be waiting on has had its turn once the listener answers again.
  await listener.ready()
  await new Promise((resolve) => setImmediate(resolve))
  follow.close()
  expect(reads).toEqual([0])
})
