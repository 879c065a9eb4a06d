/**
 * MCP elicitation (form mode): a server asks the user for input while it
 * works. Each question becomes an `mcp-elicitation` event for the page (the
 * element shows it as a card with the form) and waits for
 * `agent.mcp.answerElicitation(id, answer)`. It ends as soon as it is
 * answered, when the server gives up (its request's signal), or after
 * `WAIT_MS` unanswered; each end is an `mcp-elicitation-end` event, so a card
 * never outlives its question.
 *
 * Invariant: what an accepted answer sends is exactly what the user was
 * shown. Every field type of the spec's `PrimitiveSchemaDefinition` is turned
 * into a field the element draws (string with its formats, number, integer,
 * boolean, single and multiple choice, titled or not); a question with a field
 * no form can show as asked (a shape outside the spec, a choice with no
 * choices, bounds nothing meets, a required name with no field) is declined at
 * once, with the reason in the result's `_meta["pageloop/reason"]` for the
 * server and an `mcp-elicitation-declined` event for the user. A form outside
 * the spec is refused by the client package itself, with an error the server
 * receives (eliciting-client.ts); the user is told as well. An answer that
 * leaves a field out gets its default from the client package (SEP-1034,
 * `applyDefaults`); the element never leaves out a field that has one.
 */
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/client';
import type { AgentEvent } from '../../agent-events.js';
import type { McpElicitation, McpElicitationAnswer, McpElicitationField } from '../../mcp-types.js';
import { answerFault, fieldOf } from './elicitation-fields.js';

/** How long a question waits for the user before it is cancelled. */
const WAIT_MS = 5 * 60_000;
/** The most fields one question may have (a form longer than this is no question a user answers). */
const MAX_FIELDS = 100;
/** Where a decline's reason goes in the result (`_meta` keys take a prefix of the sender's). */
export const REASON_KEY = 'pageloop/reason';

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

  /** Asks the user on behalf of `server`; resolves with their answer (or `cancel`), or declines a form no one can be shown. */
  ask(server: string, params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult> {
    const form = formOf(params.requestedSchema);
    if ('reason' in form) {
      const reason = `pageloop cannot show this question as asked, so it was declined: ${form.reason}`;
      this.#emit({ type: 'mcp-elicitation-declined', server, message: params.message, reason });
      return Promise.resolve({ action: 'decline', _meta: { [REASON_KEY]: reason } });
    }
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

  /** A question the client package refused as outside the spec (the server got its reason as an error): the user is told. */
  refused(server: string, message: string, reason: string): void {
    this.#emit({ type: 'mcp-elicitation-declined', server, message, reason: `pageloop cannot show this question: its form is not one the MCP spec allows (${reason.slice(0, 300)})` });
  }

  /** Cancels every open question (the agent is closing). */
  cancelAll(): void {
    for (const pending of [...this.#pending.values()]) pending.settle({ action: 'cancel' });
  }
}

type Schema = ElicitRequestFormParams['requestedSchema'];
type Form = Pick<McpElicitation, 'fields' | 'required'>;

/** The form the element shows, or why none can show the question as asked. */
function formOf(schema: Schema): Form | { reason: string } {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, unknown>);
  if (properties.length > MAX_FIELDS) return { reason: `it has ${properties.length} fields (at most ${MAX_FIELDS}).` };
  const required = Array.isArray(schema.required) ? schema.required : [];
  const fields: Record<string, McpElicitationField> = {};
  for (const [name, raw] of properties) {
    const field = fieldOf(raw);
    if (typeof field === 'string') return { reason: `field "${name}" ${field}` };
    fields[name] = field;
  }
  const absent = required.filter((name) => !(name in fields));
  if (absent.length) return { reason: `it requires ${absent.map((n) => `"${n}"`).join(', ')}, which it does not ask for.` };
  return { fields, required: [...new Set(required)] };
}

/** `content` checked against the form: known fields, each value one the field allows, every required one present. */
function checked(request: McpElicitation, content: Record<string, unknown>): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string | number | boolean | string[]> = {};
  for (const [name, value] of Object.entries(content)) {
    const field = request.fields[name];
    if (!field) throw new TypeError(`The MCP question has no field "${name}" (its fields: ${Object.keys(request.fields).join(', ') || 'none'}).`);
    const fault = answerFault(field, value);
    if (fault) throw new TypeError(`Field "${name}" of the MCP question needs ${fault}, not ${JSON.stringify(value)}.`);
    out[name] = value as string | number | boolean | string[];
  }
  const missing = request.required.filter((name) => !(name in out));
  if (missing.length) throw new TypeError(`The MCP question needs ${missing.map((n) => `"${n}"`).join(', ')} to be accepted.`);
  return out;
}
