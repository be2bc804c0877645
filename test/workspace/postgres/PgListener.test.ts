import pg from 'pg'
import { afterEach, expect, test } from 'vitest'
import { PgListener } from '../../../workspace/postgres/PgListener.ts'
import { fileDatabase } from '../../helpers/postgres.ts'
import { signal } from '../../helpers/signal.ts'
import { tcpProxy } from '../../helpers/tcpProxy.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

test('a demanded channel is listened to only while a demand is held: PostgreSQL sends nothing on it after the last release', async () => {
  const db = await fileDatabase()
  const listener = new PgListener({ connectionString: db.url }, ['always_on'])
  closers.push(() => listener.close())
  const sender = new pg.Client({ connectionString: db.url })
  await sender.connect()
  closers.push(() => sender.end())
  const heard: string[] = []
  let marker = signal()
  listener.on('on_demand', (payload) => heard.push(payload))
  listener.on('always_on', () => marker.resolve())
  const notify = (channel: string, payload: string) =>
    sender.query('SELECT pg_notify($1, $2)', [channel, payload])
  // Notices on one connection arrive in the order they were sent: once the marker on the
  // always-listened channel is in, the one before it on the other channel was delivered or never sent.
  const sendAndMark = async (payload: string) => {
    marker = signal()
    await notify('on_demand', payload)
    await notify('always_on', '')
    await marker.promise
  }
  await listener.ready()
  await sendAndMark('before any demand')

  const first = listener.demand('on_demand')
  const second = listener.demand('on_demand')
  await Promise.all([first.ready, second.ready])
  await sendAndMark('while two demand it')
  await first.release()
  await sendAndMark('while one still does')
  await second.release()
  await second.release()
  await sendAndMark('after the last release')
  const again = listener.demand('on_demand')
  await again.ready
  await sendAndMark('demanded again')

  expect(heard).toEqual(['while two demand it', 'while one still does', 'demanded again'])
})

// A NOTIFY sent before the first LISTEN reaches nobody (an owner's first command, under load):
// the first connect, even one after failed attempts, tells `onListening` as a reconnect does.
test('the first start of listening is told too, after failed attempts as after none', async () => {
  const db = await fileDatabase()
  const target = new URL(db.url)
  const link = await tcpProxy({ host: target.hostname, port: Number(target.port) })
  closers.push(() => link.close())
  target.port = String(link.port)
  const listener = new PgListener({ connectionString: target.toString() }, ['first_listen'])
  closers.push(() => listener.close())
  let told = 0
  const listening = signal()
  listener.onListening(() => {
    told++
    listening.resolve()
  })
  link.cut()
  await expect(listener.ready()).rejects.toThrow()
  expect(told).toBe(0)
  link.restore()
  // It retries by itself; nobody asks again.
  await listening.promise
  expect(told).toBe(1)
})
