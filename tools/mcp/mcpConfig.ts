import { z } from 'zod'

/** A server's name in `mcp.json`: it prefixes its tools' names, so it keeps to the model's name pattern. */
export const mcpServerNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'use 1–32 letters, digits, "_" or "-"')

const permissionLevel = z.enum(['read', 'write', 'destructive', 'execute'])

// What every server entry may say, whatever its transport.
const common = {
  /** Only a trusted server's annotations (`readOnlyHint`, `destructiveHint`) are believed. */
  trusted: z.boolean().default(false),
  /** The host's own level per tool (by the server's tool name); it always wins. */
  tools: z.record(z.string(), permissionLevel).default({}),
  /** How long one tool call may take before the server is stopped (default 30 s). */
  timeoutMs: z.number().int().positive().max(3_600_000).optional(),
  /**
   * How long the server may take to start and list its tools (default 20 s); one that takes
   * longer is stopped and tried again later. Older files without it keep the default.
   */
  startTimeoutMs: z.number().int().positive().max(3_600_000).optional(),
}

/** A server the app starts as a child process and talks to over stdin/stdout. */
export const mcpStdioServerSchema = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  /** Working folder of the process; relative to the folder of `mcp.json` (default: that folder). */
  cwd: z.string().optional(),
  ...common,
})

/** A server reached over Streamable HTTP. */
export const mcpHttpServerSchema = z.strictObject({
  // Whatever the URL holds is shown in statuses and logs: credentials go in `headers`.
  url: z.url({ protocol: /^https?$/ }).refine((url) => !/^[a-z]+:\/\/[^/?#]*@/i.test(url), {
    message:
      'a URL may not hold credentials (user:password@): send them in "headers" (e.g. "Authorization": "Bearer …"), or give a stdio server its secret in "env"',
  }),
  headers: z.record(z.string(), z.string()).default({}),
  ...common,
})

type ServerInput = z.input<typeof mcpStdioServerSchema> | z.input<typeof mcpHttpServerSchema>
type ServerOutput = z.output<typeof mcpStdioServerSchema> | z.output<typeof mcpHttpServerSchema>

// An entry with `url` is an HTTP server, any other a stdio one; checked against that schema alone
// so a mistake is named precisely (a plain union would only say "Invalid input").
const mcpServerSchema = z.unknown().transform((value, ctx): ServerOutput => {
  const http = value !== null && typeof value === 'object' && 'url' in value
  const parsed = (http ? mcpHttpServerSchema : mcpStdioServerSchema).safeParse(value)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  }
  return z.NEVER
})

/** The `mcp.json` file: which MCP servers the app connects to, and what the host decides about them. */
export const mcpConfigSchema = z.strictObject({
  version: z.literal(1),
  servers: z.record(mcpServerNameSchema, mcpServerSchema),
})

/** A parsed `mcp.json`. */
export type McpConfig = z.output<typeof mcpConfigSchema>
/** What `mcp.json` may hold before defaults are filled in. */
export interface McpConfigInput {
  version: 1
  servers: Record<string, ServerInput>
}
/** One server entry of a parsed `mcp.json`. */
export type McpServerConfig = McpConfig['servers'][string]
/** A stdio server entry. */
export type McpStdioServerConfig = z.output<typeof mcpStdioServerSchema>
