import type {
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  ServerNotification,
} from '@modelcontextprotocol/server'
import type { McpTools } from '../../tools/mcp/createMcpTools.ts'
import type { McpNotice, McpReadAnswer, McpReadMethod } from '../../tools/mcp/mcpReads.ts'
import { type GatewayNames, holdsHidden } from './gatewayNames.ts'
import { GatewaySubscriptions } from './gatewaySubscriptions.ts'
import { maxOfferedDescription, maxOfferedTitle, offeredText } from './gatewayTools.ts'

/** The most pages of one list read from one server (a server paging forever is cut there). */
const maxPages = 50

// JSON-RPC's "invalid params": what a name or URI no server offers is answered with.
const invalidParams = -32602

type Item = Record<string, unknown>

/**
 * The fronted servers' resources, resource templates, prompts and completions as the gateway
 * offers them, all reads passed straight through under the gateway's names (`GatewayNames`),
 * their words shown visibly and bounded as tools' are; and their log lines and list changes.
 */
export class GatewayCatalog {
  readonly #mcp: McpTools
  readonly #names: GatewayNames
  /** Which client sessions subscribed to which resources' updates. */
  readonly subscriptions: GatewaySubscriptions
  // Each offered prompt name, and the server and name behind it, as last listed.
  #prompts = new Map<string, { server: string; name: string }>()

  constructor(mcp: McpTools, names: GatewayNames) {
    this.#mcp = mcp
    this.#names = names
    this.subscriptions = new GatewaySubscriptions(mcp, names)
    mcp.onNotice((_server, notice) => {
      if (notice.method === 'notifications/prompts/list_changed') this.#prompts.clear()
    })
  }

