/**
 * Registers `<agent-chat>`. The one module of the element whose import has a
 * side effect; bundlers keep it because package.json lists it in `sideEffects`.
 */
import { AgentChat } from './agent-chat.js';

export { AgentChat };
export type { ThreadChangeDetail, ThreadChangeReason } from './thread-list.js';

// Defining twice throws; a page may load two copies (say, the CDN build and a bundle).
if (!customElements.get('agent-chat')) customElements.define('agent-chat', AgentChat);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat': AgentChat;
  }
}
