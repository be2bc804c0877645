import {
  deserializeMessage,
  type JSONRPCMessage,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
} from '@modelcontextprotocol/client'
import {
  StdioClientTransport,
  type StdioServerParameters,
} from '@modelcontextprotocol/client/stdio'

/**
 * Reads a server's stdout line by line, as the SDK's own buffer does, but a line that is not
 * JSON is an error (the SDK v2 skips it): a server that writes anything but MCP on stdout is
 * broken, and a call waiting on it would wait in vain, so the connection stops it at once.
 */
class StrictReadBuffer {
  #buffer: Buffer | undefined

  append(chunk: Buffer): void {
    if ((this.#buffer?.length ?? 0) + chunk.length > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
      this.clear()
      throw new Error(`the server wrote a line over ${STDIO_DEFAULT_MAX_BUFFER_SIZE} bytes`)
    }
    this.#buffer = this.#buffer === undefined ? chunk : Buffer.concat([this.#buffer, chunk])
  }

  readMessage(): JSONRPCMessage | null {
    while (this.#buffer !== undefined) {
      const end = this.#buffer.indexOf('\n')
      if (end === -1) return null
      const line = this.#buffer.toString('utf8', 0, end).replace(/\r$/, '')
      this.#buffer = this.#buffer.subarray(end + 1)
      // A blank line says nothing; anything else must be a message (a SyntaxError otherwise).
      if (line.trim() !== '') return deserializeMessage(line)
    }
    return null
  }

  clear(): void {
    this.#buffer = undefined
  }
}

/**
 * The SDK's stdio client transport (its spawning, environment and shutdown), reading stdout
 * strictly: a line that is not JSON reaches `onerror` as a `SyntaxError`, as with the SDK 1.x.
 */
export function strictStdioTransport(params: StdioServerParameters): StdioClientTransport {
  const transport = new StdioClientTransport(params)
  // The SDK keeps its buffer in a private field (SDK 2.4.0, pinned); the garbage case of
  // test/tools/mcp/misbehavingServer.test.ts fails if a later version reads stdout otherwise.
  ;(transport as unknown as { _readBuffer: StrictReadBuffer })._readBuffer = new StrictReadBuffer()
  return transport
}
