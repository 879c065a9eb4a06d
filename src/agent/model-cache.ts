/**
 * What a session makes once per connection and keeps until the settings it
 * is made from change: the raw model, its tool-calling wrapper (which remembers a
 * fallback to the text protocol until the connection or the protocol
 * changes), the sub-agents' own model (`subAgents.model`), and the context
 * budget (another model or server has another window and tokenizer).
 *
 * Invariant: nothing made for an older connection is handed out after
 * `configure` changed it — a model still being made when the settings change
 * is made again.
 */
import { loadToolCallingModel, type ChatModel, type ToolCallingModel, type ToolCallingModule } from '../model/loop-door.js';
import { ContextBudget } from './context-budget.js';
import { ENDPOINT_KEYS, MODEL_KEYS } from '../settings.js';
import type { SessionConfig } from './session-types.js';

/** How models are made, and the endpoint's window asked for. */
export interface ModelMaker {
  createModel(config: SessionConfig): ChatModel | Promise<ChatModel>;
  generateId: () => string;
  /** Asks the endpoint for its context window (absent: only `contextTokens`, overflow errors or the default say it). */
  probeContextWindow?: (config: SessionConfig, signal: AbortSignal) => Promise<number | undefined>;
  /** Reads an attachment's bytes, for the model to write into requests. */
  readAttachment?: (id: string) => Promise<Blob | undefined>;
}

/** The session's models and context budget, made on first use and kept per connection. */
export class ModelCache {
  readonly #maker: ModelMaker;
  readonly #config: () => SessionConfig;
  /** The raw model, made once per connection. */
  #model: Promise<ChatModel> | undefined;
  #calling: ToolCallingModel | undefined;
  #child: { name: string; model: Promise<ToolCallingModel> } | undefined;
  #budget: ContextBudget;

  /** `config`: the session's settings as they are now. */
  constructor(maker: ModelMaker, config: () => SessionConfig) {
    this.#maker = maker;
    this.#config = config;
    this.#budget = this.#newBudget();
  }

  /** What of the history is sent: folded, dropped, cut to fit the context window. */
  get budget(): ContextBudget {
    return this.#budget;
  }

  /**
   * The settings changed by `patch` (already applied): drops what they make
   * stale. Which options the model is built from, and which name another
   * server or model, are their rows in src/settings.ts.
   */
  configured(patch: Partial<SessionConfig>): void {
    const model = MODEL_KEYS.some((k) => k in patch);
    if (model) this.#model = undefined;
    if (model || 'toolProtocol' in patch || 'toolFormat' in patch) {
      this.#calling = undefined;
      this.#child = undefined;
    }
    // Another model or server has another window and tokenizer.
    if (ENDPOINT_KEYS.some((k) => k in patch)) this.#budget = this.#newBudget();
    else if ('contextTokens' in patch) this.#budget.setContextTokens(patch.contextTokens);
  }

  /** The agent's tool-calling model, made on first use. A failed attempt is not kept, so the next run tries again. */
  async model(): Promise<ToolCallingModel> {
    const pending = (this.#model ??= Promise.resolve(this.#maker.createModel(this.#config())));
    pending.catch(() => {
      if (this.#model === pending) this.#model = undefined;
    });
    const [raw, wrapper] = await Promise.all([pending, loadToolCallingModel()]);
    // Configured while the model was being made: the wrapper made before is stale.
    if (pending !== this.#model) return this.model();
    return (this.#calling ??= this.#wrap(wrapper.ToolCallingModel, raw, this.#config()));
  }

  /** The sub-agents' own model (`subAgents.model`), made once per connection and name. */
  childModel(name: string): Promise<ToolCallingModel> {
    if (this.#child?.name !== name) {
      const config = { ...this.#config(), model: name };
      const made = Promise.all([this.#maker.createModel(config), loadToolCallingModel()]).then(([raw, wrapper]) => this.#wrap(wrapper.ToolCallingModel, raw, config));
      made.catch(() => {
        if (this.#child?.model === made) this.#child = undefined;
      });
      this.#child = { name, model: made };
    }
    return this.#child.model;
  }

  #wrap(Wrapper: ToolCallingModule['ToolCallingModel'], raw: ChatModel, config: SessionConfig): ToolCallingModel {
    return new Wrapper(raw, { protocol: config.toolProtocol ?? 'auto', toolFormat: config.toolFormat, generateId: this.#maker.generateId, readAttachment: this.#maker.readAttachment });
  }

  #newBudget(): ContextBudget {
    const probe = this.#maker.probeContextWindow;
    const config = this.#config();
    return new ContextBudget({ contextTokens: config.contextTokens, probe: probe && ((signal) => probe(config, signal)) });
  }
}
