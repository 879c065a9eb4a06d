/**
 * A model turn, as the loop asks for it: "here is the conversation and the
 * tools; tell me what you say and which tools you call". Everything about how
 * calls travel on the wire stays behind this line — native `tools` or the
 * text protocol (prompt section, history rewriting, the streaming markup
 * filter, parsing), and the switch between them.
 *
 * Invariants:
 * - A turn yields `done` exactly once, last, or throws; its calls have ONE
 *   shape (`ToolCall`), arguments parsed once, bad ones as the call's `error`.
 * - `text` deltas never show call markup, in either protocol: models served
 *   without a tool-call parser (Qwen or Hermes behind a plain template) write
 *   their calls as text even when offered native tools.
 * - Reasoning never stays shown as text: reasoning the template opened in the
 *   prompt is read as such once learned, and withdrawn by a `retraction` when
 *   its closer reveals it (reply-reasoning.ts).
 * - Protocol 'auto' speaks native until the endpoint refuses tools
 *   (`tools-unsupported`) before saying anything; then it asks again with the
 *   text protocol, and stays on it for every later turn.
 * - When `signal` fires, the turn throws an AbortError at once, even if the
 *   underlying stream ignores the signal.
 */
import type { ChatMessage, ToolFormat, ToolProtocol } from '../types.js';
import { PageloopError, abortError } from '../errors.js';
import { abortable } from '../abortable.js';
import type { ChatModel, ForcedToolChoice, ModelRequest, ModelTool } from './chat-model.js';
import { forcedCallRule } from './forced-call.js';
import { TextCallFilter, readTextToolCalls, textProtocolPrompt, toTextProtocol } from './text-protocol.js';
import { doublyEncoded, keptName, readNativeCall, readTextCall, type ToolCall } from './tool-call.js';
import { ShownArgs } from './shown-args.js';
import { CallIds } from './call-ids.js';
import { ReplyReasoning } from './reply-reasoning.js';
import { OBSERVATION_OPENER } from './call-formats/protocol-tags.js';
import type { DataUrlCache, ReadAttachment, WireMessage } from './attachment-parts.js';

export { assistantMessage, type ToolCall } from './tool-call.js';
export type { ChatModel, ForcedToolChoice, ModelTool } from './chat-model.js';
export { TokenEstimator, estimateTextTokens, type PromptParts } from './token-estimate.js';
export { DEFAULT_CONTEXT_TOKENS, probeContextWindow, readOverflow, type ContextProbeConfig } from './context-window.js';

export type { ToolProtocol } from '../types.js';

/** What the loop asks one turn. */
export interface TurnRequest {
  /** The agent's own system prompt; the model layer adds what its protocol needs. */
  system: string;
  /** The canonical (OpenAI-format) history, system prompt excluded. */
  history: readonly ChatMessage[];
  tools: readonly ModelTool[];
  /** Names of the tools that end the run; the text protocol names them when teaching how to finish. */
  endingTools: readonly string[];
  /** The model for this turn only; absent: the client's own. */
  model?: string;
  /** A call this turn must make: native `tool_choice`, or a sentence of the text protocol's system prompt. */
  toolChoice?: ForcedToolChoice;
}

