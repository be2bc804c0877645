/** One server-sent event. */
export interface ServerSentEvent {
  event: string
  data: string
  id?: string
}

/** Parses a `text/event-stream` body into events, in batches (one batch per chunk read). */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent[]> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
      const blocks = buffer.split('\n\n')
      buffer = blocks.pop() ?? ''
      const batch = blocks.flatMap(parseBlock)
      if (batch.length > 0) yield batch
    }
  } finally {
    reader.releaseLock()
  }
}

function parseBlock(block: string): ServerSentEvent[] {
  let event = 'message'
  let id: string | undefined
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
    else if (field === 'id') id = value
  }
  if (data.length === 0) return []
  return [{ event, data: data.join('\n'), ...(id !== undefined && { id }) }]
}
