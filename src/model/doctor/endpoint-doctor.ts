/**
 * The doctor for an OpenAI-compatible endpoint: the checks a user needs when
 * "the model does not work", in the order they depend on each other —
 * something answers; this page may read it (CORS); which server it is; the
 * model is there; the window it really runs at; native tool calls or the
 * text protocol; the stream's quirks; the first token's latency; images.
 * A check that cannot be made because an earlier one failed is a `skip` that
 * says so. Every request is bounded in time and closed when `signal` fires.
 */
import type { Diagnosis, DiagnosisCheck, ServerFamily } from '../../diagnosis-types.js';
import { PageloopError } from '../../errors.js';
import {
  contextFix,
  corsFix,
  familyByPort,
  familyFromListing,
  familyName,
  listedIds,
  missingModelFix,
  readFamilyFacts,
  sameOllamaModel,
  toolsFix,
  type FamilyAnswers,
  type FamilyFacts,
} from './server-families.js';
import { PROBE_MAX_TOKENS, PROBE_TOOL, probeTools, type ProbeResult } from './tool-probe.js';
import { getsAnswer } from '../network-diagnosis.js';

/** The agent settings the endpoint doctor reads. */
export interface EndpointDoctorConfig {
  baseURL: string;
  model: string;
  apiKey?: string;
  headers?: Record<string, string>;
  toolProtocol?: 'auto' | 'native' | 'text';
  contextTokens?: number;
  fetch?: typeof fetch;
}

/** How long one of the doctor's small GETs may take. */
const GET_TIMEOUT_MS = 8000;
/** A window smaller than this fills after the tools, the system prompt and a few turns. */
const SMALL_CONTEXT = 8192;
/**
 * A window smaller than this cannot hold the agent's own request and an
 * answer: its system prompt and built-in tools alone are ~500 tokens (a
 * "hello" with no page tools was 499 prompt tokens on llama-server with the
 * repository's tiny model), and a reply needs 256 more.
 */
const UNUSABLE_CONTEXT = 1024;
/** A first token later than this usually means the model was being loaded. */
const SLOW_FIRST_TOKEN_MS = 15_000;

