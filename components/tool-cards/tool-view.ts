/**
 * A tool's own UI in its card (`defineTool({ render })`): the props are made
 * from the card's view model — the same reduced events live, after a reload
 * and in a follower tab — and `render` is called again whenever they change
 * (the element re-renders a card only when its item or its tool changed).
 *
 * Loaded on first use (tool-views.ts), so pages whose tools do not render
 * never load it. A render that returns nothing leaves the JSON card; one that throws
 * leaves it with a quiet note: one faulty renderer never breaks the log. `respond` is offered
 * only where an answer can be taken: a call that waits for the user, in the
 * tab that writes the thread.
 */
import type { render as renderLit } from 'lit';
import type { Tool, ToolRenderProps, ToolView } from '../../src/types.js';
import type { ToolCallItem } from '../conversation/index.js';
import { parsePartialJson } from '../partial-json.js';

/** What the card shows for a tool that renders: its UI and frame, or why the JSON card shows instead. */
export type RenderedView = { ui: Exclude<ToolView, null | undefined>; frame: boolean } | { failed: string };

/** Answers a waiting call (`agent.answer`). */
export type Answer = (callId: string, value: unknown) => Promise<boolean>;

/** The props `render` gets for call `item`; `answer` absent: nobody can answer here (a follower). */
export function renderProps(item: ToolCallItem, answer?: Answer): ToolRenderProps {
  const partial = item.status === 'streaming';
  const props: ToolRenderProps = {
    callId: item.id,
    name: item.name,
    status: item.status,
    args: (partial || item.args === undefined ? parsePartialJson(item.argsText) : item.args) as ToolRenderProps['args'],
    argsText: item.argsText,
    partial,
  };
  if (item.result !== undefined && item.status === 'done') props.result = item.result;
  if (item.error !== undefined && item.error !== '') props.error = item.error;
  if (answer && item.status === 'awaiting-input') props.respond = (value: unknown) => answer(item.id, value);
  return props;
}

/** The view of call `item` by `tool`'s `render`, or undefined when the tool does not render. */
export function renderToolView(item: ToolCallItem, tool: Tool | undefined, answer?: Answer): RenderedView | undefined {
  if (!tool?.render) return undefined;
  try {
    const ui = tool.render(renderProps(item, answer));
    // Nothing to show (yet): the plain card.
    if (ui === null || ui === undefined) return undefined;
    return { ui, frame: tool.view?.frame !== false };
  } catch (err) {
    // Quiet, for the developer; the user still sees the call as JSON.
    console.error(`pageloop: the render of tool "${tool.name}" threw`, err);
    return { failed: `The view of this call could not be drawn (${err instanceof Error ? err.message : String(err)}).` };
  }
}


/**
 * The view of call `item`, its UI placed into the call's light-DOM container
 * in `host` (made on first use, kept in `containers` by call id): returns the
 * `<slot>` that shows it in the card, or why the JSON card shows instead.
 * `render` is Lit's, handed in by the element (see tool-views.ts).
 */
export function placeToolView(
  host: HTMLElement,
  containers: Map<string, HTMLElement>,
  item: ToolCallItem,
  tool: Tool,
  answer: Answer | undefined,
  render: typeof renderLit,
): RenderedView | undefined {
  const view = renderToolView(item, tool, answer);
  if (!view || !('ui' in view)) return view;
  try {
    return { ...view, ui: place(host, containers, item.id, view.ui, render) };
  } catch (err) {
    console.error(`pageloop: the view of tool "${item.name}" could not be drawn`, err);
    return { failed: `The view of this call could not be drawn (${err instanceof Error ? err.message : String(err)}).` };
  }
}

/** Puts `ui` into call `callId`'s light-DOM container; returns the `<slot>` that shows it in the card. */
function place(host: HTMLElement, containers: Map<string, HTMLElement>, callId: string, ui: Exclude<ToolView, null | undefined>, render: typeof renderLit): Node {
  let container = containers.get(callId);
  const name = `tool-view-${callId}`;
  if (!container || container.parentNode !== host) {
    container = document.createElement('div');
    container.slot = name;
    container.className = 'pageloop-tool-view';
    host.append(container);
    containers.set(callId, container);
  }
  if (ui instanceof Node) {
    // The same node again (the app updates it itself) stays; a new one replaces the old.
    if (container.firstChild !== ui || container.childNodes.length !== 1) container.replaceChildren(ui);
  } else {
    render(ui, container);
  }
  const slot = document.createElement('slot');
  slot.name = name;
  return slot;
}
