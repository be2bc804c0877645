import type { z } from 'zod'
import { chatMessagesOperation, chatOperation, chatStreamOperation } from './chatOperations.ts'
import { passkeyOperations, signatureRefusals } from './passkeys/passkeyOperations.ts'
import {
  CancelBody,
  ConfirmationBody,
  EditBody,
  InputBody,
  ProposeBody,
  RevokeBody,
  StartRunBody,
  TaskDoneBody,
  UndoBody,
} from './requestSchemas.ts'
import {
  ArtifactsAnswer,
  CardAnswer,
  CardFormAnswer,
  CommandAnswer,
  EditAnswer,
  InfoAnswer,
  McpServersAnswer,
  MeAnswer,
  MemoryAnswer,
  NotebooksAnswer,
  OpenApiAnswer,
  PoliciesAnswer,
  RunsAnswer,
  SourceAnswer,
  StartedRunAnswer,
  TaskDoneAnswer,
  TasksAnswer,
} from './responseSchemas.ts'

/** A refusal an operation can give: status, code, and when. */
export interface Refusal {
  status: number
  code: string
  when: string
}

/** One answer an operation gives on success. */
export interface Answer {
  description: string
  /** The JSON body; absent for the event stream. */
  schema?: z.ZodType
}

/** One route of the HTTP API as its reference describes it. */
export interface ApiOperation {
  id: string
  method: 'GET' | 'POST'
  /** The router's pattern, e.g. `/api/runs/:runId/input`. */
  path: string
  summary: string
  /** The JSON body the route reads, exactly the schema it validates with. */
  body?: z.ZodType
  query?: { name: string; description: string; required?: true; schema?: Record<string, unknown> }[]
  /** A stream's event names and what each one's data holds. */
  events?: Record<string, string>
  answers: Record<number, Answer>
  /** Refusals of this route, besides those every API request can get (`commonRefusals`). */
  refusals: Refusal[]
  /** The answer is `text/event-stream`. */
  stream?: true
}

/** Refusals every API request can get. */
export const commonRefusals: Refusal[] = [
  { status: 403, code: 'forbidden_host', when: 'Host is not 127.0.0.1 or localhost at this port' },
  { status: 403, code: 'invalid_token', when: 'the x-studypulse-token header is missing or wrong' },
  {
    status: 401,
    code: 'unauthenticated',
    when: 'hosted mode: no valid bearer token, or not through the signing-in proxy',
  },
  { status: 404, code: 'not_found', when: 'no API at this path' },
  { status: 405, code: 'method_not_allowed', when: 'the path exists for another method' },
  { status: 500, code: 'internal_error', when: 'the server failed; nothing was changed by it' },
]

/** Refusals every request with a body (every POST) can get. */
export const bodyRefusals: Refusal[] = [
  { status: 403, code: 'forbidden_origin', when: 'Origin is not the page nor an allowed origin' },
  { status: 415, code: 'unsupported_media_type', when: 'the body is not application/json' },
  { status: 413, code: 'body_too_large', when: 'the body is over 64 KiB' },
  { status: 400, code: 'invalid_json', when: 'the body is not JSON' },
  { status: 400, code: 'body_too_deep', when: 'the body nests deeper than 1,024 levels' },
  { status: 400, code: 'invalid_request', when: 'the body does not match the schema; says where' },
]

const runNotFound: Refusal = {
  status: 404,
  code: 'run_not_found',
  when: 'no run has this id (hosted mode: nor one of yours)',
}
const notYourRun: Refusal = {
  status: 403,
  code: 'not_your_run',
  when: 'hosted mode: a reviewer may decide the run, only its person may command it',
}
const stateConflict = (code: string): Refusal => ({
  status: 409,
  code,
  when: 'the command does not fit the run as it is now',
})
const corruptFile: Refusal = {
  status: 409,
  code: 'workspace_file_corrupt',
  when: 'the workspace file is damaged; `file` names it',
}
const commandAnswers: Record<number, Answer> = {
  200: { description: 'Done.', schema: CommandAnswer },
  202: {
    description: 'Queued: the node that owns the run applies it when it can.',
    schema: CommandAnswer,
  },
}
const read = (id: string, path: string, summary: string, schema: z.ZodType): ApiOperation => ({
  id,
  method: 'GET',
  path,
  summary,
  answers: { 200: { description: summary, schema } },
  refusals: [corruptFile],
})

