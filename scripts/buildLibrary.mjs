// `npm run build`: the library in dist/ (ESM JavaScript, declarations, source maps) from the
// entry points in tsconfig.build.json, plus the stylesheet. The repo itself runs from source.
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
rmSync(dist, { recursive: true, force: true })
const typescript = createRequire(import.meta.url).resolve('typescript/package.json')
const tsc = join(dirname(typescript), JSON.parse(readFileSync(typescript, 'utf8')).bin.tsc)
// tsc's four checkers by default; on a machine of two cores they only compete (a third more CPU
// for the same wall time beside other work, as in CI's npm test): one checker per two cores.
const checkers = String(Math.min(4, Math.max(1, Math.floor(availableParallelism() / 2))))
execFileSync(
  process.execPath,
  [tsc, '-p', join(root, 'tsconfig.build.json'), '--checkers', checkers],
  { stdio: 'inherit' },
)

// tsc rewrites `./x.ts` to `./x.js` in JavaScript but leaves declarations as written; a consumer
// without allowImportingTsExtensions must see `.js` there too.
const relativeTs = /(from\s+|import\(\s*)(['"])(\.{1,2}\/[^'"]*?)\.tsx?\2/g
let declarations = 0
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue
  const file = join(entry.parentPath, entry.name)
  const text = readFileSync(file, 'utf8')
  const rewritten = text.replace(relativeTs, '$1$2$3.js$2')
  if (rewritten !== text) writeFileSync(file, rewritten)
  declarations += 1
}
// From source the worker entry registers tsx before loading sandboxWorker.ts; the build has the
// compiled worker, and tsx (a dev dependency) is not installed for users.
writeFileSync(
  join(dist, 'tools', 'sandbox', 'sandboxWorkerEntry.mjs'),
  "// The run_code sandbox's worker thread, compiled.\nimport './sandboxWorker.js'\n",
)
// react-jsonschema-form is bundled into the one module that imports it (React stays the app's):
// as a dependency, its peers would install React into every Node project, and @rjsf/core 6's
// index imports @rjsf/validator-ajv8, which it does not depend on, so an app's bundler fails.
const { build } = await import('vite')
const cardForm = join(root, 'ui', 'components', 'cardForm')
await build({
  configFile: false,
  logLevel: 'warn',
  root,
  build: {
    lib: { entry: join(cardForm, 'rjsf.ts'), formats: ['es'], fileName: () => 'rjsf.js' },
    outDir: join(dist, 'ui', 'components', 'cardForm'),
    emptyOutDir: false,
    minify: false,
    sourcemap: false,
    rollupOptions: {
      external: [/^react(?:-dom)?(?:\/.*)?$/],
      // rjsf marks some hooks 'use client'; the form is drawn in the browser only, so it is moot.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
})
rmSync(join(dist, 'ui', 'components', 'cardForm', 'rjsf.js.map'), { force: true })
mkdirSync(join(dist, 'ui'), { recursive: true })
copyFileSync(join(root, 'ui', 'styles.css'), join(dist, 'ui', 'styles.css'))
// The gateway's MCP App card inlines ext-apps' self-contained `App` build. Copied here (one
// 337 KB file, with its licence) rather than made a dependency: that would install the whole
// package (1.5 MB, React and server bindings the gateway never loads) and @standard-schema/spec
// into every project, for one file read at run time. app/gateway/cardApp.ts reads it from here.
const appWithDeps = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/ext-apps/app-with-deps',
)
const extAppsOut = join(dist, 'app', 'gateway', 'extApps')
mkdirSync(extAppsOut, { recursive: true })
copyFileSync(appWithDeps, join(extAppsOut, 'app-with-deps.js'))
// The package's own exports hide package.json; its LICENSE sits two folders above dist/src/.
copyFileSync(join(dirname(appWithDeps), '..', '..', 'LICENSE'), join(extAppsOut, 'LICENSE'))
// StudyPulse's page, for `studypulse-gateway --page` (app/gateway/gatewayPage.ts reads it from
// here): the very build `npm start` serves, dist-page/, brought up to date by the app's own
// ensureBuild (rebuilt only when a source is newer, so a test run's pack reuses its page).
execFileSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    "import { ensureBuild } from './app/server/ensureBuild.ts'; await ensureBuild()",
  ],
  { cwd: root, stdio: 'inherit' },
)
cpSync(join(root, 'dist-page'), join(dist, 'page'), { recursive: true })
console.log(
  `built dist/: ${declarations} declaration files, the sandbox worker entry, the edit form's react-jsonschema-form bundle, ext-apps' App for the gateway card, ui/styles.css, the page for studypulse-gateway --page`,
)
