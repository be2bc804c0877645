// Installs the docs toolchain (docs/package.json: VitePress, TypeDoc and the TypeScript 6 compiler
// API TypeDoc needs) from its lock file, unless node_modules already matches it.
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const here = import.meta.dirname
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
