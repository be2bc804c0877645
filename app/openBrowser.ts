import { spawn } from 'node:child_process'

/**
 * Starts `command args… url` on its own (it outlives nothing: it is not waited for) and resolves
 * once it is running, or with why it could not start; a later failure is told through `onFailure`.
 */
export function openBrowser(
  url: string,
  opening: { command: string; args: readonly string[] },
  onFailure: (message: string) => void = () => {},
): Promise<{ ok: true } | { ok: false; message: string }> {
  return new Promise((resolve) => {
    const child = spawn(opening.command, [...opening.args, url], {
      detached: true,
      stdio: 'ignore',
      windowsVerbatimArguments: opening.command === 'cmd',
    })
    child.once('error', (error) => {
      resolve({ ok: false, message: `${opening.command} could not start: ${error.message}` })
    })
    child.once('spawn', () => {
      child.unref()
      resolve({ ok: true })
    })
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) onFailure(`${opening.command} exited with code ${code}`)
    })
  })
}
