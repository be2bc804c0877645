// Installs a folder with its own toolchain (bench/, docs/) from its lock file, unless its
// node_modules already matches it (then it does nothing). Usage: node scripts/ensureInstalled.mjs <folder>
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const here = resolve(import.meta.dirname, '..', process.argv[2] ?? '.')
const lock = JSON.parse(readFileSync(join(here, 'package-lock.json'), 'utf8'))
const stale = Object.entries(lock.packages ?? {}).some(([path, entry]) => {
  if (path === '' || entry.optional) return false
  try {
    const installed = JSON.parse(readFileSync(join(here, path, 'package.json'), 'utf8'))
    return installed.version !== entry.version
  } catch {
    return true
  }
})
if (stale) execSync('npm ci --no-audit --no-fund', { cwd: here, stdio: 'inherit' })
