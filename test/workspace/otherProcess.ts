import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { nodeScript } from '../helpers/nodeScript.ts'

/** Runs `versionedWriter.ts` on the folder `dir` in another process; resolves to whether its write landed. */
export function otherProcess(dir: string, ...args: string[]): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...nodeScript(join(import.meta.dirname, 'versionedWriter.ts')), dir, ...args],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve((JSON.parse(out) as { ok: boolean }).ok)
        : reject(new Error(`versionedWriter exited with ${code}`)),
    )
  })
}
