/**
 * The `ChatModel` that talks to any OpenAI-compatible endpoint. The openai
 * package builds the request and owns auth and error classes; retries and
 * the wait for headers are ours (retrying-fetch.ts), so every wait is
 * announced as a `retry` event, capped, and ends at once on cancel; the body
 * is read here (`asResponse()`), because local servers' streams break the
 * SDK's parser in ways ours tolerates: objects as `arguments`, `{"error"}`
 * chunks, JSON instead of SSE, `[DONE]` without its blank line.
 *
 * A request's `stop` is sent until the server refuses it (a 400 naming the
 * parameter, as OpenAI's reasoning models answer): then the request is sent
 * once more without it, and it is never sent for that model again.
 */
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming, ChatCompletionTool } from 'openai/resources/chat/completions';
import { PageloopError } from '../errors.js';
import type { ChatModel, ModelEvent, ModelRequest, ModelTool } from './chat-model.js';
import { normalizingErrorBodies, toModelError } from './model-errors.js';
import { readCompletionChunks } from './response-reader.js';
import { RETRY_LISTENER, retryingFetch, type RetryNotice } from './retrying-fetch.js';
import { unreachableMessage } from './network-diagnosis.js';
import { StreamAssembler } from './stream-assembler.js';
import { toOpenAIToolChoice } from './forced-call.js';
import { saysStopRefused } from './stop-sequences.js';
import type { ClientSettings } from '../settings.js';

/**
 * Settings of `createOpenAIModel`: the agent options whose row in the
 * settings table says the client is built from them (src/settings.ts;
 * `baseURL` may be relative: it resolves against the page or worker), and
 * two hooks for tests.
 */
export interface OpenAIModelConfig extends ClientSettings {
  fetch?: typeof fetch;
  /** Ids for tool calls the server sent without one; for tests. */
  generateId?: () => string;
}

const DEFAULT_TIMEOUT_MS = 5 * 60 * 1000;
const DEFAULT_IDLE_TIMEOUT_MS = 3 * 60 * 1000;
const DEFAULT_MAX_RETRY_WAIT_MS = 60 * 1000;
/** The SDK's own timeout is left out of the way: ours bounds each attempt's wait for headers. */
const SDK_TIMEOUT_MS = 2_147_483_647;

/**
 * Creates a chat model for an OpenAI-compatible endpoint.
 *
 * @example
 * const model = createOpenAIModel({ baseURL: 'http://localhost:11434/v1', model: 'qwen3' });
 * for await (const e of model.stream({ messages }, signal)) if (e.type === 'text') show(e.delta);
 */
