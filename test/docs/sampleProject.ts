import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { build, type Plugin } from 'esbuild'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { ownSourcesBuild } from '../helpers/scriptBundles.ts'
import type { CodeSample } from './codeSamples.ts'

const run = promisify(execFile)

/** Where the samples are written: inside the repository (ignored), so they resolve its packages. */
export const samplesDir = join(repoRoot, '.scratch', 'samples')

/** `studypulse-agent/…` → the entry point's source, from package.json `exports`. */
export function entryPointPaths(): Record<string, string[]> {
  const { exports } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types?: string }>
  }
  const paths: Record<string, string[]> = {}
  for (const [subpath, target] of Object.entries(exports)) {
    const built = typeof target === 'string' ? target : target.types
    if (!built?.startsWith('./dist/')) continue
    const source = built.replace('./dist/', '').replace(/\.d\.ts$/, '.ts')
    const name = subpath === '.' ? 'studypulse-agent' : `studypulse-agent/${subpath.slice(2)}`
    paths[name] = [relative(samplesDir, join(repoRoot, source))]
  }
  return paths
}

/** A sample as a module of its own: its prelude, its code, and `export {}` so it is one. */
export function sampleModule(sample: CodeSample): string {
  return `${sample.prelude}\n${sample.code}\nexport {}\n`
}

/** Writes the samples and a tsconfig that maps the package's entry points to their source. */
export function writeSampleProject(samples: readonly CodeSample[]): Map<string, CodeSample> {
  rmSync(samplesDir, { recursive: true, force: true })
  mkdirSync(join(samplesDir, 'check'), { recursive: true })
  const files = new Map<string, CodeSample>()
  for (const [i, sample] of samples.entries()) {
    const file = `check/sample-${i}.${sample.lang === 'tsx' ? 'tsx' : 'ts'}`
    writeFileSync(join(samplesDir, file), sampleModule(sample))
    files.set(file, sample)
  }
  writeSampleTsconfig()
  return files
}

// The folders of the library's source (test/layers.test.ts's layers), whose .d.ts files it needs.
const libraryFolders = [
  'vocabulary',
  'workspace',
  'models',
  'tools',
  'store',
  'machines',
  'runtime',
  'ui',
  'app',
]

/** The samples' tsconfig: the project's, with the package's entry points mapped to their source. */
function writeSampleTsconfig(): void {
  mkdirSync(samplesDir, { recursive: true })
  const tsconfig = {
    extends: '../../tsconfig.json',
    compilerOptions: {
      paths: entryPointPaths(),
      // `import 'studypulse-agent/ui/styles.css'` is a bundler's business, as in a user's app.
      noUncheckedSideEffectImports: false,
      types: ['node', 'vite/client'],
    },
    // The library's own ambient declarations (models/offline/nlpjs.d.ts types NLP.js, which ships
    // none): the entry points are mapped to source, so the samples compile what they import.
    include: ['check/**/*', ...libraryFolders.map((folder) => `../../${folder}/**/*.d.ts`)],
  }
  writeFileSync(join(samplesDir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
}

/** One type error, at the documentation line it comes from. */
export interface SampleError {
  where: string
  message: string
}

/** Type-checks the written samples with the project's tsc; each error names its sample's line. */
export async function typecheckSamples(files: Map<string, CodeSample>): Promise<SampleError[]> {
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc')
  // One checker: the suite runs three files at once on two cores, where tsc's default four
  // checkers only compete (a third more CPU, and no sooner done).
  const args = [
    tsc,
    '--noEmit',
    '-p',
    join(samplesDir, 'tsconfig.json'),
    '--pretty',
    'false',
    '--checkers',
    '1',
  ]
  const output = await run(process.execPath, args, { cwd: samplesDir, maxBuffer: 1 << 26 }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  )
  const errors: SampleError[] = []
  for (const line of output.split('\n')) {
    const m = /^(.+?)\((\d+),\d+\): error (.*)$/.exec(line)
    if (!m) continue
    const sample = files.get(relative(samplesDir, join(samplesDir, m[1] ?? '')))
    if (!sample) {
      errors.push({ where: m[1] ?? '', message: m[3] ?? '' })
      continue
    }
    // The prelude is on the lines before the sample's own first line.
    const [file, fenceLine] = sample.where.split(':')
    const prelude = sample.prelude.split('\n').length
    const at = Number(fenceLine) + Number(m[2]) - prelude
    errors.push({ where: `${file}:${at}`, message: m[3] ?? '' })
  }
  return errors
}

/** What running a sample did. */
export interface SampleRun {
  code: number
  output: string
}

/**
 * Runs a sample in a folder of its own (it may create files in its working directory): compiled
 * by esbuild as the scripts tests start are (test/helpers/scriptBundles.ts), the package's entry
 * points mapped to their source as in the type-check, and run by plain `node`. Through tsx each
 * run loaded the whole library through its module hooks, 10 s and more of CPU a sample.
 */
export async function runSample(sample: CodeSample, index: number): Promise<SampleRun> {
  const dir = join(samplesDir, `run-${index}`)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'sample.ts'), sampleModule(sample))
  const own = ownSourcesBuild(repoRoot)
  try {
    await build({
      ...own,
      entryPoints: [join(dir, 'sample.ts')],
      outfile: join(dir, 'sample.mjs'),
      plugins: [entryPointsFromSource(), ...(own.plugins ?? [])],
    })
  } catch (error) {
    return { code: 1, output: String(error) }
  }
  return run(process.execPath, ['sample.mjs'], { cwd: dir, maxBuffer: 1 << 26 }).then(
    (done) => ({ code: 0, output: done.stdout + done.stderr }),
    (failed: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof failed.code === 'number' ? failed.code : 1,
      output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    }),
  )
}

// `studypulse-agent/…` resolved to the entry point's source (`entryPointPaths`), as tsc sees it.
function entryPointsFromSource(): Plugin {
  const paths = entryPointPaths()
  return {
    name: 'entry-points-from-source',
    setup(b) {
      b.onResolve({ filter: /^studypulse-agent(?:\/|$)/ }, ({ path }) => {
        const [source] = paths[path] ?? []
        // Never the repository's own dist/ (Node's self-reference would find it): source or nothing.
        if (source === undefined) return { errors: [{ text: `${path} is no entry point` }] }
        return { path: join(samplesDir, source) }
      })
    },
  }
}
