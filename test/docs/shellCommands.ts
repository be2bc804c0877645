import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { productSources, repoRoot } from '../helpers/productSources.ts'
import type { CodeSample } from './codeSamples.ts'

/** One thing a shell sample names that the repository does not have. */
export interface ShellProblem {
  where: string
  problem: string
}

const builtIn = new Set(['install', 'ci', 'start', 'test', 'pack', 'create'])

/** The environment variables the product reads: every SCREAMING_CASE word of its sources. */
export function knownVariables(): Set<string> {
  const words = new Set<string>()
  for (const file of productSources(undefined, { entryPoints: true })) {
    for (const m of readFileSync(join(repoRoot, file), 'utf8').matchAll(/\b[A-Z][A-Z0-9_]{2,}\b/g))
      words.add(m[0])
  }
  return words
}

function scriptsAt(dir: string): Set<string> {
  const file = join(repoRoot, dir, 'package.json')
  if (!existsSync(file)) return new Set()
  return new Set(Object.keys(JSON.parse(readFileSync(file, 'utf8')).scripts ?? {}))
}

function dependencies(): Set<string> {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))
  return new Set([
    'studypulse-agent',
    ...Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }),
  ])
}

/** The major version of a package this repository has installed, and the oldest Node it declares. */
function installed(name: string): { major: string; node?: number } | undefined {
  const file = join(repoRoot, 'node_modules', name, 'package.json')
  if (!existsSync(file)) return undefined
  const pkg = JSON.parse(readFileSync(file, 'utf8'))
  return { major: String(pkg.version).split('.')[0] ?? '', node: oldestNode(pkg.engines?.node) }
}

/** The major of a `>=N` Node range (`>=22`, `>=22.0.0`), if that is its form. */
function oldestNode(range: unknown): number | undefined {
  const m = typeof range === 'string' ? /^>=\s*(\d+)/.exec(range.trim()) : null
  return m ? Number(m[1]) : undefined
}

/** The oldest Node the package supports (its `engines.node`, `>=20`). */
function supportedNode(): number {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))
  return oldestNode(pkg.engines?.node) ?? 0
}

// The app derives `<PROVIDER>_API_KEY` and `<PROVIDER>_BASE_URL` from the provider's name.
const providerVariable = /^[A-Z0-9]+_(API_KEY|BASE_URL)$/

/** Checks that a shell sample names real npm scripts, files, packages and variables. */
export function checkShellSample(sample: CodeSample, known = knownVariables()): ShellProblem[] {
  const [file, fenceLine] = sample.where.split(':')
  const problems: ShellProblem[] = []
  const lines = sample.code.replace(/\\\n/g, ' ').split('\n')
  for (const [i, raw] of lines.entries()) {
    const report = (problem: string) =>
      problems.push({ where: `${file}:${Number(fenceLine) + 1 + i}`, problem })
    // A variable named anywhere, comments included, must be one the product reads.
    for (const m of raw.matchAll(/\b(STUDYPULSE_[A-Z0-9_]+|OTEL_[A-Z0-9_]+)\b/g))
      if (!known.has(m[1] ?? '')) report(`unknown variable ${m[1]}`)
    const line = raw.replace(/(^|\s)#.*$/, '')
    let cwd = '.'
    for (const command of line.split(/&&|;|\|/)) {
      const words = command.trim().split(/\s+/).filter(Boolean)
      if (words[0] === 'export') words.shift()
      while (words[0]?.includes('=')) {
        const name = (words.shift() ?? '').split('=')[0] ?? ''
        // STUDYPULSE_* and OTEL_* were checked above, with the ones in comments.
        const checked = /^(STUDYPULSE|OTEL)_/.test(name)
        if (!checked && !known.has(name) && !providerVariable.test(name))
          report(`unknown variable ${name}`)
      }
      cwd = checkCommand(words, cwd, report)
    }
  }
  return problems
}

/** Checks one command; returns the working directory after it (`cd`). */
function checkCommand(words: string[], cwd: string, report: (problem: string) => void): string {
  const [program, first, ...rest] = words
  const exists = (path: string) => existsSync(join(repoRoot, cwd, path))
  if (program === 'cd') {
    if (!first || !exists(first)) report(`no folder ${first}`)
    return join(cwd, first ?? '')
  }
  if (program === 'npm' && first === 'run') {
    const script = rest[0] ?? ''
    if (!scriptsAt(cwd).has(script))
      report(`no npm script ${script} in ${join(cwd, 'package.json')}`)
  } else if (program === 'npm' && first === 'install') {
    const known = dependencies()
    for (const spec of rest.filter((word) => !word.startsWith('-'))) {
      const at = spec.indexOf('@', 1)
      const name = at < 0 ? spec : spec.slice(0, at)
      if (!known.has(name) && !name.startsWith('@ai-sdk/')) report(`${name} is no dependency`)
      // A major a guide names (`ai@7`) is the one the repository installs and tests with.
      const major = at < 0 ? undefined : spec.slice(at + 1)
      const has = installed(name)
      if (major !== undefined && has !== undefined && major !== has.major)
        report(`${spec}: the repository has ${name} ${has.major}`)
      // On the oldest Node the package supports, npm passes over a major that declares a newer
      // Node and installs an older one (`ai` 6 for `ai`): the guide names the major it tests.
      if (major === undefined && has?.node !== undefined && has.node > supportedNode())
        report(`${name}: name its major (${name}@${has.major}); it declares Node ${has.node}`)
    }
  } else if (program === 'npm' && !builtIn.has(first ?? ''))
    report(`npm ${first} is no npm command here`)
  if (program === 'npx' && (first === 'tsx' || first === 'vitest')) {
    const paths = (first === 'vitest' ? rest.slice(1) : rest.slice(0, 1)).filter(
      (w) => !w.startsWith('-'),
    )
    for (const path of paths) if (!exists(path)) report(`no file ${join(cwd, path)}`)
  }
  if (program === 'node' && first && !first.startsWith('-') && !exists(first))
    report(`no file ${first}`)
  return cwd
}