export function createOpenAIModel(config: OpenAIModelConfig): ChatModel {
  const endpoint = resolveBaseURL(config.baseURL);
  // Read `fetch` at call time, so a page that patches it later is honoured.
  const currentFetch = (): typeof fetch => config.fetch ?? globalThis.fetch;
  const client = new OpenAI({
    baseURL: endpoint,
    apiKey: config.apiKey || 'not-needed',
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: SDK_TIMEOUT_MS,
    defaultHeaders: config.headers,
    fetch: retryingFetch(normalizingErrorBodies(currentFetch), {
      maxRetries: config.maxRetries ?? 2,
      maxRetryWaitMs: config.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS,
      connectTimeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      endpoint,
    }),
  });
  const idleTimeoutMs = config.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const assemblerOptions = config.generateId ? { generateId: config.generateId } : {};
  /** Models the server refused a `stop` for (a 400): never sent again for them. */
  const stopRefused = new Set<string>();

  /** One request, sent with `stop` or without, read to its end. */
  async function* attempt(request: ModelRequest, stop: string[] | undefined, signal: AbortSignal): AsyncGenerator<ModelEvent> {
    const hadTools = (request.tools?.length ?? 0) > 0;
    const body: ChatCompletionCreateParamsStreaming = {
      model: request.model ?? config.model,
      // Content parts are OpenAI's own format; the SDK's type predates some of them, hence the cast.
      messages: (request.multimodal ?? request.messages) as ChatCompletionCreateParamsStreaming['messages'],
      stream: true,
      stream_options: { include_usage: true },
    };
    if (hadTools) body.tools = request.tools!.map(toOpenAITool);
    if (hadTools && request.toolChoice) body.tool_choice = toOpenAIToolChoice(request.toolChoice);
    if (stop) body.stop = stop;
    if (config.temperature !== undefined) body.temperature = config.temperature;
    try {
      if (signal.aborted) throw new PageloopError('aborted', 'The request was aborted.');
      // The retries of this request are announced through its own listener (see retrying-fetch.ts).
      const notices: RetryNotice[] = [];
      let wake: () => void = () => {};
      const fetchOptions = { [RETRY_LISTENER]: (n: RetryNotice) => (notices.push(n), wake()) } as Omit<RequestInit, 'headers' | 'body' | 'method' | 'signal'>;
      const pending = client.chat.completions.create(body, { signal, fetchOptions }).asResponse();
      const settled = untilAborted(pending, signal).then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      );
      let outcome: { response: Response } | { error: unknown } | undefined;
      while (!outcome) {
        const noticed = new Promise<undefined>((resolve) => (wake = () => resolve(undefined)));
        if (notices.length === 0) outcome = await Promise.race([settled, noticed]);
        for (const n of notices.splice(0)) yield { type: 'retry', attempt: n.attempt, delayMs: n.delayMs, reason: n.reason };
      }
      if ('error' in outcome) throw outcome.error;
      const response = outcome.response;
      const assembler = new StreamAssembler(assemblerOptions);
      // Only chunks that say something count against the idle timeout (not keep-alives, not empty deltas).
      const progress = { at: performance.now() };
      for await (const chunk of readCompletionChunks(response, { idleTimeoutMs, endpoint, progress })) {
        const events = assembler.push(chunk);
        if (events.length > 0) progress.at = performance.now();
        yield* events;
      }
      // A read that ended because the signal fired is an abort, not a short reply.
      if (signal.aborted) throw new PageloopError('aborted', 'The request was aborted.');
      yield* assembler.finish();
    } catch (err) {
      if (signal.aborted) throw toModelError(new PageloopError('aborted', 'The request was aborted.'), hadTools);
      if (failedToConnect(err)) throw new PageloopError('network', await unreachableMessage(endpoint, currentFetch()), true);
      // The SDK's own timeout is off, so a timeout it reports is ours (it drops our error, whose text says "timeoutMs").
      if (err instanceof OpenAI.APIConnectionTimeoutError) throw connectTimeout(endpoint, config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      const error = toModelError(err, hadTools, endpoint);
      // A refusal of the request's image is the model's lack of vision, said once, clearly (vision-refusal.ts).
      if (error.code === 'aborted' || !request.multimodal) throw error;
      const { carriesImages, visionRefusal } = await import('./vision-refusal.js');
      throw (carriesImages(request.multimodal) && visionRefusal(error.message, body.model)) || error;
    }
  }

  return {
    async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
      const model = request.model ?? config.model;
      const stop = !stopRefused.has(model) && request.stop?.length ? request.stop : undefined;
      try {
        yield* attempt(request, stop, signal);
      } catch (err) {
        // Refused before a byte of the reply: asked again without it, once.
        if (!stop || !saysStopRefused(err)) throw err;
        stopRefused.add(model);
        yield* attempt(request, undefined, signal);
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

function connectTimeout(endpoint: string, ms: number): PageloopError {
  return new PageloopError('timeout', `${endpoint} did not answer within ${Math.round(ms / 1000)} s (timeoutMs). A model that is still loading can take that long: retry, or raise timeoutMs.`, true, { seconds: Math.round(ms / 1000) });
}

/** The request failed before any response: refused, unreachable, or blocked by CORS (the browser does not say which). */
function failedToConnect(err: unknown): boolean {
  const cause = err instanceof OpenAI.APIConnectionError && !(err instanceof OpenAI.APIConnectionTimeoutError) ? err.cause : undefined;
  return cause instanceof TypeError;
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
