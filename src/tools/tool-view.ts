/**
 * Generative UI, the types: what a tool's `render` receives and may return.
 * A tool that renders shows the app's own component in its card instead of
 * JSON; a tool that renders and has no `execute` waits for the user, whose
 * answer (`props.respond(value)`) is the call's result.
 *
 * Rendering happens on the page, where the tool's code is: the element calls
 * `render` from the same events it reduces (live, after a reload, in a
 * follower tab), so the worker never sees a renderer.
 */
import type { TemplateResult } from 'lit';

/**
 * Where a tool call stands, as its card shows it: its arguments still
 * `streaming`, `pending` (queued), `awaiting-approval`, `awaiting-input`
 * (a render-and-wait tool waits for the user's answer), `running`, then how
 * it ended. `interrupted`: the page died while it ran.
 */
export type ToolCallStatus =
  | 'streaming'
  | 'pending'
  | 'awaiting-approval'
  | 'awaiting-input'
  | 'running'
  | 'done'
  | 'failed'
  | 'denied'
  | 'cancelled'
  | 'interrupted';

/** What `render` receives; called again whenever any of it changes. */
export interface ToolRenderProps<A = unknown, R = unknown> {
  callId: string;
  name: string;
  status: ToolCallStatus;
  /**
   * The arguments: while they stream (`partial: true`), the best parse of the
   * text so far (open strings, arrays and objects closed; `undefined` until
   * something parses), so a card can fill in as the model writes.
   */
  args: (A extends object ? Partial<A> : A) | undefined;
  /** The arguments as text, as they came. */
  argsText: string;
  /** True while the arguments are still streaming. */
  partial: boolean;
  /** The result, once the call ended `done`. */
  result?: R;
  /** Why it failed, was denied or cancelled. */
  error?: string;
  /**
   * Present while a render-and-wait tool (no `execute`) waits for the user,
   * in the tab that writes the thread: ends the call with `value` as its
   * result. Resolves false when the call no longer waits (a second answer is
   * ignored); rejects, leaving the call waiting, when `value` fails the
   * tool's `result` schema.
   */
  respond?(value: R): Promise<boolean>;
}

/** What `render` returns: a DOM node (kept as is), a Lit template, or nothing (the JSON card). */
export type ToolView = Node | TemplateResult | null | undefined;

/** A tool's renderer. Written as a method type so a `Tool<{ id: string }>` is still a `Tool`. */
export type ToolRender<A = unknown, R = unknown> = { render(props: ToolRenderProps<A, R>): ToolView }['render'];

/** How a rendered card is framed. */
export interface ToolViewOptions {
  /**
   * `true` (default): the rendered UI sits inside the card's frame — name,
   * status, approval panel, a "raw" disclosure with the JSON. `false`: the
   * rendered UI alone (an approval panel still shows when one is asked).
   */
  frame?: boolean;
}
