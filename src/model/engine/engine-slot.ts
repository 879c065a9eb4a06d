/**
 * The agent worker's place for an in-page engine: at most one model loaded,
 * replaced when the agent is configured with another, and a `ChatModel` that
 * stays the same object across replacements (the session keeps the model it
 * was given). Loading starts as soon as an engine is set, not at the first
 * message, so the page sees progress at once; the engine's code (wllama and
 * the Jinja engine) is imported only then (engine-code.ts says from where), so
 * agents on an endpoint never load it.
 */
import type { EngineOptions, EngineStatus } from '../../types.js';
import type { ChatModel, ModelEvent } from '../chat-model.js';
import { PageloopError } from '../../errors.js';
import type { GgufEngine } from './gguf-engine.js';

/** Holds the worker's current engine and reports its status. */
export class EngineSlot {
  #engine: Promise<GgufEngine> | undefined;
  #onStatus: (status: EngineStatus) => void;
  #generation = 0;

  /** The current engine's model; fails clearly when no engine is set. */
  readonly model: ChatModel = {
    stream: (request, signal) => this.#streamCurrent(request, signal),
  };

  constructor(onStatus: (status: EngineStatus) => void) {
    this.#onStatus = onStatus;
  }

  /** Sets (or, with `undefined`, removes) the engine; a model already loaded is freed first. */
  set(options: EngineOptions | undefined): void {
    const generation = ++this.#generation;
    const previous = this.#engine;
    this.#engine = undefined;
    void previous?.then((engine) => engine.dispose());
    if (!options) {
      if (previous) this.#onStatus({ state: 'idle' });
      return;
    }
    // Only the newest engine may speak: a replaced one's late status would mislead the page.
    const report = (status: EngineStatus) => generation === this.#generation && this.#onStatus(status);
    // engine-code.ts says where the engine's code comes from; itself a chunk, as only an agent with `engine` needs it.
    this.#engine = import('./engine-code.js').then((m) => m.loadEngineCode()).then(({ GgufEngine }) => new GgufEngine(options, report));
    this.#engine.then((engine) => engine.load()).catch(() => {
      // Reported through the status; the next message tries again.
    });
    this.#engine.catch((err: unknown) => report({ state: 'error', code: err instanceof PageloopError ? err.code : 'internal', message: `The engine's code could not be loaded: ${(err as Error).message}` }));
  }

  /** Frees the model. */
  dispose(): void {
    this.set(undefined);
  }

  async *#streamCurrent(...args: Parameters<ChatModel['stream']>): AsyncGenerator<ModelEvent> {
    if (!this.#engine) throw new PageloopError('bad-request', 'No in-page engine is set: pass `engine: { gguf }` to createAgent or configure().');
    const engine = await this.#engine;
    yield* engine.model.stream(...args);
  }
}
