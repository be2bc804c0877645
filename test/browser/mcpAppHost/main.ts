// A minimal MCP Apps host, as a chat client is one: it draws an app's HTML in a sandboxed frame
// and connects it through ext-apps' AppBridge; the app's tool calls go to the test (in Node),
// which forwards them to the gateway over a real MCP client.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'

declare global {
  interface Window {
    /** The test's MCP client: calls a gateway tool for the app. */
    gatewayCall(params: unknown): Promise<never>
    /** Draws the app `html` for a call of `tool` with `args`. */
    showApp(html: string, tool: object, args: Record<string, unknown>): Promise<void>
  }
}

window.showApp = async (html, tool, args) => {
  const frame = document.createElement('iframe')
  frame.title = 'StudyPulse card'
  frame.setAttribute('sandbox', 'allow-scripts')
  frame.style.width = '720px'
  frame.style.height = '640px'
  frame.style.border = '1px solid #ccc'
  document.getElementById('apps')?.append(frame)
  const view = frame.contentWindow as Window
  const bridge = new AppBridge(
    null,
    { name: 'test-host', version: '1.0.0' },
    { serverTools: {} },
    { hostContext: { toolInfo: { tool: tool as never } } },
  )
  bridge.oncalltool = (params) => window.gatewayCall(params)
  bridge.oninitialized = () => {
    void bridge.sendToolInput({ arguments: args })
  }
  // Listening before the app loads: its first message is its initialize request.
  await bridge.connect(new PostMessageTransport(view, view))
  frame.srcdoc = html
}
