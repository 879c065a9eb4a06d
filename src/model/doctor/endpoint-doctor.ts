/**
 * The doctor for an OpenAI-compatible endpoint: the checks a user needs when
 * "the model does not work", in the order they depend on each other —
 * something answers; this page may read it (CORS); which server it is; the
 * model is there; the window it really runs at; native tool calls or the
 * text protocol; the stream's quirks; the first token's latency; images.
 * A check that cannot be made because an earlier one failed is a `skip` that
 * says so. Every request is bounded in time and closed when `signal` fires.
 */
import type { Diagnosis, DiagnosisCheck, DiagnosisLine, ServerFamily } from '../../diagnosis-types.js';
import { check, line } from '../../diagnosis-lines.js';
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
  const skipRest = (why: DiagnosisLine, ids: Array<[string, string]>) => ids.forEach(([id, label]) => checks.push(check(id, label, 'skip', [why])));
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
      checks.push(check('reachable', 'Reachable', 'fail', [line('dxReachTimeout', url.origin, url.pathname, GET_TIMEOUT_MS / 1000)], [line('dxReachTimeoutFix')]));
      skipRest(line('dxSkipNoAnswer'), [['cors', 'CORS'], ...later]);
      return finish();
    }
    // The browser says "Failed to fetch" for a refused connection and a CORS refusal alike: an opaque request tells them apart.
    const answers = await getsAnswer(url.href, 'no-cors', fetchImpl, GET_TIMEOUT_MS, signal);
    if (signal.aborted) throw cancelled();
    const ms = Math.round(performance.now() - t0);
    if (!answers) {
      checks.push(check('reachable', 'Reachable', 'fail', [line('dxReachNothing', url.origin)], startFix(familyByPort(url))));
      skipRest(line('dxSkipNothing'), [['cors', 'CORS'], ...later]);
      return finish();
    }
    // Something answers. Asked once more the ordinary way: a reset of the first request would now succeed.
    listingResponse = await get(url.href).catch(() => undefined);
    if (signal.aborted) throw cancelled();
    if (!listingResponse) {
      const guess = familyByPort(url);
      checks.push(check('reachable', 'Reachable', 'pass', [line('dxReachSomething', url.origin, ms)]));
      checks.push(check('cors', 'CORS', 'fail', [guess ? line('dxCorsRefusedGuess', origin, familyName(guess)) : line('dxCorsRefused', origin)], corsFix(guess, origin)));
      skipRest(line('dxSkipUnreadable'), later);
      return finish();
    }
  }
  const ms = Math.round(performance.now() - t0);
  checks.push(check('reachable', 'Reachable', 'pass', [line('dxReachOk', url.origin, url.pathname, ms, listingResponse.status)]));
  checks.push(check('cors', 'CORS', 'pass', [url.origin === origin ? line('dxCorsSame') : line('dxCorsAllowed', origin)]));

  // 2. The model list, and what it gives away of the server.
  const listing = await readListing(listingResponse, url);
  if ('problem' in listing) {
    checks.push(check('server', 'Server', 'skip', [line('dxServerNoListing')]));
    checks.push(check('models', 'Model', 'fail', [listing.problem], [listing.fix]));
    skipRest(line('dxSkipNoListing'), later.slice(2));
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
  checks.push(
    check('server', 'Server', 'pass', [family ? (facts.version ? line('dxServerIsVersion', familyName(family), facts.version) : line('dxServerIs', familyName(family))) : line('dxServerOther')]),
  );
  checks.push(modelCheck(family, config.model, listedIds(listing.body)));
  checks.push(contextCheck(facts, config));
  const probed = probe ? await probeTools({ endpoint, model: config.model, headers, fetch: fetchImpl }, signal) : undefined;
  checks.push(...probeChecks(probed, family, config.toolProtocol ?? 'auto', facts));
  checks.push(visionCheck(facts));
  return finish(family);
}

