/**
 * Registers `<agent-chat>`. The one module of the element whose import has a
 * side effect; bundlers keep it because package.json lists it in `sideEffects`.
 */
import { AgentChat } from './agent-chat.js';
import { registerAgentChat } from './register.js';

export { AgentChat };
export type { ThreadChangeDetail, ThreadChangeReason } from './threads/index.js';
export type { AgentChatLabels, ElementWords } from './element-words.js';

registerAgentChat();

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat': AgentChat;
  }
}
