/** Which cap a sandbox's output reached. */
export type OutputCap = 'bytes' | 'lines'

/**
 * Collects a sandbox's console output up to a cap in UTF-8 bytes and one in lines; past either it
 * keeps nothing more and says which.
 */
export class OutputBuffer {
  readonly #maxBytes: number
  readonly #maxLines: number
  readonly #parts: string[] = []
  #bytes = 0
  #lines = 0
  #reached: OutputCap | undefined

  constructor(maxBytes: number, maxLines = Number.POSITIVE_INFINITY) {
    this.#maxBytes = maxBytes
    this.#maxLines = maxLines
  }

  /** Whether the code tried to print more than a cap. */
  get overflowed(): boolean {
    return this.#reached !== undefined
  }

  /** The cap the code reached, if any. */
  get reached(): OutputCap | undefined {
    return this.#reached
  }

  /** Appends text, cutting it at the caps; returns false once a cap is reached. */
  append(text: string): boolean {
    if (this.#reached !== undefined) return false
    // A flood of short lines costs a host call each: a line cap stops it long before the byte
    // cap would (10 million empty lines are 10 MB of calls but 1 byte each).
    const fit = linesThatFit(text, this.#maxLines - this.#lines)
    const kept = fit === undefined ? text : text.slice(0, fit)
    const size = Buffer.byteLength(kept, 'utf8')
    const room = this.#maxBytes - this.#bytes
    if (size > room) {
      const head = cutToBytes(kept, room)
      this.#keep(head, Buffer.byteLength(head, 'utf8'))
      this.#reached = 'bytes'
      return false
    }
    this.#keep(kept, size)
    if (fit !== undefined) {
      this.#reached = 'lines'
      return false
    }
    return true
  }

  /** Everything collected so far. */
  text(): string {
    return this.#parts.join('')
  }

  #keep(text: string, bytes: number): void {
    this.#parts.push(text)
    this.#bytes += bytes
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.#lines += 1
  }
}

// How much of `text` fits in `room` more lines (whole lines), or undefined when all of it does.
// Text after the last line the cap allows would start a line past it, so it does not fit.
function linesThatFit(text: string, room: number): number | undefined {
  if (room <= 0) return text === '' ? undefined : 0
  let seen = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    seen += 1
    if (seen === room) return at === text.length - 1 ? undefined : at + 1
  }
  return undefined
}

function cutToBytes(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return ''
  // No character takes fewer than one byte, so the first maxBytes characters hold the answer.
  const bytes = Buffer.from(text.slice(0, maxBytes), 'utf8')
  if (bytes.length <= maxBytes) return bytes.toString('utf8')
  let end = maxBytes
  // Back up to the start of a character so no character is cut in half.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1
  return bytes.subarray(0, end).toString('utf8')
}
