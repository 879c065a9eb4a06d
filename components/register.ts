/**
 * `registerAgentChat()`: defines `<agent-chat>`, once. Each entry that offers
 * the element calls it at its own top level (`pageloop/agent-chat.js`,
 * `pageloop/react`), so the side effect stays in the entry a bundler keeps,
 * never in a chunk two entries share, which a bundler may drop as unused.
 */
import { AgentChat } from './agent-chat.js';

/** Defines `<agent-chat>` unless it is defined already (a page may load two copies: the CDN build and a bundle). */
export function registerAgentChat(): void {
  if (!customElements.get('agent-chat')) customElements.define('agent-chat', AgentChat);
}
