import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Resource, Tool } from '@modelcontextprotocol/server'

/** The MCP Apps extension a host declares in `capabilities.extensions` when it draws apps. */
export const mcpAppsExtension = 'io.modelcontextprotocol/ui'
/** The MIME type of an MCP App's HTML. */
export const mcpAppMimeType = 'text/html;profile=mcp-app'
/** The card's resource: the gated tools name it, so a host that draws apps shows the card. */
export const cardUri = 'ui://studypulse/card.html'
/** The app-only tool the card reads its card with. */
export const cardTool = 'studypulse_card'
/** The app-only tool the card sends its decision with. */
export const decideTool = 'studypulse_decide'

/** Whether a client's capabilities say it draws MCP Apps (HTML resources). */
export function drawsApps(capabilities: unknown): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)
    ?.extensions
  const ui = extensions?.[mcpAppsExtension] as { mimeTypes?: unknown } | undefined
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(mcpAppMimeType)
}

/** The card's resource as `resources/list` shows it. */
export const cardResource: Resource = {
  uri: cardUri,
  name: 'StudyPulse card',
  description: 'Allow or deny a call the gateway holds, seeing what it will change.',
  mimeType: mcpAppMimeType,
}

/** The two app-only tools the card talks to the gateway with (hidden from the model). */
export const cardTools: Tool[] = [
  {
    name: cardTool,
    description: 'The StudyPulse card waiting for the call with these arguments.',
    inputSchema: {
      type: 'object',
      properties: { tool: { type: 'string' }, arguments: { type: 'object' } },
      required: ['tool'],
    },
    _meta: { ui: { resourceUri: cardUri, visibility: ['app'] } },
  },
  {
    name: decideTool,
    description: 'Allow or deny the card shown.',
    inputSchema: {
      type: 'object',
      properties: {
        confirmationId: { type: 'string' },
        digest: { type: 'string' },
        decision: { type: 'string', enum: ['allow', 'deny'] },
        remember: { type: 'string', enum: ['session', 'always'] },
      },
      required: ['confirmationId', 'digest', 'decision'],
    },
    _meta: { ui: { resourceUri: cardUri, visibility: ['app'] } },
  },
]

let html: string | undefined

/**
 * The card's HTML: the ext-apps `App` (its self-contained build) and the card drawn from what
 * `studypulse_card` answers. Undefined when that build is nowhere to be read: the gateway then
 * offers no app, and asks as before.
 */
export function cardHtml(): string | undefined {
  if (html !== undefined) return html
  const bundle = readAppBundle()
  if (bundle === undefined) return undefined
  // The bundle ends in one `export{…}`: made into an object the card's script reads.
  const exported = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(bundle)
  if (exported === null) return undefined
  const names = (exported[1] ?? '').split(',').map((part) => {
    const [local, as] = part.trim().split(/\s+as\s+/)
    return `${JSON.stringify(as ?? local)}:${local}`
  })
  const library = `${bundle.slice(0, exported.index)}\nconst extApps={${names.join(',')}};`
  html = page(library)
  return html
}

// The packed build carries a copy next to this module (scripts/buildLibrary.mjs puts it there:
// ext-apps is a dev dependency, not installed with the package); a clone reads the installed one.
function readAppBundle(): string | undefined {
  const copied = new URL('./extApps/app-with-deps.js', import.meta.url)
  if (existsSync(copied)) return readFileSync(copied, 'utf8')
  try {
    const require = createRequire(import.meta.url)
    return readFileSync(require.resolve('@modelcontextprotocol/ext-apps/app-with-deps'), 'utf8')
  } catch {
    return undefined
  }
}

function page(library: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>StudyPulse card</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;padding:12px;color:#1a1a2e;background:#fff}
main{max-width:640px}
h1{font-size:17px;margin:6px 0}
.level{display:inline-block;font-weight:700;font-size:12px;padding:2px 8px;border-radius:10px;background:#fde8e8;color:#8a1c1c}
.level[data-level=write]{background:#e8f0fe;color:#1a3d8a}
pre{background:#f6f7f9;padding:8px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;font-size:13px}
.del{color:#8a1c1c;text-decoration:line-through}
.ins{color:#14532d;font-weight:600}
.actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:10px}
button{font:inherit;padding:6px 14px;border-radius:6px;border:1px solid #3b4cca;background:#fff;color:#1f2d99;cursor:pointer}
button.allow{background:#3b4cca;color:#fff}
#status{margin-top:8px;font-weight:600}
</style>
</head>
<body>
<main>
<p id="loading">Reading the card…</p>
<section id="card" hidden aria-labelledby="headline">
<span class="level" id="level"></span>
<h1 id="headline"></h1>
<p id="preview"></p>
<div id="diff"></div>
<details><summary>Arguments</summary><pre id="args"></pre></details>
<div class="actions" role="group" aria-label="Your answer">
<button type="button" id="deny">Deny</button>
<button type="button" id="allow" class="allow">Allow once</button>
</div>
<p id="status" role="status" aria-live="polite"></p>
</section>
</main>
<script type="module">
${library}
const { App } = extApps
const app = new App({ name: 'StudyPulse card', version: '0.1.0' })
const $ = (id) => document.getElementById(id)
let card
const show = (text) => { $('status').textContent = text }
function visible(text) {
  return String(text).replace(/[\\p{Cc}\\p{Cf}]/gu, (ch) => ch === '\\n' || ch === '\\t' ? ch : '<U+' + ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0') + '>')
}
function drawDiff(diff) {
  const box = $('diff')
  box.replaceChildren()
  if (!diff) return
  const caption = document.createElement('p')
  caption.textContent = 'Line by line: ' + diff.added + ' added, ' + diff.removed + ' removed'
  const pre = document.createElement('pre')
  for (const hunk of diff.hunks) for (const line of hunk.lines) {
    const row = document.createElement(line.kind === 'added' ? 'ins' : line.kind === 'removed' ? 'del' : 'span')
    row.className = line.kind === 'added' ? 'ins' : line.kind === 'removed' ? 'del' : ''
    row.textContent = (line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '− ' : '  ') + visible(line.text) + '\\n'
    pre.append(row)
  }
  box.append(caption, pre)
}
function draw(found) {
  card = found
  $('loading').hidden = true
  $('card').hidden = false
  $('level').textContent = found.permission.toUpperCase()
  $('level').dataset.level = found.permission
  $('headline').textContent = visible(found.headline)
  $('preview').textContent = visible(found.preview)
  $('args').textContent = visible(found.argumentsJson)
  drawDiff(found.diff)
  $('deny').focus()
}
async function decide(decision) {
  for (const b of document.querySelectorAll('button')) b.disabled = true
  const answer = await app.callServerTool({ name: '${decideTool}', arguments: { confirmationId: card.confirmationId, digest: card.digest, decision } })
  show(answer.isError ? 'Not taken: ' + (answer.structuredContent?.error?.message ?? 'refused') : decision === 'allow' ? 'Allowed once.' : 'Denied.')
}
$('deny').onclick = () => decide('deny')
$('allow').onclick = () => decide('allow')
app.ontoolinput = async ({ arguments: args }) => {
  const tool = app.getHostContext()?.toolInfo?.tool?.name
  const found = await app.callServerTool({ name: '${cardTool}', arguments: { tool, arguments: args ?? {} } })
  if (found.isError) { $('loading').textContent = found.content?.[0]?.text ?? 'No card waits for this call.'; return }
  draw(found.structuredContent)
}
await app.connect()
</script>
</body>
</html>`
}
