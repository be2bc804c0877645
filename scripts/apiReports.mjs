// `npm run api`: the API Extractor report of every entry point in package.json `exports`, in
// etc/<entry>.api.md, so a change to the public surface shows in review. `--check` (the test in
// test/package/apiReports.test.ts) rewrites nothing and exits 1 naming each report out of date.
// Declarations come from the project's tsc 7; API Extractor reads them with its own TypeScript 6.
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CompilerState, Extractor, ExtractorConfig } from '@microsoft/api-extractor'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
/** Each entry point's report name and its declaration file, from package.json `exports`. */
function entryPoints() {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  return Object.entries(exports)
    .filter(([, target]) => typeof target === 'object' && target.types)
    .map(([subpath, target]) => ({
      name: subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-'),
      dts: target.types.replace(/^\.\/dist\//, ''),
    }))
}

/** Declarations only, into a folder of their own (never dist/, which the package tests build). */
function emitDeclarations(out) {
  const typescript = createRequire(import.meta.url).resolve('typescript/package.json')
  const tsc = join(dirname(typescript), JSON.parse(readFileSync(typescript, 'utf8')).bin.tsc)
  const args = ['-p', join(root, 'tsconfig.build.json'), '--outDir', out, '--emitDeclarationOnly']
  execFileSync(
    process.execPath,
    [tsc, ...args, '--sourceMap', 'false', '--inlineSources', 'false'],
    { stdio: 'inherit' },
  )
  // As in the library build: a consumer's compiler reads `./x.js`, not `./x.ts`, in declarations.
  const relativeTs = /(from\s+|import\(\s*)(['"])(\.{1,2}\/[^'"]*?)\.tsx?\2/g
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue
    const file = join(entry.parentPath, entry.name)
    writeFileSync(file, readFileSync(file, 'utf8').replace(relativeTs, '$1$2$3.js$2'))
  }
}

// A folder (to walk into) or a declaration file: what `cpSync` copies of a build's dist/.
const declarationsOnly = (path) => path.endsWith('.d.ts') || statSync(path).isDirectory()

function extractorConfig(out, entry, reportFolder) {
  return ExtractorConfig.prepare({
    configObjectFullPath: join(root, 'etc', 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(out, entry.dts),
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            strict: true,
            skipLibCheck: true,
            module: 'nodenext',
            jsx: 'react-jsx',
          },
          files: [join(out, entry.dts)],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: `${entry.name}.api.md`,
        reportFolder,
        reportTempFolder: join(out, 'reports'),
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // The project marks no release stages (@public, @beta): every export is public.
        extractorMessageReporting: {
          default: { logLevel: 'warning', addToApiReportFile: true },
          'ae-missing-release-tag': { logLevel: 'none' },
          // Every export has its one-line JSDoc; members need none, and listing them is noise.
          'ae-undocumented': { logLevel: 'none', addToApiReportFile: false },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
        compilerMessageReporting: { default: { logLevel: 'warning' } },
      },
    },
  })
}

/**
 * Compares (check) or rewrites the reports of every entry point in each of `reportFolders`
 * (etc/ unless told; `{ folder, only }` limits a folder to the named reports), from one
 * declaration build and one TypeScript program; returns, per folder, the reports out of date.
 * `declarations`: a library build's dist/ whose declarations are read instead of emitting them
 * (the package tests' packed tarball: the same tsc over the same project, run once).
 */
export function apiReports({ check, reportFolders = [join(root, 'etc')], declarations }) {
  // Inside the project (and ignored), so reports name files by a path that is the same in every clone.
  const out = join(root, '.scratch', 'api-declarations')
  rmSync(out, { recursive: true, force: true })
  try {
    if (declarations === undefined) emitDeclarations(out)
    else cpSync(declarations, out, { recursive: true, filter: declarationsOnly })
    mkdirSync(join(out, 'reports'), { recursive: true })
    const entries = entryPoints()
    const targets = reportFolders.map((target) =>
      typeof target === 'string' ? { folder: target, only: undefined } : target,
    )
    const first = extractorConfig(out, entries[0], targets[0].folder)
    // One TypeScript program for all entry points: nine would each parse the same declarations.
    const compilerState = CompilerState.create(first, {
      additionalEntryPoints: entries.map((entry) => join(out, entry.dts)),
    })
    const outOfDate = (entry, folder) => {
      const result = Extractor.invoke(extractorConfig(out, entry, folder), {
        localBuild: !check,
        compilerState,
        // The report itself carries its notes (a type used but not exported): no console line.
        messageCallback: (message) => {
          message.handled = true
        },
      })
      if (result.errorCount > 0) throw new Error(`API Extractor failed on ${entry.name}`)
      return result.apiReportChanged
    }
    return targets.map(({ folder, only }) =>
      entries
        .filter((entry) => !only || only.includes(entry.name))
        .filter((entry) => outOfDate(entry, folder))
        .map((entry) => `${entry.name}.api.md`),
    )
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const check = args.includes('--check')
  // `--folder <dir>[=<name>,…]` (repeatable) compares copies of etc/ (only the named reports);
  // `--json` prints what is out of date, per folder; `--declarations <dist>` reads a build's.
  const folders = args.flatMap((arg, i) => {
    if (arg !== '--folder') return []
    const [folder, names] = args[i + 1].split('=')
    return [names ? { folder, only: names.split(',') } : folder]
  })
  const at = args.indexOf('--declarations')
  const stale = apiReports({
    check,
    ...(folders.length > 0 ? { reportFolders: folders } : {}),
    ...(at >= 0 ? { declarations: args[at + 1] } : {}),
  })
  if (args.includes('--json')) console.log(JSON.stringify(stale))
  else if (check && stale[0].length > 0) {
    console.error(`out of date (run npm run api): ${stale[0].map((n) => `etc/${n}`).join(', ')}`)
    process.exitCode = 1
  } else console.log(check ? 'API reports up to date' : 'wrote the API reports in etc/')
}