async function readListing(response: Response, url: URL): Promise<{ body: unknown } | { problem: DiagnosisLine; fix: DiagnosisLine }> {
  if (response.status === 401 || response.status === 403) {
    return { problem: line('dxListRefused', response.status), fix: line('dxListRefusedFix') };
  }
  if (!response.ok) return { problem: line('dxListStatus', url.pathname, response.status), fix: line('dxListStatusFix') };
  try {
    return { body: await response.json() };
  } catch {
    return { problem: line('dxListNotJson', url.href), fix: line('dxListNotJsonFix') };
  }
}

function modelCheck(family: ServerFamily | undefined, model: string, listed: string[]): DiagnosisCheck {
  const say = (status: DiagnosisCheck['status'], detail: DiagnosisLine, fix?: DiagnosisLine[]) => check('models', 'Model', status, [detail], fix);
  const found = listed.some((id) => (family === 'ollama' ? sameOllamaModel(id, model) : id === model));
  if (found) return say('pass', line('dxModelListed', model, listed.length));
  if (listed.length === 0) return say('warn', line('dxModelNoneListed', model), missingModelFix(family, model, listed));
  // llama-server serves its one model whatever name a request gives.
  if (family === 'llama.cpp') return say('warn', line('dxModelLlama', listed[0]!, model), [line('dxModelLlamaFix', listed[0]!)]);
  return say('fail', line('dxModelMissing', model, listed.join(', ')), missingModelFix(family, model, listed));
}

function contextCheck(facts: FamilyFacts, config: EndpointDoctorConfig): DiagnosisCheck {
  const say = (status: DiagnosisCheck['status'], detail: DiagnosisLine[], fix?: DiagnosisLine[]) => check('context', 'Context window', status, detail, fix);
  const context = facts.context;
  if (!context) {
    const budget = config.contextTokens ?? SMALL_CONTEXT;
    return say('skip', [config.contextTokens ? line('dxContextUnknownSet', budget) : line('dxContextUnknown', budget)], [line('dxContextUnknownFix')]);
  }
  const tokens = context.tokens;
  const family = facts.family;
  if (config.contextTokens !== undefined && config.contextTokens > tokens) {
    return say('fail', [line('dxContextTooBig', tokens, context.source, config.contextTokens)], [line('dxContextTooBigFix', tokens), contextFix(family, config.model, config.contextTokens)]);
  }
  if (facts.ollamaDefault && (facts.trainedContext ?? 0) > tokens) {
    return say('warn', [line('dxContextOllamaTrap', tokens, context.source, config.model, facts.trainedContext ?? 0)], [contextFix('ollama', config.model, Math.min(facts.trainedContext ?? 32768, 32768))]);
  }
  // The agent asks llama-server and Ollama for the window itself; other servers' it cannot read.
  const tell = (family === 'vllm' || family === 'lmstudio') && config.contextTokens === undefined ? [line('dxContextTell', tokens)] : [];
  if (tokens < UNUSABLE_CONTEXT) return say('fail', [line('dxContextUnusable', tokens, context.source)], [contextFix(family, config.model, 16384)]);
  if (tokens < SMALL_CONTEXT) return say('warn', [line('dxContextSmall', tokens, context.source), ...tell], [contextFix(family, config.model, 16384)]);
  return say(tell.length ? 'warn' : 'pass', [line('dxContextOk', tokens, context.source), ...tell], tell.length ? [line('dxContextSetFix', tokens)] : undefined);
}

