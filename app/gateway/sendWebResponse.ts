import type { ServerResponse } from 'node:http'

/**
 * Writes a web `Response` (JSON, or an SSE stream that stays open) to a Node response. When the
 * client closes its connection first, the stream is cancelled, so whoever writes to it (the MCP
 * transport) lets it go rather than writing to nobody.
 */
export async function sendWebResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (response.body === null) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  const cancel = () => void reader.cancel().catch(() => {})
  res.once('close', cancel)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      res.write(value)
    }
  } catch {
    // Cancelled because the client went away: nothing more to send.
  } finally {
    res.off('close', cancel)
    res.end()
  }
}
