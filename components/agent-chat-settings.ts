/**
 * The settings of `<agent-chat>`: its attributes and properties, the
 * element's public contract, declared apart from what it does with them (the
 * class in `agent-chat.ts` extends this one). Those that are agent options
 * come from the settings table (src/settings.ts, through
 * `element-options.ts`) and are documented there, beside each option (the
 * manifest reads them from the table: scripts/cem.config.js); the few
 * below are the element's own, documented as `@attr` or `@prop` on `AgentChat`.
 */
import { LitElement, type PropertyDeclarations } from 'lit';
import type { EngineGpu, EngineOptions, Tool } from '../src/types.js';
import { elementProperties, type ElementOptionProperties } from './element-options.js';
import type { AgentChatLabels } from './element-words.js';

/** The attributes and properties `<agent-chat>` reads; rendering and behaviour are `AgentChat`'s. */
export class AgentChatSettings extends LitElement {
  /**
   * One reactive property per agent option with an `element` binding in the settings table
   * (`base-url` → `baseUrl`, …), and the element's own below (declared here rather than with
   * Lit's decorators, which would put their code in the page's up-front bundle).
   */
  static override properties: PropertyDeclarations = {
    ...elementProperties(),
    showThreads: { attribute: 'show-threads', type: Boolean },
    gguf: {},
    gpu: {},
    engine: { attribute: false },
    placeholder: {},
    theme: { reflect: true },
    locale: {},
    labels: { attribute: false },
    tools: { attribute: false },
    context: { attribute: false },
  };

  /** Shows the thread list (part `threads`); without `thread`, a new thread is opened. */
  showThreads = false;
  /** URL of a GGUF model to run in the page. */
  declare gguf?: string;
  /** With `gguf`: `off` keeps the model on the CPU; `auto` (default) uses the GPU through WebGPU when it can. */
  declare gpu?: EngineGpu;
  /** The in-page engine's options (for a picked `File`, or threads, temperature…); wins over `gguf`. */
  declare engine?: EngineOptions;
  /** The composer's placeholder; unset: the element's own, in its language. */
  declare placeholder?: string;
  /**
   * The language shown (a BCP 47 tag: `de`, `pt-BR`, `zh-Hant`…); unset: the
   * page's `lang`, then the browser's. A language not shipped shows English
   * (and `labels`); the writing direction follows the tag (`ar`, `he`… right to left).
   */
  declare locale?: string;
  /** The app's own wording of any message, by id (`{ send: 'Ask', stepOf: (n, max) => … }`), over the locale's. */
  declare labels?: AgentChatLabels;
  /** Colour theme; `auto` follows the system. */
  theme: 'light' | 'dark' | 'auto' = 'auto';
  /** The page's tools. */
  tools: Tool[] = [];
  /** The app's state by name, sent with each model request (`agent.context`); set a new object to change it. */
  declare context?: Record<string, unknown>;

  /** The engine options made from the `gguf` and `gpu` attributes, kept while they stay the same (a new object would mean a new agent). */
  #ggufEngine: EngineOptions | undefined;

  /** The in-page engine to run: the `engine` property, else one made from `gguf` and `gpu`, else none (an endpoint). */
  protected engineOptions(): EngineOptions | undefined {
    if (this.engine) return this.engine;
    if (!this.gguf) return undefined;
    if (this.#ggufEngine?.gguf !== this.gguf || this.#ggufEngine.gpu !== this.gpu) this.#ggufEngine = { gguf: this.gguf, ...(this.gpu ? { gpu: this.gpu } : {}) };
    return this.#ggufEngine;
  }
}

// The option properties' types, from the same table (declaration merging: Lit defines them at runtime).
export interface AgentChatSettings extends ElementOptionProperties {}
