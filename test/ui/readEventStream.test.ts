import { describe, expect, it } from 'vitest'
import { readEventStream, type ServerSentEvent } from '../../ui/remote/readEventStream.ts'

/** A body that delivers `bytes` in the given slices, one read each. */
function body(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const edges = [0, ...cuts, bytes.length]
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= edges.length - 1) return controller.close()
      controller.enqueue(bytes.slice(edges[at], edges[at + 1]))
      at += 1
    },
  })
}

async function read(stream: ReadableStream<Uint8Array>) {
  const batches: ServerSentEvent[][] = []
  for await (const batch of readEventStream(stream)) batches.push(batch)
  return batches
}

const frames = [
  ': a comment line is no event\n',
  'event: agent\nid: 7\ndata: {"text":"Réviser 🙂"}\n\n',
  'data: first line\ndata: second line\n\n',
  'event: state\ndata:{"value":"thinking"}\n\n',
  // No data: nothing to dispatch.
  'event: lonely\n\n',
  'retry: 1000\nevent: agent\ndata: last\n\n',
  // The server's keep-alive; it also tells a parser that a CR just before it was a whole line end.
  ': keep-alive\n\n',
]
const expected: ServerSentEvent[] = [
  { event: 'agent', id: '7', data: '{"text":"Réviser 🙂"}' },
  { event: 'message', data: 'first line\nsecond line' },
  { event: 'state', data: '{"value":"thinking"}' },
  { event: 'agent', data: 'last' },
]

describe('readEventStream (eventsource-parser)', () => {
  it('reads each event once, whole, wherever the reads cut the bytes (LF, CRLF and CR line ends)', async () => {
    for (const end of ['\n', '\r\n', '\r']) {
      const bytes = new TextEncoder().encode(frames.join('').replaceAll('\n', end))
      for (let cut = 1; cut < bytes.length; cut += 1) {
        const events = (await read(body(bytes, [cut]))).flat()
        expect(events, `${JSON.stringify(end)} cut at byte ${cut}`).toEqual(expected)
      }
    }
  })

  it('hands over one batch per read that completed events, and none for a read that did not', async () => {
    const encode = (text: string) => new TextEncoder().encode(text)
    const bytes = encode(frames.join(''))
    const afterSecond = encode(frames.slice(0, 3).join('')).length
    const inLast = bytes.length - ': keep-alive\n\n'.length - 3
    // Reads: the first two events; 5 bytes of the third; up to inside the last; the rest.
    const batches = await read(body(bytes, [afterSecond, afterSecond + 5, inLast]))
    expect(batches).toEqual([expected.slice(0, 2), expected.slice(2, 3), expected.slice(3)])
  })
})
