import { z } from 'zod'
import { PolicyRuleSchema } from '../../workspace/policyRule.ts'
import {
  ArtifactSchema,
  MemoryEntrySchema,
  NotebookSchema,
  TaskSchema,
} from '../../workspace/schemas.ts'

// What the API answers, for its reference (`/api/openapi.json`, the docs site's HTTP page); a test checks each
// answer the server gives against these.

/** Every refusal: `{ error: { code, message, file? } }`. */
export const ErrorAnswer = z.strictObject({
  error: z.strictObject({
    code: z.string().describe('A stable snake_case code, e.g. `invalid_token`.'),
    message: z.string(),
    file: z.string().optional().describe('The workspace file to blame, when one is.'),
  }),
})

/** A command done, or `queued` (202) when the node that owns the run has not applied it yet. */
export const CommandAnswer = z.strictObject({
  ok: z.literal(true),
  queued: z.literal(true).optional(),
})

/** `GET /api/runs`: one page of the run list, newest first. */
export const RunsAnswer = z.strictObject({
  runs: z.array(
    z.strictObject({
      runId: z.string(),
      title: z.string().describe("The run's first message, on one line."),
      startedAt: z.string().describe('When the run started (ISO-8601).'),
      owner: z
        .string()
        .optional()
        .describe('Who started the run (their sign-in id), when the host knows.'),
      status: z.string().describe('The run state, e.g. `awaitingConfirmation`.'),
      pending: z.boolean().describe('Whether a confirmation card waits for a decision.'),
    }),
  ),
  nextCursor: z
    .string()
    .optional()
    .describe('Pass it as `cursor` for the next, older page; absent on the last page.'),
})

/** `GET /api/me`. */
export const MeAnswer = z.union([
  z.strictObject({ signedIn: z.literal(false) }),
  z.strictObject({
    signedIn: z.literal(true),
    id: z.string(),
    name: z.string().optional(),
    groups: z.array(z.string()),
    reviewer: z.boolean().describe("Whether the host's approval rules name them an approver."),
    approvals: z
      .array(
        z.strictObject({
          tool: z.string(),
          permission: z.enum(['write', 'destructive', 'execute']),
          mayApprove: z.boolean(),
          quorum: z.number().int().min(1),
          fourEyes: z.boolean(),
          needs: z.string().optional().describe('Who may approve instead, when they may not.'),
        }),
      )
      .describe(
        'Each tool an approval rule covers, and what the rules let them do with its cards.',
      ),
  }),
])

const DecisionReach = z.union([
  z.strictObject({ may: z.literal(true) }),
  z.strictObject({ may: z.literal(false), why: z.string().describe('Who may instead, and why.') }),
])

/** `GET /api/runs/:runId/card`. */
export const CardAnswer = z.strictObject({
  confirmationId: z.string(),
  allow: DecisionReach,
  deny: DecisionReach,
  elsewhere: z
    .string()
    .optional()
    .describe(
      'Set when another process holds the run and this server cannot decide it: where to answer it.',
    ),
})

/** `GET /api/runs/:runId/card/form`. */
export const CardFormAnswer = z.strictObject({
  confirmationId: z.string(),
  schema: z
    .record(z.string(), z.unknown())
    .describe("The JSON Schema of the card's tool: the arguments an edit may propose."),
})

/** `POST /api/runs`. */
export const StartedRunAnswer = z.strictObject({ runId: z.string() })

/** `POST /api/runs/:runId/edit`: the new card's id, unless queued. */
export const EditAnswer = z.strictObject({
  ok: z.literal(true),
  confirmationId: z.string().optional(),
  queued: z.literal(true).optional(),
})

/** `GET /api/policies`: the rules in force, and what is wrong with the rules file. */
export const PoliciesAnswer = z.strictObject({
  rules: z.array(PolicyRuleSchema.extend({ description: z.string() })),
  invalid: z.array(z.strictObject({ rule: z.unknown(), reason: z.string() })),
  corrupt: z.strictObject({ file: z.string(), message: z.string() }).optional(),
})

/** `GET /api/info`. */
export const InfoAnswer = z.strictObject({
  model: z.string(),
  workspace: z.string(),
  notebook: z.strictObject({ id: z.string(), title: z.string() }).optional(),
})

/** `GET /api/workspace/tasks`. */
export const TasksAnswer = z.strictObject({ tasks: z.array(TaskSchema) })
/** `POST /api/workspace/tasks/:taskId/done`: the task as written, and its new version. */
export const TaskDoneAnswer = z.strictObject({ task: TaskSchema, version: z.string() })
/** `GET /api/workspace/memory`. */
export const MemoryAnswer = z.strictObject({ memory: z.array(MemoryEntrySchema) })
/** `GET /api/workspace/artifacts`. */
export const ArtifactsAnswer = z.strictObject({ artifacts: z.array(ArtifactSchema) })
/** `GET /api/workspace/source`: one source of a notebook, as text, for the reader. */
export const SourceAnswer = z.strictObject({ path: z.string(), content: z.string() })
/** `GET /api/workspace/notebooks`. */
export const NotebooksAnswer = z.strictObject({ notebooks: z.array(NotebookSchema) })

const permission = z.enum(['read', 'write', 'destructive', 'execute'])

/** `GET /api/mcp/servers`. */
export const McpServersAnswer = z.strictObject({
  servers: z.array(
    z.strictObject({
      name: z.string(),
      transport: z.enum(['stdio', 'http']),
      trusted: z.boolean(),
      state: z.enum(['starting', 'connected', 'stopped', 'failed', 'closed']),
      error: z.string().optional(),
      tools: z.array(
        z.strictObject({
          name: z.string(),
          mcpName: z.string(),
          permission,
          origin: z.strictObject({
            source: z.enum(['host', 'trusted_annotation', 'untrusted_default']),
            text: z.string(),
          }),
        }),
      ),
      skipped: z.array(z.strictObject({ mcpName: z.string(), reason: z.string() })),
    }),
  ),
})

/** `GET /api/openapi.json`: an OpenAPI 3.1 document. */
export const OpenApiAnswer = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.unknown()),
})
