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
import type { Tool, ToolRenderProps, ToolView } from '../src/types.js';
import type { ToolCallItem } from './conversation-state.js';
import { parsePartialJson } from './partial-json.js';

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

