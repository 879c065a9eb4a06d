/**
 * One request of the `fetch` tool, under the rules of its spec: the target and
 * method checked, redirects kept on the allow-list (redirect-guard.ts), the
 * body read up to the cap and rendered as text (HTML through html-to-text).
 * Loaded by fetch-tool-factory.ts on the tool's first call.
 */
import { PageloopError } from '../errors.js';
import { SAFE_METHODS, type FetchArgs, type FetchResult, type FetchSpec } from '../tools/fetch-tool-spec.js';
import { htmlToText } from './html-to-text.js';
import { checkTarget, guardedFetch } from './redirect-guard.js';

/** Runs one fetch under the spec's rules. Refusals and network failures throw `PageloopError`s. */
export async function runFetch(spec: FetchSpec, args: FetchArgs, signal: AbortSignal): Promise<FetchResult> {
  const url = checkTarget(spec, args.url);
  const method = (args.method ?? spec.methods[0] ?? 'GET').toUpperCase();
  if (!spec.methods.includes(method)) {
    throw new PageloopError('refused', `Method ${method} is not allowed; allowed: ${spec.methods.join(', ')}.`);
  }
  if (args.body !== undefined && SAFE_METHODS.has(method)) {
    throw new PageloopError('bad-request', `A ${method} request cannot have a body.`);
  }
  const response = await guardedFetch(spec, { url, method, headers: args.headers, body: args.body }, signal);
  const finalURL = response.url || url.href;
  const contentType = response.headers.get('content-type') ?? '';
  const body = await readCapped(response, spec.maxBytes);
  return {
    url: finalURL,
    status: response.status,
    statusText: response.statusText,
    ok: response.ok,
    redirected: response.redirected,
    contentType,
    bytes: body.bytes.length,
    truncated: body.truncated,
    ...render(body.bytes, contentType, body.truncated, finalURL),
  };
}

/** Reads at most `max` bytes of the body, then cancels the rest of the stream. */
async function readCapped(response: Response, max: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!response.body) return { bytes: new Uint8Array(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, truncated };
}

const TEXTUAL = /^(text\/|application\/(json|xml|javascript|ecmascript|x-www-form-urlencoded|xhtml\+xml|ld\+json)|[^;]*\+(json|xml)\b)/i;

function render(bytes: Uint8Array, contentType: string, truncated: boolean, url: string): { text: string; title?: string } {
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  if (mime !== '' && !TEXTUAL.test(mime)) {
    return { text: `(${mime} content, ${bytes.length}${truncated ? '+' : ''} bytes, not shown: only text, HTML and JSON are read.)` };
  }
  const text = decode(bytes, contentType, truncated);
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return htmlToText(text, url);
  if (mime === 'application/json' || mime.endsWith('+json')) {
    if (truncated) return { text: `${text}\n(cut at ${bytes.length} bytes: the JSON is incomplete)` };
    try {
      return { text: JSON.stringify(JSON.parse(text), null, 2) };
    } catch {
      return { text: `${text}\n(the server said JSON, but this is not valid JSON)` };
    }
  }
  return { text };
}

/** Decodes with the charset the server named (UTF-8 when none or unknown); a character cut at the cap is dropped. */
function decode(bytes: Uint8Array, contentType: string, truncated: boolean): string {
  const charset = /charset="?([\w.:-]+)"?/i.exec(contentType)?.[1] ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(bytes, { stream: truncated });
}
