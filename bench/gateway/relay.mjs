// The floor of any proxy: a process that only moves bytes between a client and the upstream,
// with no MCP in between. Over stdio it spawns the upstream and pipes both ways; with `--http
// <url>` it forwards each HTTP request to that URL and the answer back (one kept-alive agent),
// printing its own URL. What the gateway costs beyond this is the gateway's own.
import { spawn } from 'node:child_process'
import { Agent, createServer, request } from 'node:http'

const at = process.argv.indexOf('--http')
if (at < 0) {
  const upstream = spawn(process.execPath, [process.argv[2]], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  process.stdin.pipe(upstream.stdin)
  upstream.stdout.pipe(process.stdout)
  process.stdin.on('end', () => upstream.kill())
} else {
  const target = new URL(process.argv[at + 1])
  const agent = new Agent({ keepAlive: true })
  const server = createServer((req, res) => {
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${server.address().port}/mcp\n`)
  })
}
