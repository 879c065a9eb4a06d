/**
 * The small pure checks the settings table (src/settings.ts) gives its rows.
 * Each says what is wrong with a value, worded to follow the option's name
 * (" must be a whole number of at least 1", "[\"x\"].steps must be …"), or
 * returns undefined when the value is fine. They never see `undefined`: an
 * absent option is the default, and always fine.
 *
 * A row names its check (`CheckSpec`) and the page looks it up in `CHECKS`
 * (src/setting-checks.ts), so only the page carries these functions.
 */
import { isAttachmentOptions } from './attachment-checks.js';

/** What a row's check is: the problem with `value`, or undefined. */
export type Check = (value: unknown) => string | undefined;

/** A plain object (not an array). */
export const isObject: Check = (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? undefined : ' must be an object');

/** Header names to string values. */
export const isHeaders: Check = (v) =>
  isObject(v) === undefined && Object.values(v as object).every((h) => typeof h === 'string') ? undefined : ' must be an object of header names to strings';

/** `engine`: a GGUF model's URL or a File/Blob holding one. */
export const isEngine: Check = (v) => {
  if (typeof v !== 'object' || v === null) return ' must be an object, e.g. { gguf: "/models/qwen2.5-0.5b-instruct-q4_k_m.gguf" }';
  const { gguf, gpu, gpuLayers } = v as { gguf?: unknown; gpu?: unknown; gpuLayers?: unknown };
  if (!(gguf instanceof Blob || (typeof gguf === 'string' && gguf !== ''))) return '.gguf must be the URL of a .gguf file, or a File/Blob holding one';
  if (gpu !== undefined && gpu !== 'auto' && gpu !== 'off') return `.gpu must be 'auto' or 'off' (got ${JSON.stringify(gpu)})`;
  if (gpuLayers !== undefined && !(Number.isInteger(gpuLayers) && (gpuLayers as number) >= 0)) return `.gpuLayers must be a whole number of at least 0 (got ${String(gpuLayers)})`;
  return undefined;
};

/** `subAgents`: true, false or the child's settings. */
export const isSubAgents: Check = (v) => {
  if (typeof v === 'boolean') return undefined;
  const problem = ' must be true, false or { maxIterations?: whole number ≥ 1, model?: string, systemPrompt?: string, agui?: { url } }';
  if (typeof v !== 'object' || v === null) return problem;
  const { maxIterations: max, model, systemPrompt, agui } = v as Record<string, unknown>;
  const good = (max === undefined || (Number.isInteger(max) && (max as number) >= 1)) && (model === undefined || (typeof model === 'string' && model !== '')) && (systemPrompt === undefined || typeof systemPrompt === 'string');
  if (!good) return problem;
  const why = agui === undefined ? undefined : isAgUi(agui);
  return why && `.agui${why}`;
};

/** `workflows`: named templates, each with a description, steps and (optional) tool names. */
export const isWorkflows: Check = (v) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return ' must be an object of named templates, e.g. { "follow-up": { description, steps: [...] } }';
  for (const [name, template] of Object.entries(v)) {
    const at = `["${name}"]`;
    if (!/^[\w-]+$/.test(name)) return `${at}: a workflow's name is letters, digits, "-" and "_" only (it is typed after /workflow)`;
    if (typeof template !== 'object' || template === null) return `${at} must be { description, steps, tools? }`;
    const t = template as Record<string, unknown>;
    if (typeof t.description !== 'string' || t.description.trim() === '') return `${at}.description must be a sentence saying what the workflow does`;
    if (!Array.isArray(t.steps) || t.steps.length === 0 || !t.steps.every((s) => typeof s === 'string' && s.trim() !== '')) return `${at}.steps must be a non-empty array of non-empty strings`;
    if (t.steps.length > 30) return `${at}.steps: at most 30 steps (a plan holds at most 30 tasks)`;
    if (t.tools !== undefined && (!Array.isArray(t.tools) || !t.tools.every((n) => typeof n === 'string'))) return `${at}.tools must be an array of tool names`;
  }
  return undefined;
};

