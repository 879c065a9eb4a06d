/**
 * What the doctor knows of each local server family: how to recognise it,
 * where it says its real context window and whether the model sees images,
 * and the fix for each problem in that server's own words. Learned from the
 * servers' sources and docs, not guessed:
 *
 * - llama.cpp server (tools/server): `GET /v1/models` lists its one model with
 *   `owned_by: "llamacpp"` and `meta.n_ctx_train`; `GET /props` answers
 *   `default_generation_settings.n_ctx` (the window of one slot: `-c` divided
 *   by `--parallel`), `total_slots`, `modalities.vision`, `build_info`. It lets
 *   every origin read its answers (no flag needed); without `--jinja` (older
 *   builds) it refuses `tools` with "tools param requires --jinja flag".
 * - Ollama (docs/api.md, docs/openai.md): `/v1/models` says `owned_by:
 *   "library"`; `GET /api/version`; `POST /api/show {model}` answers
 *   `parameters` (a Modelfile's `num_ctx`), `model_info["<arch>.context_length"]`
 *   (the trained length) and `capabilities` (`tools`, `vision`); `GET /api/ps`
 *   the loaded models with the `context_length` they run at. Its OpenAI
 *   endpoint takes no `num_ctx`, so unless the Modelfile or the server's
 *   `OLLAMA_CONTEXT_LENGTH` says otherwise, a model runs at Ollama's default
 *   (4096) whatever it was trained for, and longer prompts are cut silently.
 *   Other origins need `OLLAMA_ORIGINS`.
 * - vLLM (vllm/entrypoints/openai/protocol.py `ModelCard`): `/v1/models` items
 *   have `owned_by: "vllm"`, `root`, `max_model_len`; CORS by
 *   `--allowed-origins`; tools need `--enable-auto-tool-choice --tool-call-parser`.
 * - LM Studio (docs: developer/rest/endpoints): `GET /api/v0/models` items
 *   carry `type` (`llm`, `vlm`, `embeddings`), `state` (`loaded`,
 *   `not-loaded`), `max_context_length` and, once loaded,
 *   `loaded_context_length`; CORS is the server settings' "Enable CORS" toggle
 *   (`lms server start --cors`).
 */
import type { DiagnosisLine, ServerFamily } from '../../diagnosis-types.js';
import { line } from '../../diagnosis-lines.js';

/** Ollama's own default `num_ctx` (it ignores the model's trained length unless told). */
export const OLLAMA_DEFAULT_CONTEXT = 4096;

/** What the server's own endpoints said, read by `readFamilyFacts`. */
export interface FamilyFacts {
  family: ServerFamily | undefined;
  /** A version or build, when the server says one. */
  version?: string;
  /** The window the server really runs the model with, and where that was read. */
  context?: { tokens: number; source: DiagnosisLine };
  /** The length the model was trained for, when the server says it. */
  trainedContext?: number;
  /** Ollama: no Modelfile `num_ctx` and no loaded context seen: the default applies. */
  ollamaDefault?: boolean;
  /** Whether the server says the model takes images; undefined when it does not say. */
  vision?: boolean;
  /** Whether the server says the model (or its chat template) supports tools. */
  tools?: boolean;
}

/** The family a port usually means: only a guess, for a server whose answers cannot be read (CORS). */
export function familyByPort(url: URL): ServerFamily | undefined {
  return ({ '11434': 'ollama', '1234': 'lmstudio', '8080': 'llama.cpp', '8000': 'vllm' } as Record<string, ServerFamily>)[url.port];
}

/** The family `/v1/models` gives away by its fields, if any. */
export function familyFromListing(listing: unknown): ServerFamily | undefined {
  const items = dataOf(listing);
  if (items.some((m) => m.owned_by === 'llamacpp')) return 'llama.cpp';
  if (items.some((m) => m.owned_by === 'vllm' || typeof m.max_model_len === 'number')) return 'vllm';
  if (items.some((m) => m.owned_by === 'library' || m.owned_by === 'ollama')) return 'ollama';
  return undefined;
}

/** The friendly name of a family. */
export function familyName(family: ServerFamily | undefined): string {
  return family === 'llama.cpp' ? 'llama.cpp server' : family === 'ollama' ? 'Ollama' : family === 'vllm' ? 'vLLM' : family === 'lmstudio' ? 'LM Studio' : 'an OpenAI-compatible server';
}

/** How to let `origin` read the server's answers, for the family (or for all when unknown). */
export function corsFix(family: ServerFamily | undefined, origin: string): DiagnosisLine[] {
  const fixes: Record<ServerFamily, DiagnosisLine> = {
    ollama: line('dxCorsOllama', origin),
    lmstudio: line('dxCorsLmstudio'),
    'llama.cpp': line('dxCorsLlama'),
    vllm: line('dxCorsVllm', origin),
  };
  const order: ServerFamily[] = family ? [family, ...(Object.keys(fixes) as ServerFamily[]).filter((f) => f !== family)] : (Object.keys(fixes) as ServerFamily[]);
  return [...order.flatMap((f, i) => (i ? [line('dxSpace'), fixes[f]] : [fixes[f]])), line('dxCorsProxy')];
}

/** How to get a model the server does not list. */
export function missingModelFix(family: ServerFamily | undefined, model: string, listed: string[]): DiagnosisLine[] {
  const pick = listed.length ? line('dxMissingUse', `${listed.slice(0, 8).join(', ')}${listed.length > 8 ? ', …' : ''}`) : line('dxMissingLoad');
  const get =
    family === 'ollama' ? [line('dxMissingOllama', model)] : family === 'lmstudio' ? [line('dxMissingLmstudio', model)] : family === 'vllm' ? [line('dxMissingVllm')] : [];
  return [pick, ...get, line('dxEnd')];
}

