/**
 * The doctor's answer (`agent.diagnose()`, the composer's `/doctor`): a
 * checklist, each line a check of what the agent needs from its endpoint or
 * in-page engine, with the fix in words wherever a line fails. Plain data: it
 * crosses the worker boundary and is shown by the element as it is.
 * Re-exported by `src/types.ts`.
 */

/** How a check came out: `skip` when it could not be made (or does not apply) and says why. */
export type DiagnosisStatus = 'pass' | 'warn' | 'fail' | 'skip';

/** One line of the checklist. */
export interface DiagnosisCheck {
  /**
   * Stable id of the check: `reachable`, `cors`, `server`, `models`,
   * `context`, `tools`, `stream`, `first-token`, `vision` for an endpoint;
   * `worker`, `threads`, `isolation`, `webgpu`, `cache` for the in-page engine;
   * `model-module` when the agent uses neither.
   */
  id: string;
  /** What was checked, in a few words ("Context window"). */
  label: string;
  status: DiagnosisStatus;
  /** What was found, with the figures ("32768 tokens (llama-server /props n_ctx)"). */
  detail: string;
  /** What to do about it: always present on a `fail` line, often on a `warn` line. */
  fix?: string;
  /**
   * The lines `detail` and `fix` were written from, by stable id with their
   * values (src/diagnosis-lines.ts), so a user interface can say them in its
   * own language; absent in a report from an older version.
   */
  said?: { detail: DiagnosisLine[]; fix?: DiagnosisLine[] };
}

/**
 * One line of a check's finding or fix: its id in src/diagnosis-lines.ts and
 * the values it says — a text quoted as it is (a URL, a server's message), a
 * number, or a line of our own said inside it (where a context size was read).
 */
export interface DiagnosisLine {
  id: string;
  params: Array<string | number | DiagnosisLine>;
}

/** The doctor's checklist for the agent's current endpoint or engine. */
export interface Diagnosis {
  /** What was checked: an endpoint, the in-page engine, or a model module (nothing to check). */
  target: 'endpoint' | 'engine' | 'model-module';
  /** The endpoint's base URL, or the engine's model (a URL, or "a picked file"). */
  subject: string;
  /** The server family, when recognised: `llama.cpp`, `ollama`, `vllm`, `lmstudio`. */
  family?: ServerFamily;
  checks: DiagnosisCheck[];
  /** How long the whole diagnosis took, in ms. */
  durationMs: number;
}

/** The local servers whose own endpoints the doctor knows. */
export type ServerFamily = 'llama.cpp' | 'ollama' | 'vllm' | 'lmstudio';

/** Options of `agent.diagnose()`. */
export interface DiagnoseOptions {
  /** Stops the diagnosis: every request it has open is closed, and the promise rejects with code `aborted`. */
  signal?: AbortSignal;
  /**
   * Send the one real probe request (a trivial tool offered, at most 64 tokens
   * of reply) that tells native tool calls from the text protocol, the stream's
   * quirks and the latency to the first token. Default true; false skips those lines.
   */
  probe?: boolean;
}
