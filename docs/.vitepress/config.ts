import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type DefaultTheme, defineConfig } from 'vitepress'

// TypeDoc writes the library reference and its sidebar before VitePress runs (npm run docs).
const librarySidebarFile = fileURLToPath(
  new URL('../reference/library/typedoc-sidebar.json', import.meta.url),
)
const librarySidebar: DefaultTheme.SidebarItem[] = existsSync(librarySidebarFile)
  ? JSON.parse(readFileSync(librarySidebarFile, 'utf8'))
  : []

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Start',
    items: [
      { text: 'Getting started', link: '/guide/getting-started' },
      { text: 'The web app', link: '/guide/app' },
      { text: 'Security model', link: '/guide/security' },
    ],
  },
  {
    text: 'The library',
    items: [
      { text: 'Install', link: '/guide/library' },
      { text: 'How it works: tools and levels', link: '/guide/tools' },
      { text: 'Undo', link: '/guide/undo' },
      { text: 'Use the runtime', link: '/guide/runtime' },
      { text: 'Embed it in React', link: '/guide/react' },
      { text: 'The app server in your app', link: '/guide/server' },
      { text: 'Models', link: '/guide/models' },
      { text: 'The offline planner', link: '/guide/planner' },
      { text: 'MCP servers', link: '/guide/mcp' },
      { text: 'Put StudyPulse in front of MCP servers', link: '/guide/gateway' },
      { text: 'run_code', link: '/guide/run-code' },
    ],
  },
  {
    text: 'Running it',
    items: [
      { text: 'Durable approvals', link: '/guide/durability' },
      { text: 'Several nodes', link: '/guide/several-nodes' },
      { text: 'PostgreSQL in code', link: '/postgres' },
      { text: 'Hosting for a team', link: '/guide/hosting' },
      { text: 'Signed approvals', link: '/guide/signed-approvals' },
      { text: 'Traces', link: '/guide/traces' },
    ],
  },
  {
    text: 'Evidence',
    items: [
      { text: 'What is proven', link: '/guide/proofs' },
      { text: 'What every face promises', link: '/guide/conformance' },
      { text: 'Performance', link: '/guide/performance' },
      { text: 'Scripts and layout', link: '/guide/project' },
    ],
  },
]

export default defineConfig({
  title: 'StudyPulse Agent',
  description: "A TypeScript runtime for AI agents whose tool calls need a person's consent.",
  cleanUrls: true,
  // docs/incoming/ (text waiting to be folded into the guides) is never a page of the site.
  srcExclude: ['node_modules/**', 'incoming/**'],
  // Guides link to repository files (test/…, bench/…) that are not pages of the site.
  ignoreDeadLinks: [/^\.\.\/\.\.\//, /^\.\/(test|bench|app|store|machines)\//],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'HTTP API', link: '/reference/http' },
      { text: 'Library reference', link: '/reference/library/' },
    ],
    sidebar: {
      '/guide/': guide,
      '/postgres': guide,
      '/reference/http': [
        { text: 'HTTP API', items: [{ text: 'Routes', link: '/reference/http' }] },
      ],
      '/reference/library/': [{ text: 'Library reference', items: librarySidebar }],
    },
    search: { provider: 'local' },
    outline: [2, 3],
  },
})
