// The conversation this tab shows, kept across a reload (or a restart's reload) without an id in
// the address bar: a person reads the address, and a uuid there says nothing to them.
const key = 'studypulse.run'

/** The run this tab shows: `take` reads it once at load, `keep` follows each change. */
export const shownRun = {
  /**
   * The run to open: a link's `?run=` (the gateway's, a colleague's), taken off the address at
   * once, else on a reload the one this tab showed; the address typed again is a new chat.
   */
  take(): string | undefined {
    const url = new URL(location.href)
    const linked = url.searchParams.get('run')
    if (linked !== null) {
      url.searchParams.delete('run')
      history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`)
      shownRun.keep(linked)
      return linked === '' ? undefined : linked
    }
    return reloaded() ? (read() ?? undefined) : undefined
  },
  /** Remembers the run shown (none: a new chat) for this tab. */
  keep(runId: string | undefined): void {
    try {
      if (runId === undefined || runId === '') sessionStorage.removeItem(key)
      else sessionStorage.setItem(key, runId)
    } catch {
      // Storage refused (a private window's quota): a reload then starts at a new chat.
    }
  },
}

function read(): string | null {
  try {
    return sessionStorage.getItem(key)
  } catch {
    return null
  }
}

function reloaded(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return navigation?.type === 'reload'
}
