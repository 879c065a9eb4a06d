/**
 * The `ChatModel` that talks to any OpenAI-compatible endpoint. The openai
 * package builds the request and owns auth, retries (429/5xx, honouring
 * `retry-after` and `retry-after-ms`), timeouts and error classes; the body
 * is read here (`asResponse()`), because local servers' streams break the
 * SDK's parser in ways ours tolerates: objects as `arguments`, `{"error"}`
 * chunks, JSON instead of SSE, `[DONE]` without its blank line.
 */
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming, ChatCompletionTool } from 'openai/resources/chat/completions';
import { PageloopError } from '../errors.js';
import type { ChatModel, ModelEvent, ModelRequest, ModelTool } from './chat-model.js';
import { normalizingErrorBodies, toModelError } from './model-errors.js';
import { readCompletionChunks } from './response-reader.js';
import { StreamAssembler } from './stream-assembler.js';

/** Settings of `createOpenAIModel`. */
export interface OpenAIModelConfig {
  /** The endpoint, e.g. `http://localhost:11434/v1`; a relative URL is resolved against the page (or worker) location. */
  baseURL: string;
  model: string;
  /** Visible to anyone who can read the page: prefer a proxy that adds it. Default 'not-needed' (local servers ignore it). */
  apiKey?: string;
  headers?: Record<string, string>;
  /** Retries of 429 and 5xx responses; default 2. */
  maxRetries?: number;
  /** Time allowed until the response headers arrive, in ms; default 10 minutes (local models are slow to start). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Ids for tool calls the server sent without one; for tests. */
  generateId?: () => string;
}

const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Creates a chat model for an OpenAI-compatible endpoint.
 *
 * @example
 * const model = createOpenAIModel({ baseURL: 'http://localhost:11434/v1', model: 'qwen3' });
 * for await (const e of model.stream({ messages }, signal)) if (e.type === 'text') show(e.delta);
 */
export function createOpenAIModel(config: OpenAIModelConfig): ChatModel {
  const client = new OpenAI({
    baseURL: resolveBaseURL(config.baseURL),
    apiKey: config.apiKey || 'not-needed',
    dangerouslyAllowBrowser: true,
    maxRetries: config.maxRetries ?? 2,
    timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    defaultHeaders: config.headers,
    // Read `fetch` at call time, so a page that patches it later is honoured.
    fetch: normalizingErrorBodies(() => config.fetch ?? globalThis.fetch),
  });
  const assemblerOptions = config.generateId ? { generateId: config.generateId } : {};

  return {
    async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
      const hadTools = (request.tools?.length ?? 0) > 0;
      const body: ChatCompletionCreateParamsStreaming = {
        model: config.model,
        messages: request.messages,
        stream: true,
        stream_options: { include_usage: true },
      };
      if (hadTools) body.tools = request.tools!.map(toOpenAITool);
      try {
        if (signal.aborted) throw new PageloopError('aborted', 'The request was aborted.');
        const pending = client.chat.completions.create(body, { signal }).asResponse();
        const response = await untilAborted(pending, signal);
        const assembler = new StreamAssembler(assemblerOptions);
        for await (const chunk of readCompletionChunks(response)) {
          yield* assembler.push(chunk);
        }
        // A read that ended because the signal fired is an abort, not a short reply.
        if (signal.aborted) throw new PageloopError('aborted', 'The request was aborted.');
        yield* assembler.finish();
      } catch (err) {
        throw toModelError(signal.aborted ? new PageloopError('aborted', 'The request was aborted.') : err, hadTools);
      }
    },
  };
}

/**
 * Resolves a relative base URL against the page's or worker's location. A
 * worker started from a `blob:` URL cannot resolve against its own href, so
 * its origin is tried next.
 */
export function resolveBaseURL(baseURL: string): string {
  const location = typeof self !== 'undefined' ? self.location : undefined;
  if (!location) return baseURL;
  for (const base of [location.href, location.origin]) {
    try {
      return new URL(baseURL, base).href.replace(/\/+$/, '');
    } catch {
      // try the next base
    }
  }
  return baseURL;
}

function toOpenAITool(tool: ModelTool): ChatCompletionTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}

/**
 * Settles as soon as `signal` fires, even while the SDK sleeps between
 * retries (that sleep does not listen to the signal). A response that still
 * arrives afterwards is cancelled so its connection closes.
 */
function untilAborted(pending: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const onAbort = (): void => reject(new PageloopError('aborted', 'The request was aborted.'));
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (response) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) void response.body?.cancel().catch(() => {});
        resolve(response);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
