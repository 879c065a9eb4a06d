// @ts-check
/**
 * pageloop/testing/node: the testing kit's Node side — the scripted
 * OpenAI-compatible mock as a server of its own (for Playwright Test, Vitest
 * or any runner), and the builders of its turns. The browser side
 * (`mockEndpoint`, `scriptedModel`) is `pageloop/testing`; the Vite plugins
 * are `pageloop/testing/vite`.
 *
 * @example
 * import { startMockServer, toolCallTurn, textTurn } from 'pageloop/testing/node';
 * const mock = await startMockServer({ script: { turns: [toolCallTurn([{ name: 'cancel_order', args: { orderId: '1004' } }]), textTurn('Cancelled.')] } });
 */
export { startMockServer } from './mock-server.js';
export { chunk, usageChunk, textTurn, toolCallTurn, jsonTurn, errorTurn } from './chunks.js';
