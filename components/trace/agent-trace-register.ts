/**
 * `registerAgentTrace()`: defines `<agent-trace>`, once. Called at the top
 * level of its entry (`pageloop/agent-trace.js`) and by `<agent-chat>`'s
 * trace drawer when it loads the view, so the definition never sits in a
 * chunk two entries share (which a bundler may drop as unused).
 */
import { AgentTrace } from './agent-trace.js';

/**
 * Defines `<agent-trace>` unless it is defined already (a page may load two copies: the CDN build and a bundle);
 * `localize` gives a view its own language (`locale`, `labels`): the page's Localizer, handed over.
 */
export function registerAgentTrace(localize?: typeof AgentTrace.localize): void {
  AgentTrace.localize ??= localize;
  if (!customElements.get('agent-trace')) customElements.define('agent-trace', AgentTrace);
}

export { AgentTrace };
// The chat's trace drawer draws the view with these, loaded in the same chunk.
export { focusTraceView, renderTraceView, traceDialogStyles } from './trace-drawer-view.js';
