/** Collects a sandbox's console output up to a byte cap; past the cap it keeps nothing more and says so. */
export class OutputBuffer {
  readonly #maxBytes: number
  readonly #parts: string[] = []
  #bytes = 0
  #overflowed = false

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes
  }

  /** Whether the code tried to print more than the cap. */
  get overflowed(): boolean {
    return this.#overflowed
  }

  /** Appends text, cutting it at the cap; returns false once the cap is reached. */
  append(text: string): boolean {
    if (this.#overflowed) return false
    const size = Buffer.byteLength(text, 'utf8')
    const room = this.#maxBytes - this.#bytes
    if (size <= room) {
      this.#parts.push(text)
      this.#bytes += size
      return true
    }
    const head = cutToBytes(text, room)
    this.#parts.push(head)
    this.#bytes += Buffer.byteLength(head, 'utf8')
    this.#overflowed = true
    return false
  }

  /** Everything collected so far. */
  text(): string {
    return this.#parts.join('')
  }
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
