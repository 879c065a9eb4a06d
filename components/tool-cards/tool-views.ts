/**
 * The tools' own UIs in `<agent-chat>` (`defineTool({ render })`), as a Lit
 * ReactiveController. Each rendered call's UI lives in a container in the
 * element's LIGHT DOM (`<div slot="tool-view-<callId>">`), slotted into its
 * card: the page's own CSS styles it as any of its components, a React
 * portal lands in the app's document, and the card's frame stays the
 * element's. Containers of calls the log no longer shows (cleared, another
 * thread) are removed after each update. The rendering and placing code
 * (tool-view.ts) loads as soon as the agent has a tool that renders (before
 * its first call, as a rule); until then such a card shows its JSON.
 */
import { render as renderLit, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Agent, Tool } from '../../src/types.js';
import type { LogItem, ToolCallItem } from '../conversation/index.js';
import type { RenderedView } from './tool-view.js';

type ViewModule = typeof import('./tool-view.js');

/** What the views need from the element. */
export interface ToolViewsBinding {
  /** The agent, if one is made: its tools render, its `answer` takes answers. */
  agent(): Agent | undefined;
  /** True in a follower tab: nobody here can answer. */
  readOnly(): boolean;
  /** What the log shows now. */
  items(): readonly LogItem[];
}

/** Places the tools' UIs into light-DOM slots of the element's cards. */
export class ToolViews implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #binding: ToolViewsBinding;
  #containers = new Map<string, HTMLElement>();
  #module: ViewModule | undefined;
  #loading: Promise<void> | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, binding: ToolViewsBinding) {
    this.#host = host;
    this.#binding = binding;
    host.addController(this);
  }

  /** What call `item`'s card depends on besides the item: its tool, and whether it can be answered here. */
  inputsFor(item: ToolCallItem): unknown[] {
    return [this.#tool(item.name), this.#binding.readOnly(), this.#module];
  }

  /** The view of call `item` (its UI placed in its slot), or undefined when its tool does not render. */
  viewFor(item: ToolCallItem): RenderedView | undefined {
    const agent = this.#binding.agent();
    const tool = this.#tool(item.name);
    if (!tool?.render) return undefined;
    const views = this.#module;
    if (!views) return void this.#load();
    const answer = agent && !this.#binding.readOnly() ? (id: string, value: unknown) => agent.answer(id, value) : undefined;
    // Lit's `render` is the element's own, handed over: in the lazy chunk it would split lit-html into a chunk of its own.
    return views.placeToolView(this.#host, this.#containers, item, tool, answer, renderLit);
  }

  hostUpdated(): void {
    if (!this.#module && this.#binding.agent()?.tools.some((t) => t.render)) void this.#load();
    const shown = new Set(this.#binding.items().flatMap((i) => (i.kind === 'tool-call' ? [i.id] : [])));
    for (const [callId, container] of this.#containers) {
      if (shown.has(callId)) continue;
      container.remove();
      this.#containers.delete(callId);
    }
  }

  #load(): Promise<void> {
    return (this.#loading ??= import('./tool-view.js').then((module) => {
      this.#module = module;
      this.#host.requestUpdate();
    }));
  }

  #tool(name: string): Tool | undefined {
    return this.#binding.agent()?.tools.find((t) => t.name === name);
  }
}
