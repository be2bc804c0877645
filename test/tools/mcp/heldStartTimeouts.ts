import { vi } from 'vitest'

/** What `holdStartTimeouts` gives a test: fire the held start timeouts, or let timers run freely again. */
export interface HeldStartTimeouts {
  /** Waits until a start timeout was set (the server was asked to start), then fires each one held. */
  fire(): Promise<void>
  /** Timers run as they would again; a try started after this waits out its whole start timeout. */
  release(): void
}

/**
 * Holds this process's timers of exactly `timeoutMs` (the MCP client's start timeout: its request
 * timer for `initialize`) until the test fires them. A first try at a server that cannot answer
 * yet (it waits for a file the test has not written) then ends by its start timeout when the test
 * says, not after a real wait; and the start timeout can be generous for a busy machine, since the
 * try after it, once released, must start a fresh process within it. Pick a `timeoutMs` no other
 * timer of the test uses.
 */
export function holdStartTimeouts(timeoutMs: number): HeldStartTimeouts {
  const real = globalThis.setTimeout
  const held: { run: () => void; handle: ReturnType<typeof setTimeout> }[] = []
  let asked: () => void = () => {}
  const set = new Promise<void>((resolve) => {
    asked = resolve
  })
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    run: (...args: unknown[]) => void,
    delayMs?: number,
    ...args: unknown[]
  ) => {
    if (delayMs !== timeoutMs) return real(run, delayMs, ...args)
    // A real timer that never fires by itself stands in, so clearing it works as before.
    const handle = real(() => {}, 2 ** 31 - 1)
    handle.unref()
    held.push({ run: () => run(...args), handle })
    asked()
    return handle
  }) as typeof setTimeout)
  return {
    async fire() {
      await set
      for (const { run, handle } of held.splice(0)) {
        clearTimeout(handle)
        run()
      }
    },
    release: () => spy.mockRestore(),
  }
}
