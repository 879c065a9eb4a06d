/**
 * The trace room's face: the chat's trace drawer (`TraceDrawer`), which loads
 * `<agent-trace>` and the drawer's content (agent-trace-register.ts, a chunk
 * of its own) on first open, and `defineAgentTrace()`, the standalone build's
 * way to load and define `<agent-trace>` without the chat. The package entry
 * `pageloop/agent-trace.js` is agent-trace-define.ts.
 */
export { TraceDrawer, defineAgentTrace } from './trace-drawer.js';
export type { TraceDrawerHost } from './trace-drawer.js';
export type { TraceWords } from './trace-words.js';
export type { AgentTraceWords } from './agent-trace-words.js';
