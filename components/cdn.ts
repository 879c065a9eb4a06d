/**
 * The standalone build's entry (`dist/cdn/agent-chat.js`): the whole library
 * API, with every dependency bundled, and `<agent-chat>` defined on import;
 * `defineAgentTrace()` loads and defines `<agent-trace>` (a chunk of its own).
 *
 * @example
 * <script type="module" src="https://cdn.example/pageloop/dist/cdn/agent-chat.js"></script>
 * <agent-chat base-url="http://localhost:11434/v1" model="qwen3:4b"></agent-chat>
 */
export * from '../src/index.js';
export { AgentChat } from './define.js';
export { defineAgentTrace } from './trace/index.js';
