/**
 * The model client's `fetch`: one request, retried here (not by the openai
 * SDK, whose retries are invisible and sleep without listening to cancel),
 * so that every wait is announced and bounded:
 *
 * - a 408/409/429/5xx or a failed connection is retried up to `maxRetries`
 *   times, after `retry-after-ms` / `retry-after` (seconds or a date) or an
 *   exponential backoff (0.5 s, 1 s, 2 s … at most 8 s); each wait is
 *   announced first (`onRetry`: attempt, delay, reason) and ends at once on abort;
 * - the waits of one request add up to at most `maxRetryWaitMs`: a server
 *   that asks for longer gets a clear, retryable error saying so;
 * - a 5xx that is really a refusal of tools (llama-server without --jinja:
 *   500 "tools param requires --jinja flag") is handed back at once, so the
 *   text-protocol fallback starts without two pointless retries;
 * - `connectTimeoutMs` bounds each attempt's wait for the response headers.
 */
import { PageloopError } from '../errors.js';
import { saysToolsUnsupported } from './model-errors.js';

/** One announced wait before a retry. */
export interface RetryNotice {
  /** The attempt that follows the wait: 2 for the first retry. */
  attempt: number;
  delayMs: number;
  /** Why: "HTTP 429", "HTTP 503", "connection failed". */
  reason: string;
}

/** How one request is retried and timed. */
export interface RetryPolicy {
  maxRetries: number;
  maxRetryWaitMs: number;
  connectTimeoutMs: number;
  /** The endpoint, named in errors. */
  endpoint: string;
}

/** The `RequestInit` key through which a request names its own retry listener (the SDK passes unknown init keys on). */
export const RETRY_LISTENER = 'pageloopOnRetry';

const RETRYABLE_STATUS = new Set([408, 409, 429]);
const MAX_BACKOFF_MS = 8000;

/**
 * Wraps `fetchImpl` with the retry policy. A request may carry a listener
 * under `init[RETRY_LISTENER]` to hear of each wait.
 */
export function retryingFetch(fetchImpl: typeof fetch, policy: RetryPolicy): typeof fetch {
  return async (input, init = {}) => {
    const { [RETRY_LISTENER]: listener, ...rest } = init as RequestInit & { [RETRY_LISTENER]?: (n: RetryNotice) => void };
    const signal = rest.signal ?? undefined;
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      const last = attempt > policy.maxRetries;
      let response: Response;
      try {
        response = await withConnectTimeout(fetchImpl, input, rest, policy);
      } catch (err) {
        if (signal?.aborted || !(err instanceof TypeError) || last) throw err;
        waited = await wait(backoff(attempt), 'connection failed', attempt, waited, policy, listener, signal);
        continue;
      }
      if (response.ok || last || !shouldRetry(response)) return response;
      if (response.status >= 500) {
        // A refusal dressed as a server fault is an answer, not a fault.
        const text = await response.clone().text().catch(() => '');
        if (saysToolsUnsupported(text)) return response;
        // llama.cpp and Ollama refuse an image with a 500; the words are read where they are known (loaded only then).
        if (/image/i.test(text) && (await import('./vision-refusal.js')).visionRefusal(text, '') !== undefined) return response;
      }
      const delay = retryAfter(response) ?? backoff(attempt);
      void response.body?.cancel().catch(() => {});
      waited = await wait(delay, `HTTP ${response.status}`, attempt, waited, policy, listener, signal);
    }
  };
}

function shouldRetry(response: Response): boolean {
  const told = response.headers.get('x-should-retry');
  if (told === 'true') return true;
  if (told === 'false') return false;
  return RETRYABLE_STATUS.has(response.status) || response.status >= 500;
}

/** The server's own wait, from `retry-after-ms` or `retry-after` (seconds or an HTTP date), in ms. */
export function retryAfter(response: Response, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(response.headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const header = response.headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

function backoff(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/** Announces and sleeps one wait; refuses one that would pass the cap. Returns the total waited. */
async function wait(
  delayMs: number,
  reason: string,
  attempt: number,
  waited: number,
  policy: RetryPolicy,
  listener: ((n: RetryNotice) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<number> {
  if (waited + delayMs > policy.maxRetryWaitMs) {
    const asked = Math.ceil(delayMs / 1000);
    throw new PageloopError(
      'http',
      `${policy.endpoint} answered ${reason} and asks to wait ${asked} s before trying again; pageloop waits at most ${Math.round(policy.maxRetryWaitMs / 1000)} s in all (maxRetryWaitMs). Try again later.`,
      true,
    );
  }
  listener?.({ attempt: attempt + 1, delayMs, reason });
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('The request was aborted.', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, delayMs);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  return waited + delayMs;
}

/** One attempt, given up with a `timeout` error when its headers take longer than `connectTimeoutMs`. */
async function withConnectTimeout(fetchImpl: typeof fetch, input: RequestInfo | URL, init: RequestInit, policy: RetryPolicy): Promise<Response> {
  const controller = new AbortController();
  const outer = init.signal ?? undefined;
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Raced, not only aborted: a fetch that ignores its signal must not hold the request forever.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      reject(new Error('timeout'));
    }, policy.connectTimeoutMs);
  });
  try {
    return await Promise.race([fetchImpl(input, { ...init, signal: controller.signal }), timeout]);
  } catch (err) {
    if (timedOut) {
      throw new PageloopError(
        'timeout',
        `${policy.endpoint} did not answer within ${Math.round(policy.connectTimeoutMs / 1000)} s (timeoutMs). A model that is still loading can take that long: retry, or raise timeoutMs.`,
        true,
      );
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
