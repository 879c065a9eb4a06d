/**
 * How each server family refuses an image when the model has no vision, and
 * the one clear error pageloop makes of it (code `vision-unsupported`, naming
 * the model and the fix). Read only when the request carried an image part,
 * so a text request's error is never mistaken for one.
 *
 * The refusals, as the servers write them (their sources, 2025–26):
 * - llama.cpp's llama-server started without a projector: HTTP 500
 *   `{"error":{"code":500,"message":"image input is not supported - hint: if
 *   this is unexpected, you may need to provide the mmproj","type":"server_error"}}`
 *   (tools/server, `oaicompat_chat_params_parse`). Fix: `--mmproj`.
 * - Ollama's `/v1` with a text-only model: `{"error":{"message":"this model is
 *   missing data required for image input","type":"api_error",…}}` (HTTP 500;
 *   `model.ErrNoVisionModel` passed through `openai.NewError`). Fix: a vision
 *   model (`ollama pull gemma3`, `llava`, `qwen2.5vl`). Older Ollama refused
 *   any array content: "json: cannot unmarshal array into Go struct field
 *   Message.messages.content of type string".
 * - vLLM serving a text-only model: HTTP 400 `{"object":"error","message":
 *   "<model> is not a multimodal model","type":"BadRequestError",…}`. Fix:
 *   serve a vision-language model.
 * - LM Studio with a model without its vision adapter: `{"error":"Model does
 *   not support images. Please use a model that does."}` (HTTP 400), or, from
 *   some runtimes, "Vision add-on is not loaded, but images were provided for
 *   processing" (even with HTTP 200: the stream reader reports it as an error
 *   body). Fix: load a model marked "vision" (`type: "vlm"` in `/api/v0/models`).
 * - Servers that take text parts only: "… allowed values: ['text']",
 *   "Only 'text' content type is supported".
 */
import { PageloopError } from '../errors.js';
import type { WireMessage } from './attachment-parts.js';

/** True when a wire request carries an image part (only then may a refusal mean "no vision"). */
export function carriesImages(messages: readonly WireMessage[]): boolean {
  return messages.some((m) => m.role === 'user' && Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'));
}

/** One family's refusal: how to recognise it, and what fixes it. */
interface Refusal {
  family: string;
  says: RegExp;
  fix: string;
}

const REFUSALS: readonly Refusal[] = [
  { family: 'llama.cpp', says: /image input is not supported|mmproj/i, fix: 'start llama-server with the model\'s vision projector, `--mmproj mmproj-<model>.gguf` (or `-hf` with a vision model), or use a vision model' },
  { family: 'Ollama', says: /missing data required for image input|cannot unmarshal array into Go struct field[^"]*content/i, fix: 'use a vision model (e.g. `ollama pull gemma3` or `llava`, then set it as the model); Ollama older than 0.3 takes no images on /v1 at all: update it' },
  { family: 'vLLM', says: /is not a multimodal model/i, fix: 'serve a vision-language model with vLLM (e.g. Qwen2.5-VL)' },
  { family: 'LM Studio', says: /does not support images|vision add-on is not loaded/i, fix: 'load a model with vision in LM Studio (shown with the vision badge; `type: "vlm"` in /api/v0/models)' },
  { family: 'this server', says: /allowed values:? \[?'text'\]?|only 'text' content type|does not support (?:multi-?modal|vision)|image_url is not supported|images? (?:are|is) not supported/i, fix: 'use a model and server that accept images' },
];

/**
 * The `vision-unsupported` error a server's refusal of an image stands for,
 * or undefined when `message` is not such a refusal.
 */
export function visionRefusal(message: string, model: string): PageloopError | undefined {
  const refusal = REFUSALS.find((r) => r.says.test(message));
  if (!refusal) return undefined;
  const who = model ? `The model "${model}"` : 'The model';
  const server = refusal.family === 'this server' ? '' : ` (${refusal.family})`;
  return new PageloopError(
    'vision-unsupported',
    `${who}${server} cannot read images: ${refusal.fix}. Your message is kept; send it again without the image, or switch to a vision model and retry. (The server said: ${message.trim()})`,
  );
}
