// @ts-check
/**
 * An OTLP/HTTP trace receiver in the test runner's dev server (no
 * OpenTelemetry Collector binary can be had here: not in Debian, not on npm).
 * It decodes what the exporters send with the official OTLP definitions —
 * opentelemetry-proto's `ExportTraceServiceRequest`, compiled by protobufjs as
 * @opentelemetry/otlp-transformer 0.208 shipped it (the dev dependency
 * `otlp-proto-definitions`) — and answers 400 to a payload they refuse:
 *
 * - `application/x-protobuf`: decoded as the binary message;
 * - `application/json`: OTLP/JSON (lowerCamelCase fields, ids as hex, enums
 *   as numbers, 64-bit integers as decimal strings or numbers), checked
 *   field by field against the same message type (`verify`), ids and times
 *   checked for their OTLP/JSON form first.
 *
 * Routes, under `/__otlp/<bucket>` (each test its own bucket):
 * - `POST …/v1/traces`: the collector endpoint; answers `{}` (an
 *   ExportTraceServiceResponse with nothing rejected), or 400 and the reason.
 *   `?status=503` answers that status instead (a collector in trouble);
 *   `?delay=800` answers that many ms late (a slow collector).
 * - `GET …/received`: `{ requests: [{ contentType, headers, spans }], rejected: [reasons] }`,
 *   the spans flattened (ids as hex, attributes as plain values, resource and scope beside).
 * Every answer carries CORS headers, and preflights are answered, as a real
 * collector must be configured to (the tests post from another origin).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** @type {any} */
const root = require('otlp-proto-definitions/build/src/generated/root.js');
/** @type {any} */
const Request = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const PREFIX = '/__otlp/';

/** @typedef {{ contentType: string, headers: Record<string, string | string[] | undefined>, spans: object[] }} Received */
/** @type {Map<string, { requests: Received[], rejected: string[] }>} */
const buckets = new Map();

/** @param {string} name */
function bucket(name) {
  let b = buckets.get(name);
  if (!b) buckets.set(name, (b = { requests: [], rejected: [] }));
  return b;
}

/** @param {import('node:http').IncomingMessage} req @returns {Promise<Buffer>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

const HEX = { traceId: 32, spanId: 16, parentSpanId: 16 };

/**
 * OTLP/JSON's departures from protobuf's own JSON mapping, undone so the
 * message type can check the rest: hex ids to bytes, decimal-string 64-bit
 * integers to numbers. Throws on an id or time that is not in OTLP/JSON form.
 * @param {unknown} value @param {string} [key] @returns {unknown}
 */
function fromOtlpJson(value, key) {
  if (Array.isArray(value)) return value.map((v) => fromOtlpJson(v, key));
  if (value && typeof value === 'object') {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = fromOtlpJson(v, k);
    return out;
  }
  if (key && key in HEX) {
    const length = HEX[/** @type {keyof typeof HEX} */ (key)];
    if (key === 'parentSpanId' && value === '') return new Uint8Array();
    if (typeof value !== 'string' || !new RegExp(`^[0-9a-f]{${length}}$`, 'i').test(value)) throw new Error(`${key} must be ${length} hex digits, got ${JSON.stringify(value)}`);
    return Buffer.from(value, 'hex');
  }
  if (key && /UnixNano$|^intValue$/.test(key)) {
    if (typeof value === 'string') {
      if (!/^-?\d+$/.test(value)) throw new Error(`${key} must be an integer, got ${JSON.stringify(value)}`);
      return Number(value);
    }
  }
  return value;
}

/** An AnyValue as a plain value. @param {any} v @returns {unknown} */
function plain(v) {
  if (!v) return undefined;
  if ('stringValue' in v) return v.stringValue;
  if ('boolValue' in v) return v.boolValue;
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(plain);
  return undefined;
}

/** @param {any[] | undefined} list */
const attributes = (list) => Object.fromEntries((list ?? []).map((kv) => [kv.key, plain(kv.value)]));
/** @param {any} bytes */
const hex = (bytes) => (bytes && bytes.length ? Buffer.from(bytes).toString('hex') : undefined);

/** The spans of a decoded request, flattened. @param {any} message */
function flatten(message) {
  const object = Request.toObject(message, { longs: String, defaults: false });
  const spans = [];
  for (const rs of object.resourceSpans ?? []) {
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        spans.push({
          resource: attributes(rs.resource?.attributes),
          scope: ss.scope?.name,
          traceId: hex(s.traceId),
          spanId: hex(s.spanId),
          parentSpanId: hex(s.parentSpanId),
          name: s.name,
          kind: s.kind,
          startTimeUnixNano: s.startTimeUnixNano,
          endTimeUnixNano: s.endTimeUnixNano,
          attributes: attributes(s.attributes),
          events: (s.events ?? []).map((/** @type {any} */ e) => ({ name: e.name, timeUnixNano: e.timeUnixNano, attributes: attributes(e.attributes) })),
          status: { code: s.status?.code ?? 0, message: s.status?.message },
        });
      }
    }
  }
  return spans;
}

/** @param {Buffer} body @param {string} contentType */
function decode(body, contentType) {
  if (contentType.startsWith('application/x-protobuf')) return Request.decode(body);
  if (!contentType.startsWith('application/json')) throw new Error(`unsupported content type ${JSON.stringify(contentType)}`);
  const object = fromOtlpJson(JSON.parse(body.toString('utf8')));
  const problem = Request.verify(object);
  if (problem) throw new Error(problem);
  return Request.fromObject(object);
}

/** The receiver, as one Koa middleware. */
export function otlpReceiver() {
  /** @param {any} ctx @param {() => Promise<void>} next */
  return async (ctx, next) => {
    const url = new URL(ctx.request.url ?? ctx.url, 'http://localhost');
    if (!url.pathname.startsWith(PREFIX)) return next();
    const [name, ...rest] = url.pathname.slice(PREFIX.length).split('/');
    const route = rest.join('/');
    ctx.set('Access-Control-Allow-Origin', ctx.get('origin') || '*');
    ctx.set('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
    ctx.set('Access-Control-Allow-Headers', ctx.get('access-control-request-headers') || 'content-type');
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      return;
    }
    const b = bucket(name ?? '');
    if (route === 'received' && ctx.method === 'GET') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(b);
      return;
    }
    if (route !== 'v1/traces' || ctx.method !== 'POST') return next();
    const body = await readBody(ctx.req);
    const delay = Number(url.searchParams.get('delay'));
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const forced = Number(url.searchParams.get('status'));
    if (forced) {
      ctx.status = forced;
      return;
    }
    const contentType = String(ctx.get('content-type'));
    try {
      const spans = flatten(decode(body, contentType));
      b.requests.push({ contentType, headers: ctx.req.headers, spans });
      ctx.type = contentType.startsWith('application/json') ? 'application/json' : 'application/x-protobuf';
      ctx.body = contentType.startsWith('application/json') ? '{}' : Buffer.alloc(0);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      b.rejected.push(reason);
      ctx.status = 400;
      ctx.type = 'text/plain';
      ctx.body = `malformed OTLP payload: ${reason}`;
    }
  };
}