  /** `resources/list`: every server's resources, one page. */
  async listResources(signal: AbortSignal): Promise<{ resources: Resource[] }> {
    const resources = await this.#collect('resources/list', 'resources', signal, (server, item) =>
      this.#resource(server, item, 'uri'),
    )
    return { resources: resources as Resource[] }
  }

  /** `resources/templates/list`: every server's resource templates, one page. */
  async listResourceTemplates(
    signal: AbortSignal,
  ): Promise<{ resourceTemplates: ResourceTemplate[] }> {
    const found = await this.#collect(
      'resources/templates/list',
      'resourceTemplates',
      signal,
      (server, item) => this.#resource(server, item, 'uriTemplate'),
    )
    return { resourceTemplates: found as ResourceTemplate[] }
  }

  /** `resources/read` of an offered URI, from its server; the contents name offered URIs. */
  async readResource(uri: string, signal: AbortSignal): Promise<McpReadAnswer> {
    const target = this.#names.parseUri(uri)
    if (target === undefined) return unknown(`no resource ${uri} is offered`)
    const answer = await this.#mcp.read(
      target.server,
      'resources/read',
      { uri: target.uri },
      signal,
    )
    if (!answer.ok) return answer
    const contents = (answer.result.contents as Item[] | undefined) ?? []
    return {
      ok: true,
      result: { ...answer.result, contents: contents.map((c) => this.#reUri(target.server, c)) },
    }
  }

  /** `prompts/list`: every server's prompts, one page. */
  async listPrompts(signal: AbortSignal): Promise<{ prompts: Prompt[] }> {
    const table = new Map<string, { server: string; name: string }>()
    const prompts = await this.#collect('prompts/list', 'prompts', signal, (server, item) => {
      const offered = this.#names.prompt(server, String(item.name))
      // A name taken by another server's prompt (or invisible characters in it): left out.
      if (offered === undefined || table.has(offered)) return undefined
      table.set(offered, { server, name: String(item.name) })
      return this.#prompt(offered, item)
    })
    this.#prompts = table
    return { prompts: prompts as Prompt[] }
  }

  /** `prompts/get` of an offered prompt, from its server. */
  async getPrompt(
    name: string,
    args: Record<string, string> | undefined,
    signal: AbortSignal,
  ): Promise<McpReadAnswer> {
    const target = await this.#promptNamed(name, signal)
    if (target === undefined) return unknown(`no prompt named ${JSON.stringify(name)} is offered`)
    const params = { name: target.name, ...(args !== undefined && { arguments: args }) }
    const answer = await this.#mcp.read(target.server, 'prompts/get', params, signal)
    if (!answer.ok) return answer
    const { description, messages } = answer.result as { description?: unknown; messages?: Item[] }
    return {
      ok: true,
      result: {
        ...answer.result,
        ...(typeof description === 'string' && {
          description: offeredText(description, maxOfferedDescription, 'keep'),
        }),
        messages: (messages ?? []).map((m) => ({
          ...m,
          content: this.#reUri(target.server, (m.content ?? {}) as Item),
        })),
      },
    }
  }

  /** `completion/complete` for an offered prompt or resource template, from its server. */
  async complete(params: Item, signal: AbortSignal): Promise<McpReadAnswer> {
    const ref = (params.ref ?? {}) as Item
    let server: string
    let upstreamRef: Item
    if (ref.type === 'ref/prompt') {
      const target = await this.#promptNamed(String(ref.name), signal)
      if (target === undefined) return unknown(`no prompt named ${JSON.stringify(ref.name)}`)
      server = target.server
      upstreamRef = { ...ref, name: target.name }
    } else {
      const target = this.#names.parseUri(String(ref.uri))
      if (target === undefined) return unknown(`no resource template ${String(ref.uri)}`)
      server = target.server
      upstreamRef = { ...ref, uri: target.uri }
    }
    return this.#mcp.read(server, 'completion/complete', { ...params, ref: upstreamRef }, signal)
  }

  /**
   * Calls `listener` with each notification a server sent, as the gateway passes it on: a log
   * line names its server as its logger; a list change is the gateway's list changing; an update
   * names the offered URI (pass it only to the sessions `subscriptions` says want it).
   */
  onNotification(listener: (notification: ServerNotification) => void): () => void {
    return this.#mcp.onNotice((server, notice) => listener(this.#passed(server, notice)))
  }

  #passed(server: string, notice: McpNotice): ServerNotification {
    if (notice.method === 'notifications/resources/updated') {
      const uri = this.#names.uri(server, notice.params.uri) ?? notice.params.uri
      return { method: notice.method, params: { uri } }
    }
    if (notice.method !== 'notifications/message') return notice
    const { logger, ...rest } = notice.params
    const named =
      this.#names.passFor !== undefined ? logger : `${server}${logger ? `/${logger}` : ''}`
    return {
      method: notice.method,
      params: {
        ...rest,
        ...(named !== undefined && { logger: offeredText(named, maxOfferedTitle, 'mark') }),
      },
    }
  }

  async #promptNamed(name: string, signal: AbortSignal) {
    if (!this.#prompts.has(name)) await this.listPrompts(signal)
    return this.#prompts.get(name)
  }

  // Every server's items of one list, each page read, each item offered (or left out).
  async #collect(
    method: McpReadMethod,
    key: string,
    signal: AbortSignal,
    offer: (server: string, item: Item) => Item | undefined,
  ): Promise<Item[]> {
    const servers = this.#mcp.servers().map((status) => status.name)
    const lists = await Promise.all(
      servers.map(async (server) => {
        const items: Item[] = []
        let cursor: string | undefined
        for (let page = 0; page < maxPages; page += 1) {
          const params = cursor === undefined ? {} : { cursor }
          const answer = await this.#mcp.read(server, method, params, signal)
          // A server that offers none (or failed now) adds nothing; the others still list.
          if (!answer.ok) break
          for (const item of (answer.result[key] as Item[] | undefined) ?? []) {
            const offered = offer(server, item)
            if (offered !== undefined) items.push(offered)
          }
          cursor = answer.result.nextCursor as string | undefined
          if (cursor === undefined) break
        }
        return items
      }),
    )
    return lists.flat()
  }

  #resource(server: string, item: Item, key: 'uri' | 'uriTemplate'): Item | undefined {
    const uri = this.#names.uri(server, String(item[key]))
    if (uri === undefined) return undefined
    return {
      ...item,
      [key]: uri,
      ...this.#words(item),
      name: this.#names.label(server, String(item.name)),
    }
  }

  #prompt(name: string, item: Item): Item | undefined {
    const args = (item.arguments as Item[] | undefined) ?? []
    // An argument's name goes back to the server as it is: one with invisible characters is no
    // name a person can read, so the prompt is left out.
    if (args.some((arg) => holdsHidden(String(arg.name)))) return undefined
    return {
      ...item,
      name,
      ...this.#words(item),
      ...(item.arguments !== undefined && {
        arguments: args.map((arg) => ({ ...arg, ...this.#words(arg) })),
      }),
    }
  }

  // A server's title and description as offered: visible, bounded, the cut marked.
  #words(item: Item): Item {
    const { title, description } = item
    return {
      ...(typeof title === 'string' && { title: offeredText(title, maxOfferedTitle, 'mark') }),
      ...(typeof description === 'string' && {
        description: offeredText(description, maxOfferedDescription, 'keep'),
      }),
    }
  }

  // A content item or resource contents naming a server's URI, naming the offered one instead.
  #reUri(server: string, item: Item): Item {
    if (typeof item.uri === 'string')
      return { ...item, uri: this.#names.uri(server, item.uri) ?? item.uri }
    const inner = item.resource as Item | undefined
    if (inner !== undefined && typeof inner.uri === 'string') {
      return { ...item, resource: this.#reUri(server, inner) }
    }
    return item
  }
}

function unknown(message: string): McpReadAnswer {
  return { ok: false, code: invalidParams, message }
}
