/**
 * MCP elicitation (form mode): a server asks the user for input while it
 * works. Each question becomes an `mcp-elicitation` event for the page (the
 * element shows it as a card with the form) and waits for
 * `agent.mcp.answerElicitation(id, answer)`. It ends as soon as it is
 * answered, when the server gives up (its request's signal), or after
 * `WAIT_MS` unanswered; each end is an `mcp-elicitation-end` event, so a card
 * never outlives its question.
 *
 * The spec allows flat forms only (string, number, integer, boolean, string
 * enums). A field of another shape is left out when it is optional (its
 * default, if any, is applied by the client package); a required one makes
 * the question unanswerable here, so it is declined at once.
 */
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/client';
import type { AgentEvent } from '../../agent-events.js';
import type { McpElicitation, McpElicitationAnswer, McpElicitationField } from '../../mcp-types.js';

/** How long a question waits for the user before it is cancelled. */
const WAIT_MS = 5 * 60_000;

interface Pending {
  request: McpElicitation;
  settle(result: ElicitResult): void;
}

export class McpElicitations {
  readonly #emit: (event: AgentEvent) => void;
  readonly #pending = new Map<string, Pending>();
  #next = 0;

  constructor(emit: (event: AgentEvent) => void) {
    this.#emit = emit;
  }

  /** Asks the user on behalf of `server`; resolves with their answer (or `cancel`). */
  ask(server: string, params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult> {
    const form = formOf(params.requestedSchema);
    if (!form) return Promise.resolve({ action: 'decline' });
    const id = `elicit-${++this.#next}`;
    const request: McpElicitation = { id, server, message: params.message, ...form };
    return new Promise<ElicitResult>((resolve) => {
      const end = (result: ElicitResult) => {
        if (!this.#pending.delete(id)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', cancel);
        this.#emit({ type: 'mcp-elicitation-end', id, action: result.action });
        resolve(result);
      };
      const cancel = () => end({ action: 'cancel' });
      const timer = setTimeout(cancel, WAIT_MS);
      signal.addEventListener('abort', cancel);
      this.#pending.set(id, { request, settle: end });
      this.#emit({ type: 'mcp-elicitation', request });
      if (signal.aborted) cancel();
    });
  }

  /** The user's answer to question `id`; a bad `content` is refused (the question stays open). */
  answer(id: string, answer: McpElicitationAnswer): void {
    const pending = this.#pending.get(id);
    if (!pending) throw new Error(`No MCP question "${id}" is waiting: it was answered already, or the server gave up.`);
    if (answer.action !== 'accept') return pending.settle({ action: answer.action });
    pending.settle({ action: 'accept', content: checked(pending.request, answer.content ?? {}) });
  }

  /** Cancels every open question (the agent is closing). */
  cancelAll(): void {
    for (const pending of [...this.#pending.values()]) pending.settle({ action: 'cancel' });
  }
}

type Schema = ElicitRequestFormParams['requestedSchema'];

/** The form the element can show, or undefined when a required field has a shape it cannot. */
function formOf(schema: Schema): Pick<McpElicitation, 'fields' | 'required'> | undefined {
  const required = schema.required ?? [];
  const fields: Record<string, McpElicitationField> = {};
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const field = fieldOf(raw as Record<string, unknown>);
    if (field) fields[name] = field;
    else if (required.includes(name)) return undefined;
  }
  return { fields, required: required.filter((name) => name in fields) };
}

function fieldOf(p: Record<string, unknown>): McpElicitationField | undefined {
  const type = p.type;
  if (type !== 'string' && type !== 'number' && type !== 'integer' && type !== 'boolean') return undefined;
  const field: McpElicitationField = { type };
  for (const key of ['title', 'description', 'format'] as const) if (typeof p[key] === 'string') field[key] = p[key] as string;
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength'] as const) if (typeof p[key] === 'number') field[key] = p[key] as number;
  if (['string', 'number', 'boolean'].includes(typeof p.default)) field.default = p.default as string | number | boolean;
  const oneOf = Array.isArray(p.oneOf) ? (p.oneOf as { const?: unknown; title?: unknown }[]) : undefined;
  if (Array.isArray(p.enum) && p.enum.every((v) => typeof v === 'string')) {
    field.enum = p.enum as string[];
    if (Array.isArray(p.enumNames) && p.enumNames.length === field.enum.length) field.enumNames = (p.enumNames as unknown[]).map(String);
  } else if (oneOf?.every((o) => typeof o.const === 'string')) {
    field.enum = oneOf.map((o) => o.const as string);
    field.enumNames = oneOf.map((o) => (typeof o.title === 'string' ? o.title : (o.const as string)));
  }
  return field;
}

/** `content` checked against the form: known fields, right types, enum members, required ones present (or defaulted). */
function checked(request: McpElicitation, content: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(content)) {
    const field = request.fields[name];
    if (!field) throw new TypeError(`The MCP question has no field "${name}" (its fields: ${Object.keys(request.fields).join(', ') || 'none'}).`);
    const ok =
      field.type === 'boolean' ? typeof value === 'boolean'
      : field.type === 'string' ? typeof value === 'string' && (!field.enum || field.enum.includes(value))
      : typeof value === 'number' && Number.isFinite(value) && (field.type === 'number' || Number.isInteger(value));
    if (!ok) throw new TypeError(`Field "${name}" of the MCP question needs ${field.enum ? `one of ${field.enum.join(', ')}` : `a ${field.type}`}, not ${JSON.stringify(value)}.`);
    out[name] = value as string | number | boolean;
  }
  const missing = request.required.filter((name) => !(name in out) && request.fields[name]?.default === undefined);
  if (missing.length) throw new TypeError(`The MCP question needs ${missing.map((n) => `"${n}"`).join(', ')} to be accepted.`);
  return out;
}
