import { createParser } from 'eventsource-parser'

/** One server-sent event. */
export interface ServerSentEvent {
  event: string
  data: string
  id?: string
}

/**
 * Parses a `text/event-stream` body into events with `eventsource-parser` (the WHATWG rules: any
 * line ending, split anywhere), in batches: one batch per read that completed at least one event.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  onBytes?: () => void,
): AsyncGenerator<ServerSentEvent[]> {
  let batch: ServerSentEvent[] = []
  const parser = createParser({
    onEvent: ({ event, data, id }) => {
      batch.push({ event: event ?? 'message', data, ...(id !== undefined && { id }) })
    },
  })
  const reader = body.getReader()
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      // Any bytes, a heartbeat comment too: the server is there.
      onBytes?.()
      parser.feed(decoder.decode(value, { stream: true }))
      if (batch.length > 0) {
        yield batch
        batch = []
      }
    }
  } finally {
    reader.releaseLock()
  }
}
