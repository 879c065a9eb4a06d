/**
 * What went wrong with a remote agent, in words that name the fix. The
 * official client reports a failed request as the browser does (`TypeError:
 * Failed to fetch` for a refused connection and a CORS refusal alike), an
 * HTTP error as `HTTP 401: …` with its status, and a stream that breaks the
 * protocol as the error of its verification or of its schema. Two probes
 * (network-diagnosis.ts) tell a refused connection from a CORS refusal.
 */
import { PageloopError, errorMessage, isAbortError } from '../../errors.js';
import { getsAnswer } from '../../model/network-diagnosis.js';

/** What the request carried that a fix may name. */
export interface RequestFacts {
  url: string;
  credentials?: RequestCredentials;
  headers?: Record<string, string>;
}

/** The error a failed remote run reports: coded, its message saying what to change. */
export async function remoteError(err: unknown, facts: RequestFacts, fetchImpl: typeof fetch = fetch): Promise<PageloopError> {
  if (err instanceof PageloopError) return err;
  if (isAbortError(err)) return new PageloopError('aborted', 'The run was cancelled.');
  const status = (err as { status?: unknown } | undefined)?.status;
  if (typeof status === 'number') return httpError(status, detail(err), facts);
  if (err instanceof TypeError && /fetch|network|load failed/i.test(err.message)) return unreachable(facts, fetchImpl);
  return notAgUi(facts.url, errorMessage(err));
}

/** A run the server itself reported failed (`RUN_ERROR`). */
export function serverRunError(url: string, message: string, code?: string): PageloopError {
  return new PageloopError('remote-error', `The agent server at ${url} reported that its run failed${code ? ` (${code})` : ''}: ${message || 'no reason given'}`, false);
}

/** A stream that ended without saying how its run ended. */
export function cutStream(url: string): PageloopError {
  return new PageloopError('stream', `The agent server at ${url} closed its event stream before the run finished (no RUN_FINISHED or RUN_ERROR): the connection was cut or the server crashed mid-reply. What arrived is kept; retry to go on.`, true);
}

function httpError(status: number, said: string, facts: RequestFacts): PageloopError {
  const { url } = facts;
  const server = said ? ` The server said: ${said}` : '';
  if (status === 401 || status === 403) {
    const carried = facts.headers && Object.keys(facts.headers).some((h) => h.toLowerCase() === 'authorization') ? 'The Authorization header sent was not accepted: check the token (expired? another tenant?).' : 'Send what it needs in agui.headers (e.g. { Authorization: "Bearer …" }).';
    const cookies = facts.credentials === 'include' ? '' : ' For a cookie session on another origin, set agui.credentials: "include" (the server must then allow credentials for this origin).';
    return new PageloopError('http', `The agent server at ${url} refused the request: HTTP ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}. ${carried}${cookies}${server}`, false);
  }
  if (status === 404 || status === 405) {
    return new PageloopError('http', `Nothing at ${url} takes AG-UI runs (HTTP ${status}). Check the URL: it must be the agent's AG-UI endpoint, which takes a POSTed RunAgentInput (e.g. "/api/copilotkit/agent/run" or your route's path).${server}`, false);
  }
  if (status === 422 || status === 400) return notAgUi(url, `HTTP ${status}: the server refused the RunAgentInput it was sent.${server}`);
  return new PageloopError('http', `The agent server at ${url} answered HTTP ${status}.${server}`, status === 429 || status >= 500);
}

/** Refused, CORS or reset: the probes tell which (see network-diagnosis.ts). */
async function unreachable(facts: RequestFacts, fetchImpl: typeof fetch): Promise<PageloopError> {
  const { url } = facts;
  const origin = typeof self !== 'undefined' && self.location ? self.location.origin : 'this page';
  if (!(await getsAnswer(url, 'no-cors', fetchImpl))) {
    return new PageloopError('network', `Could not connect to the agent server at ${url}: nothing answers there (connection refused, or the host is unreachable). Is the server running, and are the host and port right?`, true);
  }
  if (await getsAnswer(url, 'cors', fetchImpl)) {
    return new PageloopError('network', `The agent server at ${url} closed the connection before answering, or refused this page's request in its CORS preflight (a POST of JSON, with ${preflightHeaders(facts)}). Check its log; if it is CORS, allow those headers for ${origin}.`, true);
  }
  const withCookies = facts.credentials === 'include' ? ` With credentials: "include" it must also answer Access-Control-Allow-Credentials: true and name ${origin} exactly (not "*").` : '';
  return new PageloopError('network', `The agent server at ${url} is running but does not let this page (${origin}) read its answers: a CORS setting. Let it allow the origin ${origin} (Access-Control-Allow-Origin) and the headers ${preflightHeaders(facts)} for POST.${withCookies} Or serve the agent on the page's own origin (a route of your app, or a proxy), where no CORS is needed.`, false);
}

/** A 200 answer whose body is no event stream (`type`: its content type). */
export function notEventStream(url: string, type: string): PageloopError {
  return notAgUi(url, `it answered ${type || 'a body with no content type'}, not an event stream (text/event-stream, or AG-UI's protobuf).`);
}

function preflightHeaders(facts: RequestFacts): string {
  return ['content-type', 'accept', ...Object.keys(facts.headers ?? {}).map((h) => h.toLowerCase())].filter((h, i, all) => all.indexOf(h) === i).join(', ');
}

function notAgUi(url: string, why: string): PageloopError {
  return new PageloopError('protocol', `The server at ${url} does not answer as an AG-UI agent: ${why} Is this the agent's AG-UI endpoint (it answers a POSTed RunAgentInput with a stream of AG-UI events, in order)?`, false);
}

/** What an HTTP error's body said, short. */
function detail(err: unknown): string {
  const payload = (err as { payload?: unknown }).payload;
  const text = typeof payload === 'string' ? payload : payload === undefined ? '' : JSON.stringify(payload);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
