// @ts-check
/**
 * The mock endpoint's image rules (Node side, used by mock-handler.js):
 * what content parts a request carried, decoded so tests assert exactly what
 * arrived, and how each server family refuses an image when its model has no
 * vision — word for word, status and body shape as the servers answer
 * (src/model/vision-refusal.ts lists the sources):
 *
 * - llama.cpp (llama-server without --mmproj): HTTP 500, `{ error: { code, message, type: 'server_error' } }`.
 * - Ollama (/v1, a text-only model): HTTP 500, `{ error: { message, type: 'api_error', param: null, code: null } }`;
 *   an image that is not a data URL: HTTP 400 "invalid image input".
 * - vLLM (a text-only model): HTTP 400, `{ object: 'error', message: '<model> is not a multimodal model', type: 'BadRequestError', … }`.
 * - LM Studio (no vision adapter): HTTP 400, `{ error: 'Model does not support images. Please use a model that does.' }`.
 *
 * Every family: an image part outside a user message is refused (HTTP 400),
 * as OpenAI's API refuses it — tool messages hold text only.
 */

/**
 * One content part as the mock received it.
 * @typedef {object} ReceivedPart
 * @property {number} message Index of its message in the request.
 * @property {string} role Its message's role.
 * @property {'text' | 'image_url' | string} type
 * @property {string} [text] A text part's text.
 * @property {string} [mime] An image's type, from its data URL.
 * @property {number} [bytes] An image's decoded size in bytes.
 * @property {number} [width] An image's pixel width (PNG and JPEG headers read).
 * @property {number} [height]
 * @property {string} [url] An image URL that is not a data URL.
 */

/**
 * Every content part of a request's messages (string contents are not parts).
 * @param {{ messages?: Array<{ role: string, content?: unknown }> }} body
 * @returns {ReceivedPart[]}
 */
export function receivedParts(body) {
  /** @type {ReceivedPart[]} */
  const parts = [];
  (body.messages ?? []).forEach((m, message) => {
    if (!Array.isArray(m.content)) return;
    for (const part of m.content) {
      if (part?.type === 'text') parts.push({ message, role: m.role, type: 'text', text: String(part.text) });
      else if (part?.type === 'image_url') parts.push({ message, role: m.role, type: 'image_url', ...decodeImage(String(part.image_url?.url ?? '')) });
      else parts.push({ message, role: m.role, type: String(part?.type) });
    }
  });
  return parts;
}

/**
 * The refusal `script` calls for, or undefined when the request may go on.
 * @param {{ server?: string, vision?: boolean }} script
 * @param {{ model?: string }} body
 * @param {ReceivedPart[]} parts
 * @returns {{ status: number, body: unknown, why: string } | undefined}
 */
export function refuseImage(script, body, parts) {
  const images = parts.filter((p) => p.type === 'image_url');
  if (images.length === 0) return undefined;
  const misplaced = images.find((p) => p.role !== 'user');
  if (misplaced) {
    const message = `Invalid 'messages[${misplaced.message}]': image_url parts are only allowed in messages with role 'user' (got '${misplaced.role}').`;
    return { status: 400, body: { error: { message, type: 'invalid_request_error', param: null, code: null } }, why: 'image outside a user message' };
  }
  if (script.server === 'ollama' && images.some((p) => p.url !== undefined)) {
    return { status: 400, body: { error: { message: 'invalid image input', type: 'invalid_request_error', param: null, code: null } }, why: 'not a data URL' };
  }
  if (script.vision !== false) return undefined;
  const model = body.model ?? 'mock-model';
  switch (script.server) {
    case 'ollama':
      return { status: 500, body: { error: { message: 'this model is missing data required for image input', type: 'api_error', param: null, code: null } }, why: 'ollama: no vision' };
    case 'vllm':
      return { status: 400, body: { object: 'error', message: `${model} is not a multimodal model`, type: 'BadRequestError', param: null, code: 400 }, why: 'vllm: no vision' };
    case 'lmstudio':
      return { status: 400, body: { error: 'Model does not support images. Please use a model that does.' }, why: 'lmstudio: no vision' };
    default:
      return {
        status: 500,
        body: { error: { code: 500, message: 'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj', type: 'server_error' } },
        why: 'llama.cpp: no vision',
      };
  }
}

/**
 * An image URL's type, size and pixel size.
 * @param {string} url
 * @returns {Partial<ReceivedPart>}
 */
function decodeImage(url) {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (!match) return { url };
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  return { mime: match[1], bytes: bytes.length, ...pixelSize(bytes) };
}

/**
 * Width and height from a PNG's IHDR or a JPEG's first SOF marker.
 * @param {Buffer} b
 * @returns {{ width?: number, height?: number }}
 */
function pixelSize(b) {
  if (b.length > 24 && b.readUInt32BE(0) === 0x89504e47) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return {};
      const marker = b[i + 1] ?? 0;
      const length = b.readUInt16BE(i + 2);
      // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      i += 2 + length;
    }
  }
  return {};
}
