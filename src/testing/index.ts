/**
 * pageloop/testing: test your tools and app against the real loop without a
 * model. `mockEndpoint` scripts the OpenAI-compatible mock (serve it with the
 * `mockOpenAI` middleware from pageloop/testing/middleware, `startMockServer` from
 * pageloop/testing/node or the `pageloopMock()` Vite plugin from
 * pageloop/testing/vite); `scriptedModel`
 * plays turns inside a `modelModule`.
 */
export { mockEndpoint } from './mock-endpoint.js';
export { chunk, usageChunk, textTurn, toolCallTurn, jsonTurn, errorTurn } from './chunks.js';
export { scriptedModel } from './scripted-model.js';

export type { MockChunk, MockTurn, MockScript, MockReply, MockLogEntry, MockEndpoint, ReceivedPart } from './mock-endpoint.js';
export type { MockUsage, TurnOptions, MockCall, ToolCallStyle } from './chunks.js';
export type { ScriptedTurn, ScriptedReply, ScriptedModel } from './scripted-model.js';
