/**
 * Stop sequences: where the text protocol asks a model to stop writing. A
 * model that has written a call should wait for its result; small models go
 * on and invent the `<observation>` themselves. Asking the server to stop at
 * `<observation` ends the reply there, which saves the tokens and the wait;
 * the reader cuts an invented observation anyway (call-formats/protocol-tags.ts),
 * so a server that ignores `stop` costs time, never correctness.
 *
 * Here: how a server says it refuses the parameter (OpenAI's reasoning
 * models answer 400 "Unsupported parameter: 'stop' is not supported with this
 * model."; strict gateways "Unrecognized request argument supplied: stop";
 * FastAPI servers 422 "extra_forbidden" at `["body","stop"]`). The in-page
 * engine passes `stop` to llama.cpp's own completion, which honours it.
 */
import { PageloopError } from '../errors.js';

const STOP_REFUSED = [
  /\bstop\b[^.]{0,60}\b(?:not supported|unsupported|not permitted|not allowed|unrecognized|unknown|invalid)\b/i,
  /\b(?:unsupported|unrecognized|unknown|invalid)\b[^.]{0,40}\bstop\b/i,
];

/**
 * True when a request failed because the server refuses the `stop`
 * parameter: a 400 or 422 whose message names it.
 */
export function saysStopRefused(err: unknown): boolean {
  if (!(err instanceof PageloopError) || err.code !== 'http' || !/\(HTTP 4(?:00|22)\)/.test(err.message)) return false;
  return STOP_REFUSED.some((re) => re.test(err.message));
}