/** Runs the endpoint checks. Rejects only when `signal` fires (code `aborted`). */
export async function diagnoseEndpoint(config: EndpointDoctorConfig, probe: boolean, signal: AbortSignal): Promise<Diagnosis> {
  const started = performance.now();
  const endpoint = absolute(config.baseURL).replace(/\/+$/, '');
  const root = endpoint.replace(/\/v1$/, '');
  const headers: Record<string, string> = { ...config.headers };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const fetchImpl = config.fetch ?? globalThis.fetch.bind(globalThis);
  const checks: DiagnosisCheck[] = [];
  const finish = (family?: ServerFamily): Diagnosis => ({ target: 'endpoint', subject: endpoint, ...(family ? { family } : {}), checks, durationMs: Math.round(performance.now() - started) });
  const skipRest = (why: string, ids: Array<[string, string]>) => ids.forEach(([id, label]) => checks.push({ id, label, status: 'skip', detail: why }));
  const later: Array<[string, string]> = [['server', 'Server'], ['models', 'Model'], ['context', 'Context window'], ['tools', 'Tool calls'], ['stream', 'Stream'], ['first-token', 'First token'], ['vision', 'Vision']];

  const get = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetchImpl(url, { ...init, headers: { ...headers, ...init.headers }, signal: AbortSignal.any([signal, AbortSignal.timeout(GET_TIMEOUT_MS)]) });
    if (signal.aborted) throw cancelled();
    return response;
  };
  const json = async (url: string, init?: RequestInit): Promise<unknown> => {
    try {
      const response = await get(url, init);
      return response.ok ? await response.json() : undefined;
    } catch {
      if (signal.aborted) throw cancelled();
      return undefined;
    }
  };

  // 1. Reachable, and readable from this page.
  const url = new URL(`${endpoint}/models`);
  const origin = self.location.origin;
  let listingResponse: Response | undefined;
  const t0 = performance.now();
  try {
    listingResponse = await get(url.href);
  } catch (err) {
    if (signal.aborted) throw cancelled();
    if ((err as { name?: string })?.name === 'TimeoutError') {
      checks.push({ id: 'reachable', label: 'Reachable', status: 'fail', detail: `${url.origin} did not answer GET ${url.pathname} within ${GET_TIMEOUT_MS / 1000} s.`, fix: 'Check that the server is running and not stuck (its log), and that nothing between (VPN, firewall, proxy) holds the connection.' });
      skipRest('The endpoint did not answer.', [['cors', 'CORS'], ...later]);
      return finish();
    }
    // The browser says "Failed to fetch" for a refused connection and a CORS refusal alike: an opaque request tells them apart.
    const answers = await getsAnswer(url.href, 'no-cors', fetchImpl, GET_TIMEOUT_MS, signal);
    if (signal.aborted) throw cancelled();
    const ms = Math.round(performance.now() - t0);
    if (!answers) {
      checks.push({ id: 'reachable', label: 'Reachable', status: 'fail', detail: `Nothing answers at ${url.origin} (connection refused, or the host is unreachable).`, fix: startFix(familyByPort(url)) });
      skipRest('Nothing answers at the address.', [['cors', 'CORS'], ...later]);
      return finish();
    }
    // Something answers. Asked once more the ordinary way: a reset of the first request would now succeed.
    listingResponse = await get(url.href).catch(() => undefined);
    if (signal.aborted) throw cancelled();
    if (!listingResponse) {
      const guess = familyByPort(url);
      checks.push({ id: 'reachable', label: 'Reachable', status: 'pass', detail: `Something answers at ${url.origin} (${ms} ms).` });
      checks.push({
        id: 'cors',
        label: 'CORS',
        status: 'fail',
        detail: `The server does not let this page (${origin}) read its answers: the browser refuses them (CORS)${guess ? `; by its port, probably ${familyName(guess)}` : ''}. (If CORS is already allowed, the connection was reset instead: look at the server's log.)`,
        fix: corsFix(guess, origin),
      });
      skipRest("The server's answers cannot be read from this page.", later);
      return finish();
    }
  }
  const ms = Math.round(performance.now() - t0);
  checks.push({ id: 'reachable', label: 'Reachable', status: 'pass', detail: `${url.origin} answered GET ${url.pathname} in ${ms} ms (HTTP ${listingResponse.status}).` });
  checks.push({ id: 'cors', label: 'CORS', status: 'pass', detail: url.origin === origin ? 'Same origin as this page: CORS does not apply.' : `This page (${origin}) may read its answers.` });

  // 2. The model list, and what it gives away of the server.
  const listing = await readListing(listingResponse, url);
  if ('problem' in listing) {
    checks.push({ id: 'server', label: 'Server', status: 'skip', detail: 'Not recognised: the model list could not be read.' });
    checks.push({ id: 'models', label: 'Model', status: 'fail', detail: listing.problem, fix: listing.fix });
    skipRest('The model list could not be read.', later.slice(2));
    return finish();
  }
  // The listing often names the server; otherwise each family's own route is asked (a 404 from the others).
  const listed = familyFromListing(listing.body);
  const ask = (family: ServerFamily, path: string) => (listed === undefined || listed === family ? json(`${root}${path}`) : Promise.resolve(undefined));
  const [props, version, lmstudio] = await Promise.all([ask('llama.cpp', '/props'), ask('ollama', '/api/version'), ask('lmstudio', '/api/v0/models')]);
  const family: ServerFamily | undefined =
    listed ??
    (typeof (props as { default_generation_settings?: unknown } | undefined)?.default_generation_settings === 'object' ? 'llama.cpp' : undefined) ??
    (typeof (version as { version?: unknown } | undefined)?.version === 'string' ? 'ollama' : undefined) ??
    (Array.isArray((lmstudio as { data?: unknown } | undefined)?.data) ? 'lmstudio' : undefined);
  const answers: FamilyAnswers = { listing: listing.body, props, version, lmstudio };
  if (family === 'ollama') {
    [answers.show, answers.ps] = await Promise.all([json(`${root}/api/show`, { method: 'POST', body: JSON.stringify({ model: config.model }), headers: { 'content-type': 'application/json' } }), json(`${root}/api/ps`)]);
  } else if (family === 'vllm') {
    answers.version = await json(`${root}/version`);
  }
  const facts = readFamilyFacts(family, config.model, answers);
  checks.push({
    id: 'server',
    label: 'Server',
    status: 'pass',
    detail: family ? `${familyName(family)}${facts.version ? ` (${facts.version})` : ''}.` : 'An OpenAI-compatible server (by its answers not llama.cpp, Ollama, vLLM or LM Studio).',
  });
  checks.push(modelCheck(family, config.model, listedIds(listing.body)));
  checks.push(contextCheck(facts, config));
  const probed = probe ? await probeTools({ endpoint, model: config.model, headers, fetch: fetchImpl }, signal) : undefined;
  checks.push(...probeChecks(probed, family, config.toolProtocol ?? 'auto', facts));
  checks.push(visionCheck(facts));
  return finish(family);
}