/** How to give the model a bigger window, in the family's words. */
export function contextFix(family: ServerFamily | undefined, model: string, want: number): DiagnosisLine {
  if (family === 'llama.cpp') return line('dxWindowLlama', want);
  if (family === 'ollama') return line('dxWindowOllama', want, model, `${model}-${want / 1024}k`);
  if (family === 'vllm') return line('dxWindowVllm', want);
  if (family === 'lmstudio') return line('dxWindowLmstudio', want, model);
  return line('dxWindowAny');
}

/** How to get native tool calls from the family, when it refuses them. */
export function toolsFix(family: ServerFamily | undefined): DiagnosisLine[] {
  const server =
    family === 'llama.cpp' ? line('dxToolsFixLlama') : family === 'ollama' ? line('dxToolsFixOllama') : family === 'vllm' ? line('dxToolsFixVllm') : line('dxToolsFixAny');
  return [server, line('dxToolsMeanwhile')];
}

/**
 * Reads the family's own endpoints (answers fetched by the caller; undefined
 * where a request failed) into what the checks need.
 */
export function readFamilyFacts(family: ServerFamily | undefined, model: string, answers: FamilyAnswers): FamilyFacts {
  const facts: FamilyFacts = { family };
  if (family === 'llama.cpp') {
    const props = record(answers.props);
    const settings = record(props?.default_generation_settings);
    const nCtx = positive(settings?.n_ctx) ?? positive(props?.n_ctx);
    if (nCtx) facts.context = { tokens: nCtx, source: positive(props?.total_slots) ? line('dxSourceLlamaSlots', props!.total_slots as number) : line('dxSourceLlama') };
    const vision = record(props?.modalities)?.vision;
    if (typeof vision === 'boolean') facts.vision = vision;
    const caps = record(props?.chat_template_caps);
    if (typeof caps?.supports_tools === 'boolean') facts.tools = caps.supports_tools;
    if (typeof props?.build_info === 'string') facts.version = props.build_info;
    facts.trainedContext = positive(record(dataOf(answers.listing)[0]?.meta)?.n_ctx_train);
  } else if (family === 'ollama') {
    readOllama(facts, model, answers);
  } else if (family === 'vllm') {
    const card = findModel(dataOf(answers.listing), model);
    const max = positive(card?.max_model_len);
    if (max) facts.context = { tokens: max, source: line('dxSourceVllm') };
    if (typeof record(answers.version)?.version === 'string') facts.version = String(record(answers.version)!.version);
  } else if (family === 'lmstudio') {
    const entry = findModel(dataOf(answers.lmstudio), model);
    const loaded = positive(entry?.loaded_context_length);
    if (loaded) facts.context = { tokens: loaded, source: line('dxSourceLmstudio') };
    facts.trainedContext = positive(entry?.max_context_length);
    if (entry?.type === 'vlm') facts.vision = true;
    else if (entry?.type === 'llm') facts.vision = false;
    if (Array.isArray(entry?.capabilities)) facts.tools = entry.capabilities.includes('tool_use');
  }
  return facts;
}

/** The family endpoints' answers (parsed JSON), each undefined where it failed. */
export interface FamilyAnswers {
  listing?: unknown;
  props?: unknown;
  version?: unknown;
  show?: unknown;
  ps?: unknown;
  lmstudio?: unknown;
}

function readOllama(facts: FamilyFacts, model: string, answers: FamilyAnswers): void {
  if (typeof record(answers.version)?.version === 'string') facts.version = String(record(answers.version)!.version);
  const show = record(answers.show);
  const info = record(show?.model_info) ?? {};
  facts.trainedContext = positive(Object.entries(info).find(([key]) => key.endsWith('.context_length'))?.[1]);
  const caps = Array.isArray(show?.capabilities) ? (show.capabilities as unknown[]) : undefined;
  if (caps) {
    facts.vision = caps.includes('vision');
    facts.tools = caps.includes('tools');
  }
  const running = (Array.isArray(record(answers.ps)?.models) ? (record(answers.ps)!.models as unknown[]) : []).map(record).find((m) => m && sameOllamaModel(String(m.name ?? m.model), model));
  const loaded = positive(running?.context_length);
  const numCtx = /^\s*num_ctx\s+(\d+)/m.exec(typeof show?.parameters === 'string' ? show.parameters : '');
  if (loaded) facts.context = { tokens: loaded, source: line('dxSourceOllamaPs') };
  else if (numCtx) facts.context = { tokens: Number(numCtx[1]), source: line('dxSourceModelfile') };
  else if (show) facts.context = { tokens: OLLAMA_DEFAULT_CONTEXT, source: line('dxSourceOllamaDefault') };
  // The trap: nothing chose the window, so Ollama's default applies (loaded or not).
  facts.ollamaDefault = !numCtx && facts.context !== undefined && facts.context.tokens <= OLLAMA_DEFAULT_CONTEXT;
}

/** Ollama resolves a name without a tag to `:latest`. */
export function sameOllamaModel(listed: string, model: string): boolean {
  return listed === model || listed === `${model}:latest` || `${listed}:latest` === model;
}

/** The ids a `/v1/models` answer lists. */
export function listedIds(listing: unknown): string[] {
  return dataOf(listing)
    .map((m) => m.id)
    .filter((id): id is string => typeof id === 'string');
}

function findModel(items: Record<string, unknown>[], model: string): Record<string, unknown> | undefined {
  return items.find((m) => m.id === model) ?? (items.length === 1 ? items[0] : undefined);
}

function dataOf(listing: unknown): Record<string, unknown>[] {
  const data = record(listing)?.data;
  return Array.isArray(data) ? data.map(record).filter((m): m is Record<string, unknown> => m !== undefined) : [];
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
}