/** Every route of the HTTP API (a test checks the server has exactly these). */
export const apiOperations: ApiOperation[] = [
  {
    id: 'listRuns',
    method: 'GET',
    path: '/api/runs',
    summary:
      "A page of the runs in the store, newest first: first message, start, state, pending card. In hosted mode only the signed-in person's own runs, from every node.",
    query: [
      {
        name: 'limit',
        description: 'Runs per page, 1 to 100 (default 20); refused when empty.',
        schema: { type: 'string', pattern: '^[0-9]{1,3}$' },
      },
      {
        name: 'cursor',
        description: 'The `nextCursor` of the page before; refused when empty.',
        schema: { type: 'string', pattern: '^[0-9]{1,15}$' },
      },
    ],
    answers: { 200: { description: 'The runs.', schema: RunsAnswer } },
    refusals: [
      { status: 400, code: 'invalid_request', when: 'the query is not a page size and a cursor' },
      { status: 400, code: 'invalid_cursor', when: 'no run list handed out this cursor' },
    ],
  },
  {
    id: 'startRun',
    method: 'POST',
    path: '/api/runs',
    summary: "Starts a run with the user's first message.",
    body: StartRunBody,
    answers: { 201: { description: 'The new run.', schema: StartedRunAnswer } },
    refusals: [
      { status: 400, code: 'unknown_notebook', when: 'no notebook has `notebookId`' },
      { status: 400, code: 'invalid_input', when: 'the runtime refuses the input' },
      { status: 429, code: 'too_many_runs', when: 'too many runs are open' },
    ],
  },
  {
    id: 'sendInput',
    method: 'POST',
    path: '/api/runs/:runId/input',
    summary: "The user's next message to a run waiting for input.",
    body: InputBody,
    answers: commandAnswers,
    refusals: [
      runNotFound,
      notYourRun,
      { status: 400, code: 'invalid_input', when: 'the runtime refuses the input' },
      stateConflict('not_awaiting_input'),
    ],
  },
  {
    id: 'undoChange',
    method: 'POST',
    path: '/api/runs/:runId/undo',
    summary:
      'Proposes taking back an executed workspace change (its `changeId`): an `undo_change` card follows in the run, decided like any card; nothing is undone before it is allowed.',
    body: UndoBody,
    answers: commandAnswers,
    refusals: [
      runNotFound,
      notYourRun,
      { status: 400, code: 'invalid_input', when: 'the change id is malformed' },
      stateConflict('not_awaiting_input'),
    ],
  },
  {
    id: 'proposeChange',
    method: 'POST',
    path: '/api/runs/:runId/propose',
    summary:
      "Proposes a change asked from the app's own buttons (a task's Edit, Move or Delete; a note's Edit or Delete): the call follows as a card in the run, decided like any card; nothing changes before it is allowed.",
    body: ProposeBody,
    answers: commandAnswers,
    refusals: [
      runNotFound,
      notYourRun,
      { status: 400, code: 'invalid_input', when: 'the tool is not a task or note change' },
      stateConflict('not_awaiting_input'),
    ],
  },
  {
    id: 'cancelRun',
    method: 'POST',
    path: '/api/runs/:runId/cancel',
    summary: 'Cancels a run.',
    body: CancelBody,
    answers: commandAnswers,
    refusals: [runNotFound, notYourRun, stateConflict('run_ended')],
  },
  {
    id: 'decide',
    method: 'POST',
    path: '/api/runs/:runId/confirmations',
    summary: "The user's decision on the pending card, optionally kept as a rule.",
    body: ConfirmationBody,
    answers: { 200: { description: 'Decided.', schema: CommandAnswer } },
    refusals: [
      runNotFound,
      {
        status: 400,
        code: 'invalid_decision',
        when: 'the decision or digest does not fit the card',
      },
      stateConflict('confirmation_not_found'),
      {
        status: 409,
        code: 'policy_not_allowed',
        when: 'the tool cannot have the rule asked for (hosted mode: only `run`)',
      },
      {
        status: 403,
        code: 'approver_not_allowed',
        when: "the host's approval rules do not let you decide this card; nothing changed",
      },
      ...signatureRefusals,
    ],
  },
  {
    id: 'cardReach',
    method: 'GET',
    path: '/api/runs/:runId/card',
    summary:
      "What the asker may do with the run's open card under the host's approval rules (allow, deny, and who may instead), and where to answer it when this server cannot.",
    answers: { 200: { description: 'The card’s decisions for the asker.', schema: CardAnswer } },
    refusals: [
      runNotFound,
      { status: 404, code: 'no_open_card', when: 'the run waits on no card' },
    ],
  },
  {
    id: 'cardForm',
    method: 'GET',
    path: '/api/runs/:runId/card/form',
    summary:
      "The JSON Schema of the open card's tool, so Edit can draw a form; the edit is checked against it again.",
    answers: { 200: { description: 'The card’s tool schema.', schema: CardFormAnswer } },
    refusals: [
      runNotFound,
      { status: 404, code: 'no_open_card', when: 'the run waits on no card' },
    ],
  },
  {
    id: 'editCall',
    method: 'POST',
    path: '/api/runs/:runId/edit',
    summary: 'New arguments for the pending call; the card is issued again with a new id.',
    body: EditBody,
    answers: {
      200: { description: 'The new card.', schema: EditAnswer },
      202: { description: 'Queued.', schema: EditAnswer },
    },
    refusals: [
      runNotFound,
      notYourRun,
      { status: 400, code: 'invalid_edit', when: 'the new arguments do not fit the tool' },
      stateConflict('confirmation_not_found'),
    ],
  },
  {
    id: 'followRun',
    method: 'GET',
    path: '/api/runs/:runId/events',
    summary:
      "A run's events as server-sent events: `agent` (one AgentEvent as JSON, `id` its seq) and `state` frames.",
    query: [
      { name: 'from', description: 'The first event seq to send (default 1).' },
      { name: 'token', description: 'The token, for EventSource, which cannot send headers.' },
    ],
    answers: { 200: { description: 'text/event-stream, open until the client leaves.' } },
    events: {
      agent: 'one AgentEvent as JSON; the frame’s `id` is its seq',
      state: '`{ value, status, pending, messages }`: the run as it stands, when that changed',
    },
    refusals: [
      runNotFound,
      { status: 429, code: 'too_many_streams', when: 'too many event streams are open' },
    ],
    stream: true,
  },
  {
    id: 'me',
    method: 'GET',
    path: '/api/me',
    summary: 'Who is signed in (hosted mode), as authentication says.',
    answers: { 200: { description: 'The signed-in person.', schema: MeAnswer } },
    refusals: [],
  },
  {
    id: 'listPolicies',
    method: 'GET',
    path: '/api/policies',
    summary: "The user's standing decisions, and what is wrong with policies.json.",
    answers: { 200: { description: 'The rules.', schema: PoliciesAnswer } },
    refusals: [],
  },
  {
    id: 'revokePolicy',
    method: 'POST',
    path: '/api/policies/:ruleId/revoke',
    summary: 'Revokes a standing decision.',
    body: RevokeBody,
    answers: { 200: { description: 'Revoked.', schema: CommandAnswer } },
    refusals: [{ status: 404, code: 'policy_not_found', when: 'no rule has this id' }],
  },
  read('info', '/api/info', 'The model, the workspace and the notebook.', InfoAnswer),
  read('tasks', '/api/workspace/tasks', 'The study tasks.', TasksAnswer),
  {
    id: 'setTaskDone',
    method: 'POST',
    path: '/api/workspace/tasks/:taskId/done',
    summary:
      "The person's own tick of a task's done box: a direct edit, no card (the click is the decision), written only while the task is at the `version` the page showed.",
    body: TaskDoneBody,
    answers: { 200: { description: 'Written.', schema: TaskDoneAnswer } },
    refusals: [
      { status: 404, code: 'task_not_found', when: 'no task has this id' },
      { status: 409, code: 'target_changed', when: 'the task changed since the page showed it' },
      corruptFile,
    ],
  },
  read('memory', '/api/workspace/memory', 'What the agent remembers.', MemoryAnswer),
  read('artifacts', '/api/workspace/artifacts', 'The saved artifacts.', ArtifactsAnswer),
  read('notebooks', '/api/workspace/notebooks', 'The notebooks.', NotebooksAnswer),
  {
    id: 'followChanges',
    method: 'GET',
    path: '/api/workspace/events',
    summary:
      "The live panel as server-sent events: `ready` (`{ watching }`), then `workspace` (`{ parts }`: tasks, memory, notes, notebooks) after each change by anyone, and `runs` (`{ runId, status }`) as runs here change state. In hosted mode: the person's workspace, and only runs they may read.",
    query: [
      { name: 'token', description: 'The token, for EventSource, which cannot send headers.' },
    ],
    answers: { 200: { description: 'text/event-stream, open until the client leaves.' } },
    events: {
      ready: '`{ watching }`: whether changes by others are followed',
      workspace: '`{ parts }`: which of tasks, memory, notes, notebooks changed',
      runs: '`{ runId, status }` of a run the asker may read',
    },
    refusals: [{ status: 429, code: 'too_many_streams', when: 'too many event streams are open' }],
    stream: true,
  },
  {
    id: 'source',
    method: 'GET',
    path: '/api/workspace/source',
    summary: "One source of a notebook, as text, for the reader (the read tools' scoping applies).",
    query: [
      {
        name: 'notebookId',
        description: 'The notebook whose sources may be read.',
        required: true,
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      },
      {
        name: 'path',
        description: 'The source, relative to `sources/`.',
        required: true,
        schema: { type: 'string', minLength: 1, maxLength: 500 },
      },
    ],
    answers: { 200: { description: 'The source.', schema: SourceAnswer } },
    refusals: [
      { status: 400, code: 'invalid_request', when: 'a parameter is missing, repeated or unknown' },
      {
        status: 403,
        code: 'source_not_allowed',
        when: "the source is not one of the notebook's, or no notebook has `notebookId`",
      },
      { status: 404, code: 'source_not_found', when: 'the source does not exist' },
      { status: 422, code: 'source_too_large', when: 'the source is too large to show' },
    ],
  },
  {
    id: 'mcpServers',
    method: 'GET',
    path: '/api/mcp/servers',
    summary: 'The MCP servers, their tools, levels and where each level came from.',
    answers: { 200: { description: 'The servers.', schema: McpServersAnswer } },
    refusals: [],
  },
  {
    id: 'openApi',
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This reference as an OpenAPI 3.1 document.',
    answers: { 200: { description: 'The document.', schema: OpenApiAnswer } },
    refusals: [],
  },
  chatOperation,
  chatMessagesOperation,
  chatStreamOperation,
  ...passkeyOperations,
]
