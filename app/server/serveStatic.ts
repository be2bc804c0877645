import { readFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { HttpError } from './HttpError.ts'
import { securityHeaders } from './sendJson.ts'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
}

/** The placeholder in the built `index.html` that the server replaces with the launch token. */
export const tokenPlaceholder = '__STUDYPULSE_TOKEN__'

/** Serves the built page from `distDir`; `index.html` gets the per-launch token injected. */
export async function serveStatic(
  res: ServerResponse,
  distDir: string,
  pathname: string,
  token: string,
  headOnly = false,
): Promise<void> {
  const root = resolve(distDir)
  const relative = pathname === '/' ? 'index.html' : decodeSafe(pathname.slice(1))
  const file = resolve(join(root, relative))
  if (!file.startsWith(root + sep) || relative.includes('\0'))
    throw new HttpError(404, 'not_found', 'no such file')
  let body: Buffer
  try {
    body = await readFile(file)
  } catch {
    throw new HttpError(404, 'not_found', 'no such file')
  }
  const isIndex = file === join(root, 'index.html')
  if (isIndex) body = Buffer.from(body.toString('utf8').replaceAll(tokenPlaceholder, token))
  res.writeHead(200, {
    ...securityHeaders,
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'content-length': body.length,
    // Hashed assets never change; the page carries the token and must not be cached.
    'cache-control': isIndex ? 'no-store' : 'public, max-age=31536000, immutable',
  })
  res.end(headOnly ? undefined : body)
}

function decodeSafe(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    throw new HttpError(404, 'not_found', 'no such file')
  }
}