/** Option `trace`: `{ enabled?, content? }` booleans and `maxBytes`, a whole number of at least 1024. */
export const isTraceOptions: Check = (v) => {
  if (isObject(v) !== undefined) return ' must be an object';
  const { enabled, content, maxBytes } = v as { enabled?: unknown; content?: unknown; maxBytes?: unknown };
  if (enabled !== undefined && typeof enabled !== 'boolean') return '.enabled must be true or false';
  if (content !== undefined && typeof content !== 'boolean') return '.content must be true or false';
  if (maxBytes !== undefined && !(Number.isInteger(maxBytes) && (maxBytes as number) >= 1024)) return '.maxBytes must be a whole number of at least 1024';
  return undefined;
};

/** `{ otlp?: { url, headers?, protocol?, serviceName?, timeoutMs?, maxQueueSize? } }`. */
export const isTelemetryOptions: Check = (v) => {
  if (isObject(v) !== undefined) return ' must be an object';
  const { otlp } = v as { otlp?: unknown };
  if (otlp === undefined) return undefined;
  if (isObject(otlp) !== undefined) return '.otlp must be an object';
  const { url, headers, protocol, serviceName, timeoutMs, maxQueueSize } = otlp as Record<string, unknown>;
  if (typeof url !== 'string' || url === '') return '.otlp.url must be the URL of an OTLP/HTTP traces endpoint, e.g. "http://localhost:4318/v1/traces"';
  if (headers !== undefined && isHeaders(headers) !== undefined) return '.otlp.headers must be an object of strings';
  if (protocol !== undefined && protocol !== 'json' && protocol !== 'protobuf') return '.otlp.protocol must be "json" or "protobuf"';
  if (serviceName !== undefined && (typeof serviceName !== 'string' || serviceName === '')) return '.otlp.serviceName must be a non-empty string';
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs))) return '.otlp.timeoutMs must be a positive number of ms';
  if (maxQueueSize !== undefined && !(Number.isInteger(maxQueueSize) && (maxQueueSize as number) >= 1)) return '.otlp.maxQueueSize must be a whole number of at least 1';
  return undefined;
};

/** Option `webmcp`: `{ expose?, consume? }`, booleans. */
export const isWebMcp: Check = (v) => {
  if (isObject(v) !== undefined) return ' must be an object, e.g. { expose: true, consume: true }';
  for (const [key, value] of Object.entries(v as object)) {
    if (key !== 'expose' && key !== 'consume') return ` has no field "${key}" (it takes expose and consume)`;
    if (typeof value !== 'boolean') return `.${key} must be true or false`;
  }
  return undefined;
};

/** Option `mcp`: an array of `{ url, name?, headers?, approval?, tools? }`, names valid and distinct. */
export const isMcpServers: Check = (v) => {
  if (!Array.isArray(v)) return ' must be an array of servers, e.g. [{ url: "http://127.0.0.1:3001/mcp" }]';
  const names = new Set<string>();
  for (const [i, server] of v.entries()) {
    const at = `[${i}]`;
    if (isObject(server) !== undefined) return `${at} must be an object { url, name?, headers?, approval?, tools? }`;
    const { url, name, headers, approval, tools, oauth } = server as Record<string, unknown>;
    if (typeof url !== 'string' || !URL.canParse(url, globalThis.location?.href)) return `${at}.url must be the URL of an MCP endpoint, e.g. "http://127.0.0.1:3001/mcp"`;
    if (name !== undefined && !(typeof name === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(name))) return `${at}.name must be 1 to 32 letters, digits, "_" or "-" (it prefixes the server's tool names)`;
    const key = typeof name === 'string' ? name : undefined;
    if (key !== undefined && names.has(key)) return `${at}.name "${key}" is used by another server; give each a different name`;
    if (key !== undefined) names.add(key);
    if (headers !== undefined && isHeaders(headers) !== undefined) return `${at}.headers${isHeaders(headers)}`;
    if (approval !== undefined && !['ask', 'auto', 'read-only-auto'].includes(approval as string)) return `${at}.approval must be "ask", "auto" or "read-only-auto"`;
    if (tools !== undefined && !(Array.isArray(tools) && tools.every((t) => typeof t === 'string'))) return `${at}.tools must be an array of the server's tool names`;
    if (oauth !== undefined && !(isObject(oauth) === undefined && typeof (oauth as { redirectUrl?: unknown }).redirectUrl === 'string')) return `${at}.oauth must be { redirectUrl }: where the page serves pageloop's mcp-oauth-redirect.html`;
  }
  return undefined;
};

