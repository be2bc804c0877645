import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { nodeScript } from './nodeScript.ts'

/**
 * `npm run audit [-- args]` on a workspace as a child process (PostgreSQL's log when `databaseUrl`
 * is given, else the folder's): its exit code and what it printed; its errors go to the test's.
 */
export function runAudit(
  workspace: string,
  args: string[] = [],
  databaseUrl = '',
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...nodeScript(join(repoRoot, 'app/audit.ts')), ...args],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          STUDYPULSE_WORKSPACE: workspace,
          STUDYPULSE_DATABASE_URL: databaseUrl,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let stdout = ''
    child.stdout.on('data', (d) => {
      stdout += d
    })
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout }))
  })
}