async function readListing(response: Response, url: URL): Promise<{ body: unknown } | { problem: string; fix: string }> {
  if (response.status === 401 || response.status === 403) {
    return { problem: `The endpoint refused the request (HTTP ${response.status}).`, fix: 'Check the API key (apiKey). A key in a page is visible to its readers: prefer a proxy on your server that adds it.' };
  }
  if (!response.ok) return { problem: `GET ${url.pathname} answered HTTP ${response.status}.`, fix: 'Check that the base URL ends where the OpenAI API begins (usually …/v1, e.g. http://localhost:11434/v1).' };
  try {
    return { body: await response.json() };
  } catch {
    return { problem: `${url.href} did not answer with JSON.`, fix: 'Check that the base URL points at an OpenAI-compatible API (usually …/v1).' };
  }
}

function modelCheck(family: ServerFamily | undefined, model: string, listed: string[]): DiagnosisCheck {
  const label = 'Model';
  const found = listed.some((id) => (family === 'ollama' ? sameOllamaModel(id, model) : id === model));
  if (found) return { id: 'models', label, status: 'pass', detail: `"${model}" is among the ${listed.length} model${listed.length === 1 ? '' : 's'} the server lists.` };
  if (listed.length === 0) return { id: 'models', label, status: 'warn', detail: `The server lists no models, so "${model}" cannot be confirmed.`, fix: missingModelFix(family, model, listed) };
  // llama-server serves its one model whatever name a request gives.
  if (family === 'llama.cpp') return { id: 'models', label, status: 'warn', detail: `llama-server serves "${listed[0]}"; it answers requests for "${model}" with that model all the same.`, fix: `Set model to "${listed[0]}" so the trace and the thread name the model that really answers.` };
  return { id: 'models', label, status: 'fail', detail: `The server has no model "${model}" (it lists ${listed.join(', ')}).`, fix: missingModelFix(family, model, listed) };
}

function contextCheck(facts: FamilyFacts, config: EndpointDoctorConfig): DiagnosisCheck {
  const label = 'Context window';
  const context = facts.context;
  if (!context) {
    return { id: 'context', label, status: 'skip', detail: `The server does not say; the agent budgets for ${config.contextTokens ?? SMALL_CONTEXT} tokens${config.contextTokens ? ' (contextTokens)' : ' (the default)'}.`, fix: "Set contextTokens to the model's real window." };
  }
  const tokens = context.tokens;
  const family = facts.family;
  const said = `${tokens} tokens (${context.source})`;
  if (config.contextTokens !== undefined && config.contextTokens > tokens) {
    return { id: 'context', label, status: 'fail', detail: `${said}, but the agent's contextTokens is ${config.contextTokens}: requests past ${tokens} tokens are refused or cut.`, fix: `Set contextTokens to ${tokens} or less. Or give the model the bigger window: ${contextFix(family, config.model, config.contextTokens)}` };
  }
  if (facts.ollamaDefault && (facts.trainedContext ?? 0) > tokens) {
    return {
      id: 'context',
      label,
      status: 'warn',
      detail: `${said}, though "${config.model}" was trained for ${facts.trainedContext}: Ollama's OpenAI endpoint runs it at the default, and cuts longer prompts silently (the num_ctx trap).`,
      fix: contextFix('ollama', config.model, Math.min(facts.trainedContext ?? 32768, 32768)),
    };
  }
  // The agent asks llama-server and Ollama for the window itself; other servers' it cannot read.
  const tell = family === 'vllm' || family === 'lmstudio' ? (config.contextTokens === undefined ? ` The agent does not read this itself: set contextTokens: ${tokens}.` : '') : '';
  if (tokens < UNUSABLE_CONTEXT) {
    return { id: 'context', label, status: 'fail', detail: `${said}: too small for the agent — its system prompt and built-in tools alone take about 500 tokens, so requests are refused before any conversation.`, fix: contextFix(family, config.model, 16384) };
  }
  if (tokens < SMALL_CONTEXT) return { id: 'context', label, status: 'warn', detail: `${said}: small — the tools, the system prompt and a few turns fill it, and older turns are folded often.${tell}`, fix: contextFix(family, config.model, 16384) };
  return { id: 'context', label, status: tell ? 'warn' : 'pass', detail: `${said}.${tell}`, ...(tell ? { fix: `createAgent({ …, contextTokens: ${tokens} }) (attribute context-tokens="${tokens}").` } : {}) };
}