/** Option `agui` (and `subAgents.agui`): `{ url, … }` here; its other fields are checked where the run starts (the worker's remote loop). */
export const isAgUi: Check = (v) => (typeof (v as { url?: unknown } | null)?.url === 'string' ? undefined : ' must be { url, headers?, credentials?, forwardedProps? }, e.g. { url: "/api/agent" }');
/** Option `a2ui`: a boolean or `{ catalogs?, basicCatalog?, limits? }`; the catalogs' contents are checked when their chunk loads (src/page/a2ui/). */
export const isA2ui: Check = (v) =>
  typeof v === 'boolean' || (isObject(v) === undefined && [(v as { catalogs?: unknown }).catalogs].every((c) => c === undefined || Array.isArray(c)))
    ? undefined
    : ' must be true, false or { catalogs?: [...], basicCatalog?, limits? }';

/**
 * Every check a settings row may name (src/settings.ts), by that name: a check,
 * or a maker of one (`wholeAtLeast`, `between`, `oneOf`) that the row gives
 * its arguments. The longer checks are above.
 */
export const CHECKS = {
  /** A string (empty allowed: an empty system prompt is a choice). */
  string: (v: unknown) => (typeof v === 'string' ? undefined : ' must be a string'),
  /** A non-empty string. */
  name: (v: unknown) => (typeof v === 'string' && v !== '' ? undefined : ' must be a non-empty string'),
  boolean: (v: unknown) => (typeof v === 'boolean' ? undefined : ' must be true or false'),
  /** A positive, finite number of milliseconds. */
  positiveMs: (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? undefined : ' must be a positive number of milliseconds'),
  /** A whole number of at least `min`. */
  wholeAtLeast:
    (min: number): Check =>
    (v) =>
      Number.isInteger(v) && (v as number) >= min ? undefined : ` must be a whole number of at least ${min}`,
  /** A finite number from `min` to `max`. */
  between:
    (min: number, max: number): Check =>
    (v) =>
      typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? undefined : ` must be a number from ${min} to ${max}`,
  /** One of `values`. */
  oneOf:
    (...values: readonly unknown[]): Check =>
    (v) =>
      values.includes(v) ? undefined : ` must be ${values.map((x) => JSON.stringify(x)).join(', ').replace(/, ([^,]*)$/, ' or $1')}`,
  object: isObject,
  headers: isHeaders,
  engine: isEngine,
  subAgents: isSubAgents,
  workflows: isWorkflows,
  trace: isTraceOptions,
  telemetry: isTelemetryOptions,
  webmcp: isWebMcp,
  mcp: isMcpServers,
  attachments: isAttachmentOptions,
  agui: isAgUi,
  a2ui: isA2ui,
};

type Checks = typeof CHECKS;
/** How a row names its check: a check's name, or a maker's name followed by its arguments (`'string'`, `['wholeAtLeast', 1]`). */
export type CheckSpec = { [N in keyof Checks]: Checks[N] extends Check ? N : Checks[N] extends (...args: infer A) => Check ? readonly [N, ...A] : never }[keyof Checks];
