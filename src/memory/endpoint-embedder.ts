/**
 * Embeddings from an OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama,
 * llama.cpp, LM Studio, vLLM), by plain `fetch`: a POST per batch is all it
 * takes, and it keeps the memory worker free of the chat client's weight.
 */
import { PageloopError } from '../errors.js';
import type { EmbedderEndpoint } from '../memory-types.js';
import type { Embedder } from './offline-embedder.js';

/** Inputs per request: large enough to amortize round trips, small enough for local servers. */
const BATCH = 64;

interface EmbeddingsResponse {
  data?: { index?: number; embedding?: unknown }[];
}

/** Embeds through an OpenAI-compatible endpoint, in batches of 64 inputs. */
export class EndpointEmbedder implements Embedder {
  readonly id: string;
  readonly #endpoint: EmbedderEndpoint;
  readonly #fetch: typeof fetch;
  #dimensions: number | undefined;

  constructor(endpoint: EmbedderEndpoint, dimensions?: number, fetchImpl: typeof fetch = (input, init) => fetch(input, init)) {
    this.#endpoint = endpoint;
    this.#fetch = fetchImpl;
    this.#dimensions = dimensions;
    this.id = `endpoint:${endpoint.baseURL}#${endpoint.model}`;
  }

  /** Known after the first embedding when not configured. */
  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      out.push(...(await this.#request(texts.slice(i, i + BATCH), signal)));
    }
    return out;
  }

  async #request(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const url = this.#endpoint.baseURL.replace(/\/+$/, '') + '/embeddings';
    const headers: Record<string, string> = { 'content-type': 'application/json', ...this.#endpoint.headers };
    if (this.#endpoint.apiKey) headers.authorization = `Bearer ${this.#endpoint.apiKey}`;
    let res: Response;
    try {
      res = await this.#fetch(url, { method: 'POST', headers, body: JSON.stringify({ model: this.#endpoint.model, input }), signal: signal ?? null });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new PageloopError('network', `Embedding endpoint ${url} unreachable: ${err instanceof Error ? err.message : String(err)}`, true);
    }
    if (!res.ok) {
      const detail = (await res.text().catch(() => '')).slice(0, 300);
      throw new PageloopError('http', `Embedding endpoint answered ${res.status}: ${detail}`, res.status === 429 || res.status >= 500);
    }
    const body = (await res.json().catch(() => ({}))) as EmbeddingsResponse;
    const data = Array.isArray(body.data) ? body.data : [];
    if (data.length !== input.length) {
      throw new PageloopError('empty-response', `Embedding endpoint returned ${data.length} embeddings for ${input.length} inputs.`);
    }
    // Servers may answer out of order; `index` is the contract.
    const vectors = new Array<Float32Array>(input.length);
    data.forEach((item, position) => {
      const index = typeof item.index === 'number' ? item.index : position;
      if (!Array.isArray(item.embedding) || index < 0 || index >= input.length) {
        throw new PageloopError('empty-response', 'Embedding endpoint returned a malformed embedding.');
      }
      const vector = Float32Array.from(item.embedding as number[]);
      this.#dimensions ??= vector.length;
      if (vector.length !== this.#dimensions) {
        throw new PageloopError('bad-request', `Embedding has ${vector.length} dimensions; this memory uses ${this.#dimensions}.`);
      }
      vectors[index] = vector;
    });
    return vectors;
  }
}
