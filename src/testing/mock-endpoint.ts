/**
 * The browser side of the scripted OpenAI-compatible mock (the middleware in
 * mock-middleware.js runs in the test server). A test posts a script of turns,
 * points the agent at the `baseURL` it gets back, and reads the log of what
 * the agent sent.
 */

/** A chunk the mock writes: an object becomes `data: JSON\n\n`; a string is written raw. */
export type MockChunk = Record<string, unknown> | string;

/** One scripted answer to a chat completion request. */
export interface MockTurn {
  /** SSE frames, in order. */
  chunks?: MockChunk[];
  /** Append `data: [DONE]\n\n` after the chunks (default true). */
  done?: boolean;
  /** Answer with this JSON body instead of a stream. */
  json?: Record<string, unknown>;
  /** Answer `{ error }` with `status` (default 400). */
  error?: Record<string, unknown> | string;
  /** HTTP status (default 200, or 400 with `error`). */
  status?: number;
  /** Extra response headers. */
  headers?: Record<string, string>;
  /** Pause before each chunk, in ms (default 0). */
  delayMs?: number;
  /** After the chunks, keep the connection open until the client closes it. */
  hang?: boolean;
  /**
   * Stop before chunk `holdBefore` (its index in `chunks`) until `MockEndpoint.release()`:
   * the page stays mid-stream for as long as a test looks at it, however loaded the machine
   * (`delayMs` only makes such a moment likely). The request's log entry says `held` meanwhile.
   */
  holdBefore?: number;
  /** After `[DONE]`, wait this long before ending the response (a server's last bytes arriving after the answer). */
  endDelayMs?: number;
  /** Destroy the connection before any response (a crashed server, or a proxy that cuts it). */
  reset?: boolean;
}

/** A standing answer of a `MockScript` (its `replies`). */
export interface MockReply {
  /** The text to look for. */
  when: string;
  /** Where: `system` (default), the request's first message; `last`, its last message. */
  in?: 'system' | 'last';
  turn: MockTurn;
}

/** What the mock answers, in order, one turn per chat completion request. */
export interface MockScript {
  turns: MockTurn[];
  /** How `/embeddings` answers: 'hash' (default) is a deterministic bag-of-words vector. */
  embeddings?: Record<string, number[]> | 'hash';
  /** Model ids `/models` lists (default ['mock-model']). */
  models?: string[];
  /**
   * Standing answers: a chat request that contains `when` — in its first
   * (system) message, or with `in: 'last'` in its last message (the user's
   * words, or a tool result the loop sent back) — is answered with `turn`, as
   * often as it comes, taking no turn of `turns`. The first that matches wins.
   * They let parallel or repeated runs each get the answer their input calls
   * for, which a list of turns in order cannot.
   */
  replies?: MockReply[];
  /**
   * Behave like llama-server run with `-c nCtx`: count each request's prompt
   * (ChatML template, cl100k_base tokens; the js-tiktoken package must be
   * installed where the test server runs), refuse one that does not fit with
   * llama-server's HTTP 400 `exceed_context_size_error` (taking no turn),
   * report the counted usage on every streamed answer, and serve `/props`.
   */
  nCtx?: number;
  /** Answer without CORS headers, as a server that does not let other origins read it. */
  noCors?: boolean;
  /**
   * Answer as that server family does, on its own routes with its own fields:
   * llama.cpp `/props`, `/health`; Ollama `/api/version`, `/api/tags`,
   * `/api/show`, `/api/ps`; vLLM `/version` and `max_model_len`; LM Studio
   * `/api/v0/models`; and each one's `/v1/models` fields.
   */
  family?: 'llama.cpp' | 'ollama' | 'vllm' | 'lmstudio';
  /** With `family`: the window the server runs the model at (Ollama without it: its default 4096). */
  contextLength?: number;
  /** With `family`: the length the model was trained for (default 32768). */
  trainedContext?: number;
  /** Refuse a chat request that offers `tools`, in the family's own words (taking no turn). */
  noTools?: boolean;
  /** The family whose image rules the mock follows (mock-vision.js): how it refuses an image when `vision` is false. */
  server?: 'llama.cpp' | 'ollama' | 'vllm' | 'lmstudio';
  /**
   * Whether the model takes images. With `family`: what the server reports (default no).
   * With `server`: false refuses a request carrying an image part in that server's own words (taking no turn); default true.
   */
  vision?: boolean;
}

/** One content part the mock received, decoded: an image's type, byte size and pixel size read from its data URL. */
export interface ReceivedPart {
  /** Index of its message in the request. */
  message: number;
  role: string;
  type: string;
  text?: string;
  mime?: string;
  bytes?: number;
  width?: number;
  height?: number;
  /** An image URL that is not a data URL. */
  url?: string;
}

/** One request the mock received. */
export interface MockLogEntry {
  path: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** True when the client closed the connection before the answer ended. */
  clientClosedEarly: boolean;
  /** True once a streamed answer was sent to its end. */
  ended?: boolean;
  /** True while the answer waits at its turn's `holdBefore` for `release()`. */
  held?: boolean;
  /** With `nCtx`: the prompt's size as counted. */
  promptTokens?: number;
  /** With `nCtx`: the request did not fit and was refused. */
  refused?: boolean;
  /** The content parts of the request's messages (string contents are not parts). */
  parts?: ReceivedPart[];
  /** The mock refused the request's image, and why. */
  refusedImage?: string;
}

/** A scripted endpoint, ready to be used as an agent's `baseURL`. */
export interface MockEndpoint {
  /** The OpenAI-compatible base URL (relative to the test server), e.g. `/__mock/s1/v1`. */
  baseURL: string;
  /** What the mock has received so far. */
  log(): Promise<MockLogEntry[]>;
  /** Lets the oldest answer held at its `holdBefore` go on; with none held yet, the next hold passes at once. */
  release(): Promise<void>;
}

/**
 * Posts a script to the mock and returns its endpoint.
 *
 * @example
 * const mock = await mockEndpoint({ turns: [textTurn('Hello!')] });
 * const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
 */
export async function mockEndpoint(script: MockScript, options: { origin?: string } = {}): Promise<MockEndpoint> {
  const origin = options.origin ?? '';
  const res = await fetch(`${origin}/__mock/scripts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(script),
  });
  if (!res.ok) throw new Error(`mockEndpoint: the mock refused the script (HTTP ${res.status}); is the mock middleware installed?`);
  const { baseURL } = (await res.json()) as { baseURL: string };
  const root = origin + baseURL;
  return {
    baseURL: root,
    async log() {
      const logRes = await fetch(root.replace(/\/v1$/, '/log'));
      return (await logRes.json()) as MockLogEntry[];
    },
    async release() {
      const res = await fetch(root.replace(/\/v1$/, '/release'), { method: 'POST' });
      if (!res.ok) throw new Error(`mockEndpoint: the mock refused the release (HTTP ${res.status})`);
    },
  };
}