function probeChecks(probed: ProbeResult | undefined, family: ServerFamily | undefined, protocol: 'auto' | 'native' | 'text', facts: FamilyFacts): DiagnosisCheck[] {
  const tools = (status: DiagnosisCheck['status'], detail: DiagnosisLine[], fix?: DiagnosisLine[]) => check('tools', 'Tool calls', status, detail, fix);
  const streamCheck = (status: DiagnosisCheck['status'], detail: DiagnosisLine[]) => check('stream', 'Stream', status, detail);
  const first = (status: DiagnosisCheck['status'], detail: DiagnosisLine, fix?: DiagnosisLine[]) => check('first-token', 'First token', status, [detail], fix);
  if (!probed) {
    const detail = line('dxNotProbed');
    return [tools('skip', [detail]), streamCheck('skip', [detail]), first('skip', detail)];
  }
  const out: DiagnosisCheck[] = [];
  const noSupport = facts.tools === false;
  switch (probed.outcome) {
    case 'native':
      out.push(tools('pass', [line('dxToolsNative', PROBE_TOOL), ...(protocol === 'text' ? [line('dxToolsNativeButText')] : [])]));
      break;
    case 'refused':
      out.push(tools(protocol === 'native' ? 'fail' : 'warn', [protocol === 'native' ? line('dxToolsRefusedNative', probed.message ?? '') : line('dxToolsRefused', probed.message ?? '')], toolsFix(family)));
      break;
    case 'text-call':
      out.push(
        tools('warn', [noSupport ? line('dxToolsTextCallNoSupport', PROBE_TOOL) : line('dxToolsTextCall', PROBE_TOOL)], [line('dxToolsTextCallFix'), ...(family === 'llama.cpp' ? [line('dxToolsTextCallFixLlama')] : [])]),
      );
      break;
    case 'text':
      out.push(tools('warn', [noSupport ? line('dxToolsTextNoSupport', PROBE_TOOL) : line('dxToolsText', PROBE_TOOL)], [line('dxToolsTextFix')]));
      break;
    case 'thinking':
      out.push(tools('skip', [line('dxToolsThinking', PROBE_MAX_TOKENS)], [line('dxToolsThinkingFix')]));
      break;
    case 'error':
      out.push(tools('fail', [line('dxToolsError', probed.message ?? '')], [line('dxToolsErrorFix')]));
      break;
  }
  const read = probed.outcome !== 'error' && probed.outcome !== 'refused';
  out.push(read ? streamCheck('pass', [...probed.quirks.flatMap((q, i) => (i ? [line('dxQuirkSep'), q] : [q])), line('dxEnd')]) : streamCheck('skip', [line('dxNoStream')]));
  if (probed.firstTokenMs === undefined) {
    out.push(first('skip', read ? line('dxNoToken') : line('dxNoStream')));
  } else if (probed.firstTokenMs > SLOW_FIRST_TOKEN_MS) {
    out.push(first('warn', line('dxFirstSlow', probed.firstTokenMs, probed.totalMs), [line('dxFirstSlowFix')]));
  } else {
    out.push(first('pass', line('dxFirstOk', probed.firstTokenMs, probed.totalMs, PROBE_MAX_TOKENS)));
  }
  return out;
}

function visionCheck(facts: FamilyFacts): DiagnosisCheck {
  const say = (status: DiagnosisCheck['status'], detail: DiagnosisLine, fix?: DiagnosisLine[]) => check('vision', 'Vision', status, [detail], fix);
  if (facts.vision === undefined) return say('skip', facts.family ? line('dxVisionUnknownOf', familyName(facts.family)) : line('dxVisionUnknown'));
  if (facts.vision) return say('pass', line('dxVisionYes'));
  const fix = facts.family === 'llama.cpp' ? line('dxVisionFixLlama') : facts.family === 'ollama' ? line('dxVisionFixOllama') : line('dxVisionFixAny');
  return say('warn', line('dxVisionNo'), [fix]);
}

/** How to start the usual server on the address's port. */
function startFix(family: ServerFamily | undefined): DiagnosisLine[] {
  const start =
    family === 'ollama'
      ? line('dxStartOllama')
      : family === 'lmstudio'
        ? line('dxStartLmstudio')
        : family === 'llama.cpp'
          ? line('dxStartLlama')
          : family === 'vllm'
            ? line('dxStartVllm')
            : line('dxStartAny');
  return [start, line('dxCheckAddress')];
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
