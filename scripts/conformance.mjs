// `npm run conformance`: the consent conformance suite (vitest run test/conformance), which
// prints the face × scenario table. `npm run conformance -- --write-docs` also writes the table
// into docs/guide/conformance.md (only then: `npm test` leaves the page as it is and checks it).
import { spawnSync } from 'node:child_process'

const write = process.argv.includes('--write-docs')
const rest = process.argv.slice(2).filter((arg) => arg !== '--write-docs')
const run = spawnSync('npx', ['--no-install', 'vitest', 'run', 'test/conformance', ...rest], {
  stdio: 'inherit',
  env: { ...process.env, ...(write && { STUDYPULSE_CONFORMANCE_WRITE_DOCS: '1' }) },
})
// The page is formatted as the rest of the docs are (biome pads the table's columns).
if (write)
  spawnSync('npx', ['--no-install', 'biome', 'format', '--write', 'docs/guide/conformance.md'], {
    stdio: 'inherit',
  })
process.exit(run.status ?? 1)
