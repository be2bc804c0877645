import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
}

/** A test page folder built by vite and served on a free local port; `close` removes both. */
export interface ServedPage {
  readonly url: string
  close(): Promise<void>
}

/** Builds the page in `root` (an index.html and its React entry) into a temporary folder and serves it. */
export async function servePageFolder(root: string): Promise<ServedPage> {
  const outDir = await mkdtemp(join(tmpdir(), 'studypulse-page-'))
  const { build } = await import('vite')
  const react = (await import('@vitejs/plugin-react')).default
  await build({
    configFile: false,
    root,
    base: '/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  })
  const server = createServer(async (req, res) => {
    const path = normalize(join(outDir, new URL(req.url ?? '/', 'http://x').pathname))
    const file = path.startsWith(outDir) && extname(path) !== '' ? path : join(outDir, 'index.html')
    try {
      const body = await readFile(file)
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    url: `http://127.0.0.1:${address.port}/`,
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