/** What a turn yields, in order; ends with exactly one `done`. */
export type TurnEvent =
  /** Answer text, call markup already removed. */
  | { type: 'text'; delta: string }
  | { type: 'thinking'; delta: string }
  /**
   * The last `text` this turn showed as `field` was the other kind (reasoning
   * the chat template opened in the prompt, found when its closer arrived);
   * it follows again as that kind. See reply-reasoning.ts.
   */
  | { type: 'retraction'; field: 'text' | 'thinking'; text: string }
  /** A native call's arguments as they stream; `argsText` is everything so far. */
  | { type: 'tool-call-delta'; callId: string; name: string; argsText: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** The client waits before trying the request again. */
  | { type: 'retry'; attempt: number; delayMs: number; reason: string }
  /** How the reply was read (right before `done`; stand-in models may not say). */
  | { type: 'read'; read: ReplyRead }
  | { type: 'done'; text: string; calls: ToolCall[] };

/**
 * How a reply was read, for the trace: the protocol, the call format found
 * in the text and why, what was mended, and what the stream did that a
 * well-behaved server would not. Names are short phrases, stable enough to count.
 */
export interface ReplyRead {
  protocol: 'native' | 'text';
  format?: string;
  formatReason?: string;
  repairs: string[];
  quirks: string[];
}

/** Options of `ToolCallingModel`. */
export interface ToolCallingOptions {
  /** Default 'auto'. */
  protocol?: ToolProtocol;
  /** Ids for calls read from text (which carry none); default `crypto.randomUUID`. */
  generateId?: () => string;
  /** The family whose call markup the model writes in text; default: recognised from the text. */
  toolFormat?: ToolFormat;
  /** Reads an attachment's bytes, to write it into the request (absent: attachments are sent as notes that they cannot be read). */
  readAttachment?: ReadAttachment;
}

/**
 * Wraps a raw `ChatModel` (the HTTP client, or a `modelModule` one) so that
 * each turn yields parsed tool calls, whichever protocol the endpoint speaks.
 * Keep one per agent: it remembers a fallback to the text protocol.
 *
 * @example
 * const model = new ToolCallingModel(createOpenAIModel(config));
 * for await (const e of model.turn({ system, history, tools, endingTools: ['task_complete'] }, signal)) {
 *   if (e.type === 'done') console.log(e.text, e.calls);
 * }
 */
export class ToolCallingModel {
  readonly #model: ChatModel;
  #protocol: ToolProtocol;
  readonly #generateId: () => string;
  readonly #toolFormat: ToolFormat | undefined;
  /** Learned, by model (a per-send model override is another model): replies start inside reasoning the template opened (reply-reasoning.ts). */
  readonly #replyOpened = new Map<string, boolean>();
  /** Set by `turn` when this turn fell back from native tools to the text protocol (a stream quirk for the trace). */
  #fellBack = false;
  readonly #readAttachment: ReadAttachment;
  /** Made with the first attachment (the code that writes content parts loads then). */
  #dataUrls: DataUrlCache | undefined;
  /** Models that refused an image (`vision-unsupported`): from then on their requests carry a note in each image's place. */
  readonly #blind = new Set<string>();

  constructor(model: ChatModel, options: ToolCallingOptions = {}) {
    this.#readAttachment = options.readAttachment ?? (async () => undefined);
    this.#model = model;
    this.#protocol = options.protocol ?? 'auto';
    this.#generateId = options.generateId ?? (() => crypto.randomUUID());
    this.#toolFormat = options.toolFormat;
  }

  /** The protocol the next turn starts with ('text' once an 'auto' model met a refusal). */
  get protocol(): ToolProtocol {
    return this.#protocol;
  }

  /** Asks the model for one turn. Throws the model's `PageloopError`s, or an AbortError. */
  async *turn(request: TurnRequest, signal: AbortSignal): AsyncGenerator<TurnEvent, void, undefined> {
    if (this.#protocol !== 'text') {
      let said = false;
      try {
        for await (const event of this.#stream(request, 'native', signal)) {
          said = true;
          yield event;
        }
        return;
      } catch (err) {
        const refused = err instanceof PageloopError && err.code === 'tools-unsupported';
        if (!refused || said || this.#protocol !== 'auto') throw err;
        this.#protocol = 'text';
        this.#fellBack = true;
      }
    }
    yield* this.#stream(request, 'text', signal);
  }

  async *#stream(request: TurnRequest, protocol: 'native' | 'text', signal: AbortSignal): AsyncGenerator<TurnEvent, void, undefined> {
    const tools = [...request.tools];
    // A turn offered no tools (a summary) needs no lesson in calling them.
    const system = protocol === 'text' && tools.length > 0 ? [request.system, textProtocolPrompt(tools, request.endingTools), forcedCallRule(request.toolChoice)].filter(Boolean).join('\n\n') : request.system;
    const history = protocol === 'text' ? toTextProtocol(request.history) : [...request.history];
    const plain: ChatMessage[] = [{ role: 'system', content: system }, ...history];
    // Attachments become content parts only here, on the way out: the history keeps records, never bytes.
    const modelKey = request.model ?? '';
    const multimodal = hasAttachments(plain) ? await this.#withParts(plain, !this.#blind.has(modelKey)) : undefined;
    const messages = multimodal ? multimodal.text : plain;
    // A text-protocol model that wrote a call should stop there, not invent its result.
    const wire: ModelRequest = protocol === 'native' ? { messages, tools } : tools.length > 0 ? { messages, stop: [OBSERVATION_OPENER] } : { messages };
    if (multimodal) wire.multimodal = multimodal.parts;
    if (request.model !== undefined) wire.model = request.model;
    if (protocol === 'native' && request.toolChoice !== undefined && tools.length > 0) wire.toolChoice = request.toolChoice;
    // The offered tools type string-written arguments and vet the names weak call forms use.
    const reading = { tools, ...(this.#toolFormat ? { format: this.#toolFormat } : {}) };
    const content = new ReplyReasoning(() => new TextCallFilter(reading), this.#replyOpened.get(modelKey) ?? false);
    // Ids unique in the history, whatever the server sent (see call-ids.ts).
    const ids = new CallIds(request.history, this.#generateId);
    // Deltas carry at most the first 16 K characters of a call's arguments.
    const shownArgs = new ShownArgs();
    for await (const event of abortableStream(this.#remembering(this.#model.stream(wire, signal), modelKey), signal)) {
      switch (event.type) {
        case 'text':
          yield* content.text(event.delta);
          break;
        case 'thinking':
          yield* content.thinking(event.delta);
          break;
        case 'tool-call-delta': {
          const callId = ids.idFor(event.id);
          const argsText = shownArgs.shown(callId, event.argsText);
          if (argsText !== undefined) yield { type: 'tool-call-delta', callId, name: keptName(event.name), argsText };
          break;
        }
        case 'usage':
          yield { type: 'usage', promptTokens: event.promptTokens, completionTokens: event.completionTokens };
          break;
        case 'retry':
          yield { type: 'retry', attempt: event.attempt, delayMs: event.delayMs, reason: event.reason };
          break;
        case 'done': {
          yield* content.finish();
          if (content.learned !== undefined) this.#replyOpened.set(modelKey, content.learned);
          const read: ReplyRead = { protocol, repairs: [], quirks: [] };
          if (this.#fellBack) read.quirks.push('native tools refused: fell back to the text protocol');
          this.#fellBack = false;
          if (content.learned) read.quirks.push('reply began inside reasoning the chat template opened');
          if (event.toolCalls.length > 0) {
            const callIds = ids.finalIds(event.toolCalls.map((c) => c.id));
            if (callIds.some((id, i) => id !== event.toolCalls[i]!.id)) read.quirks.push('call ids missing or repeated: new ones given');
            if (event.toolCalls.some(doublyEncoded)) read.repairs.push('arguments encoded twice: decoded');
            yield { type: 'read', read };
            yield { type: 'done', text: event.text, calls: event.toolCalls.map((c, i) => readNativeCall({ ...c, id: callIds[i]! })) };
          } else {
            const parsed = readTextToolCalls(event.text, content.opened ? { ...reading, opened: true } : reading);
            const callIds = ids.finalIds(parsed.calls.map(() => ''));
            if (parsed.format) Object.assign(read, { format: parsed.format.id, formatReason: parsed.format.why });
            if (protocol === 'native' && parsed.calls.length > 0) read.quirks.push('calls written in the reply text, not as native tool calls');
            read.repairs.push(...(parsed.repairs ?? []));
            yield { type: 'read', read };
            yield { type: 'done', text: parsed.text.trim(), calls: parsed.calls.map((c, i) => readTextCall(c, callIds[i]!)) };
          }
          return;
        }
      }
    }
    throw new PageloopError('stream', 'The model stream ended without finishing.');
  }

  /** The messages with their attachments written as content parts, and as text (attachment-parts.ts, loaded with the first attachment). */
  async #withParts(messages: ChatMessage[], images: boolean): Promise<{ parts: WireMessage[]; text: ChatMessage[] }> {
    const { DataUrlCache, textOnly, toWireMessages } = await import('./attachment-parts.js');
    const parts = await toWireMessages(messages, this.#readAttachment, { cache: (this.#dataUrls ??= new DataUrlCache()), images });
    return { parts, text: textOnly(parts) };
  }

  /** Passes `source` through, noting a model that refused an image (the run still ends with that clear error). */
  async *#remembering<T>(source: AsyncIterable<T>, modelKey: string): AsyncGenerator<T> {
    try {
      yield* source;
    } catch (err) {
      if (err instanceof PageloopError && err.code === 'vision-unsupported') this.#blind.add(modelKey);
      throw err;
    }
  }
}

/** True when a history holds any attachment (its request is then written with content parts). */
function hasAttachments(messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => (m.role === 'user' || m.role === 'tool') && (m.attachments?.length ?? 0) > 0);
}

/** Iterates `source` but stops at once when `signal` fires, even if the source ignores it. */
async function* abortableStream<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const cancelled = (): never => {
    throw abortError('The run was cancelled.');
  };
  try {
    while (true) {
      const next = await abortable(iterator.next(), signal, cancelled);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    void iterator.return?.()?.catch(() => {});
  }
}