function probeChecks(probed: ProbeResult | undefined, family: ServerFamily | undefined, protocol: 'auto' | 'native' | 'text', facts: FamilyFacts): DiagnosisCheck[] {
  const tools = { id: 'tools', label: 'Tool calls' };
  const stream = { id: 'stream', label: 'Stream' };
  const first = { id: 'first-token', label: 'First token' };
  if (!probed) {
    const detail = 'Not probed (probe: false).';
    return [{ ...tools, status: 'skip', detail }, { ...stream, status: 'skip', detail }, { ...first, status: 'skip', detail }];
  }
  const out: DiagnosisCheck[] = [];
  const says = facts.tools === false ? ` (the server says the model has no tool support)` : '';
  switch (probed.outcome) {
    case 'native':
      out.push({ ...tools, status: 'pass', detail: `Native: the model called ${PROBE_TOOL} as a native tool call.${protocol === 'text' ? " (The agent is set to toolProtocol 'text'; 'auto' would use native calls.)" : ''}` });
      break;
    case 'refused':
      out.push({ ...tools, status: protocol === 'native' ? 'fail' : 'warn', detail: `The server refused native tools: "${probed.message}". The agent needs the text protocol here${protocol === 'native' ? ", but toolProtocol is 'native'" : ''}.`, fix: toolsFix(family) });
      break;
    case 'text-call':
      out.push({ ...tools, status: 'warn', detail: `The model wrote the call to ${PROBE_TOOL} as text in its reply, not as a native call${says}.`, fix: `Set toolProtocol: 'text' (the agent reads the common text call formats). ${family === 'llama.cpp' ? 'Or start llama-server with --jinja, so the chat template turns such text into native calls.' : ''}`.trim() });
      break;
    case 'text':
      out.push({ ...tools, status: 'warn', detail: `The model answered without calling ${PROBE_TOOL}, though asked to${says}: it may not handle native tools.`, fix: `Try toolProtocol: 'text', or a model trained for tool calls (qwen2.5, qwen3, llama3.1…).` });
      break;
    case 'thinking':
      out.push({ ...tools, status: 'skip', detail: `Inconclusive: the model spent the probe's ${PROBE_MAX_TOKENS} tokens reasoning before any call.`, fix: 'Nothing is wrong yet: send a real question and look at the tool cards (or the trace).' });
      break;
    case 'error':
      out.push({ ...tools, status: 'fail', detail: `The probe request failed: ${probed.message}`, fix: 'Read the server\'s message above (and its log); check the model name and that the model loads.' });
      break;
  }
  const read = probed.outcome !== 'error' && probed.outcome !== 'refused';
  out.push(read ? { ...stream, status: 'pass', detail: `${probed.quirks.join('; ')}.` } : { ...stream, status: 'skip', detail: 'No reply was streamed.' });
  if (probed.firstTokenMs === undefined) {
    out.push({ ...first, status: 'skip', detail: read ? 'The reply had no token.' : 'No reply was streamed.' });
  } else if (probed.firstTokenMs > SLOW_FIRST_TOKEN_MS) {
    out.push({ ...first, status: 'warn', detail: `${probed.firstTokenMs} ms to the first token (${probed.totalMs} ms in all): slow — the model was probably being loaded.`, fix: 'Run /doctor again once it is loaded; if it stays slow, use a smaller model or quantisation, or offload more layers to the GPU.' });
  } else {
    out.push({ ...first, status: 'pass', detail: `${probed.firstTokenMs} ms to the first token (${probed.totalMs} ms for the whole probe, at most ${PROBE_MAX_TOKENS} tokens).` });
  }
  return out;
}

function visionCheck(facts: FamilyFacts): DiagnosisCheck {
  const label = 'Vision';
  if (facts.vision === undefined) return { id: 'vision', label, status: 'skip', detail: `${facts.family ? familyName(facts.family) : 'The server'} does not say whether the model takes images.` };
  if (facts.vision) return { id: 'vision', label, status: 'pass', detail: 'The model takes images (the server says so).' };
  const fix =
    facts.family === 'llama.cpp'
      ? "Start llama-server with the model's projector: --mmproj mmproj.gguf (or -hf with a vision model)."
      : facts.family === 'ollama'
        ? 'Use a vision model (gemma3, qwen2.5vl, llava) for questions about images.'
        : 'Load a vision model (a "VLM") for questions about images.';
  return { id: 'vision', label, status: 'warn', detail: 'The model does not take images (the server says so): attached images cannot be read.', fix };
}

/** How to start the usual server on the address's port. */
function startFix(family: ServerFamily | undefined): string {
  const start =
    family === 'ollama'
      ? 'Start Ollama: ollama serve (port 11434).'
      : family === 'lmstudio'
        ? 'Start LM Studio\'s server: the Developer tab, or lms server start (port 1234).'
        : family === 'llama.cpp'
          ? 'Start llama-server: llama-server -m model.gguf --port 8080.'
          : family === 'vllm'
            ? 'Start vLLM: vllm serve MODEL (port 8000).'
            : 'Start the model server (Ollama: port 11434; LM Studio: 1234; llama-server: 8080; vLLM: 8000).';
  return `${start} Check the address and port in the base URL.`;
}

function cancelled(): PageloopError {
  return new PageloopError('aborted', 'The diagnosis was cancelled.');
}

/** A relative base URL (a proxy on the page's origin) made absolute against the worker's origin. */
function absolute(baseURL: string): string {
  try {
    return new URL(baseURL, self.location.origin).href;
  } catch {
    return baseURL;
  }
}
