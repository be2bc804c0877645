import { mcpToolName } from '../../tools/mcp/mcpToolName.ts'
import { maxOfferedTitle, offeredText } from './gatewayTools.ts'

/** The scheme of the URIs the gateway offers its servers' resources under (`studypulse://<server>/<uri>`). */
export const gatewayUriScheme = 'studypulse'

// Control, bidi and other invisible characters: a name or URI holding one is not offered.
const hidden = /[\p{Cc}\p{Cf}\u2028\u2029]/u

/** Whether `text` holds a control, bidi or other invisible character. */
export function holdsHidden(text: string): boolean {
  return hidden.test(text)
}

// The tool names the protocol recommends; a server's name outside them is offered prefixed.
const plainToolName = /^[A-Za-z0-9_.-]{1,128}$/

/**
 * How the gateway names what its servers offer. By default every name carries its server, so two
 * servers never offer the same one: tools and prompts `<server>__<name>`, resource names the
 * same, resource URIs and templates `studypulse://<server>/<the server's URI>`. With
 * `--pass-names` (one server only) each keeps the server's own name.
 */
export class GatewayNames {
  /** The one server whose names pass unchanged, or undefined when every name is prefixed. */
  readonly passFor: string | undefined

  constructor(passFor?: string) {
    this.passFor = passFor
  }

  /** A tool's name as offered: the registry's `<server>__<tool>`, or the server's own. */
  tool(registryName: string, upstreamName: string): string {
    return this.passFor !== undefined && plainToolName.test(upstreamName)
      ? upstreamName
      : registryName
  }

  /** A prompt's name as offered; undefined if the server's name holds invisible characters. */
  prompt(server: string, name: string): string | undefined {
    if (holdsHidden(name)) return undefined
    return this.passFor !== undefined ? name : mcpToolName(server, name)
  }

  /** A resource's (or template's) name as offered: shown visibly, bounded, prefixed. */
  label(server: string, name: string): string {
    const shown = this.passFor !== undefined ? name : `${server}__${name}`
    return offeredText(shown, maxOfferedTitle, 'mark')
  }

  /** A resource URI (or template) as offered; undefined if it holds invisible characters. */
  uri(server: string, uri: string): string | undefined {
    if (holdsHidden(uri)) return undefined
    return this.passFor !== undefined ? uri : `${gatewayUriScheme}://${server}/${uri}`
  }

  /** The server and its own URI behind an offered URI (or template), if it is one of ours. */
  parseUri(offered: string): { server: string; uri: string } | undefined {
    if (this.passFor !== undefined) return { server: this.passFor, uri: offered }
    const found = /^studypulse:\/\/([A-Za-z0-9][A-Za-z0-9_-]{0,31})\/(.+)$/s.exec(offered)
    if (found?.[1] === undefined || found[2] === undefined) return undefined
    return { server: found[1], uri: found[2] }
  }
}
