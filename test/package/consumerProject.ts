import { execFile, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { dirname, extname, join, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { repoRoot } from '../../app/server/ensureBuild.ts'

const run = promisify(execFile)

/** What a command printed, and how it ended. */
export interface CommandResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs `command` in `cwd` without a shell; never throws for a non-zero exit (the caller checks). */
export async function command(
  cwd: string,
  file: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(file, args, {
      cwd,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string }
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: `${failed.stderr ?? ''}${typeof failed.code === 'string' ? failed.code : ''}`,
    }
  }
}

/** The version of a package this repository has installed, so a consumer asks the npm cache for exactly it. */
export function installedVersion(name: string): string {
  const file = join(repoRoot, 'node_modules', name, 'package.json')
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
}

/** The code block that follows `<!-- example: name … -->` in the README or a guide, verbatim. */
export function readmeExample(name: string): string {
  const guides = readdirSync(join(repoRoot, 'docs', 'guide')).map((file) =>
    join('docs', 'guide', file),
  )
  const readme = ['README.md', ...guides.sort()]
    .map((file) => readFileSync(join(repoRoot, file), 'utf8'))
    .join('\n')
  const marker = readme.indexOf(`<!-- example: ${name} `)
  if (marker < 0) throw new Error(`neither the README nor a guide has an example marked ${name}`)
  const open = readme.indexOf('```', marker)
  const start = readme.indexOf('\n', open) + 1
  const end = readme.indexOf('\n```', start)
  return readme.slice(start, end + 1)
}

/**
 * The words of the `npm install` lines of a marked shell example, in order, as the guide writes
 * them (`ai@7`: a name and a range); the `npm create` line and comments are not installs.
 */
export function guideInstalls(name: string): string[] {
  return readmeExample(name)
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => /^npm (install|i) /.test(line))
    .flatMap((line) => line.split(/\s+/).slice(2))
    .filter((word) => !word.startsWith('-'))
}

/** The package an install word names: `@ai-sdk/react@4` → `@ai-sdk/react`. */
export function packageName(spec: string): string {
  const at = spec.indexOf('@', 1)
  return at < 0 ? spec : spec.slice(0, at)
}

/**
 * The guide's install words as a new user's `npm install` takes them, unpinned: npm picks the
 * versions, as it would for them; only `studypulse-agent` is the packed tarball (not published yet).
 */
export function guideInstallArgs(name: string, tarball: string): string[] {
  return guideInstalls(name).map((spec) => (spec === 'studypulse-agent' ? tarball : spec))
}

/** Writes `files` (relative path → text) under `dir`. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), text)
  }
}

/**
 * `npm install` in a fresh project, with `packages` added as a user's `npm install a b` adds them:
 * offline from the npm cache, as a machine that installed this repository can; only if something
 * is not cached (a first run elsewhere, a newer release) does it fall back to the registry with
 * `--prefer-offline`. `env` is npm's too (`npm_config_prefix` for a global install of a test's
 * own). Returns how it installed, and throws with npm's output.
 */
export async function npmInstall(
  dir: string,
  packages: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<'offline' | 'prefer-offline'> {
  const base = ['install', '--no-audit', '--no-fund', '--loglevel=error', ...packages]
  const offline = await command(dir, 'npm', [...base, '--offline'], env)
  if (offline.code === 0) return 'offline'
  if (!/ENOTCACHED|cache mode is 'only-if-cached'/.test(offline.stderr))
    throw new Error(`npm install failed in ${dir}:\n${offline.stderr}`)
  const online = await command(dir, 'npm', [...base, '--prefer-offline'], env)
  if (online.code !== 0) throw new Error(`npm install failed in ${dir}:\n${online.stderr}`)
  return 'prefer-offline'
}

/** A started child process whose output is collected; `waitFor` resolves on the first matching line. */
export function startProcess(cwd: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env } })
  let output = ''
  const waiters: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = []
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = output.match(waiter.pattern)
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(match)
      }
    }
  }
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    check()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  return {
    output: () => output,
    waitFor: (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        waiters.push({ pattern, resolve })
        child.once('exit', (code) =>
          reject(new Error(`the process ended (${code}) before printing ${pattern}:\n${output}`)),
        )
        check()
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** A static file server for the built app on 127.0.0.1. */
export async function serveFolder(root: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const file = resolve(root, path === '/' ? 'index.html' : `.${decodeURIComponent(path)}`)
    if (!file.startsWith(root + sep)) return void res.writeHead(404).end()
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': types[extname(file)] ?? '' }).end(body),
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return server
}
