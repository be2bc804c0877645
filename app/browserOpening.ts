/** Whether `npm start` opens the page in a browser, and with which command. */
export type BrowserOpening =
  | { open: true; command: string; args: readonly string[] }
  | { open: false; reason: string }

/** What the decision looks at: the platform, the environment and the command line. */
export interface OpeningContext {
  platform: NodeJS.Platform
  env: NodeJS.ProcessEnv
  argv: readonly string[]
}

const off = new Set(['0', 'false', 'no', 'off'])

/**
 * Opens the browser only where a person sits at a desktop: always on macOS and Windows, on
 * other systems when `DISPLAY` or `WAYLAND_DISPLAY` is set; never in CI, under a test runner or
 * over SSH without a display, and never with `--no-open` or `STUDYPULSE_OPEN=0`.
 */
export function decideBrowserOpening({ platform, env, argv }: OpeningContext): BrowserOpening {
  const set = (name: string) => {
    const value = env[name]
    return value !== undefined && value !== '' && !off.has(value.toLowerCase())
  }
  if (argv.includes('--no-open')) return { open: false, reason: '--no-open' }
  const wanted = env.STUDYPULSE_OPEN
  if (wanted !== undefined && off.has(wanted.toLowerCase()))
    return { open: false, reason: `STUDYPULSE_OPEN=${wanted}` }
  if (set('CI')) return { open: false, reason: 'running in CI' }
  if (set('VITEST') || env.NODE_ENV === 'test')
    return { open: false, reason: 'running under tests' }
  const display = set('DISPLAY') || set('WAYLAND_DISPLAY')
  if ((set('SSH_CONNECTION') || set('SSH_TTY')) && !display)
    return { open: false, reason: 'running over SSH' }
  if (platform === 'darwin') return { open: true, command: 'open', args: [] }
  // `start` is a cmd built-in; its first quoted argument is a window title, hence the "".
  if (platform === 'win32') return { open: true, command: 'cmd', args: ['/c', 'start', '""'] }
  if (!display) return { open: false, reason: 'no desktop: DISPLAY and WAYLAND_DISPLAY are unset' }
  return { open: true, command: 'xdg-open', args: [] }
}
