/**
 * `pageloop/ag-ui`: a pageloop agent as an AG-UI agent, for AG-UI front ends
 * (CopilotKit, assistant-ui's AG-UI runtime, the official client's
 * `runAgent`). An entry of its own: the official `@ag-ui/client` it extends
 * loads only for an app that imports it, never with the page's bundle.
 */
export { toAgUiAgent, PageloopAgUiAgent, type AgUiAgentOptions } from './agui-agent.js';
export { APPROVAL_REASON, INPUT_REASON, APPROVAL_ANSWER_SCHEMA } from '../agui-event-form.js';
