/**
 * `pageloop`, as README snippets import it in their tests: the library as it
 * is, except that `createAgent` also hands each agent's events to the page's
 * harness (test/readme/harness.js), so the test sees every run end.
 */
import { createAgent as createWatchedAgent } from '../../src/index.js';
import type { Agent, AgentEvent, AgentOptions } from '../../src/index.js';

export * from '../../src/index.js';

export function createAgent(options: AgentOptions): Agent {
  const agent = createWatchedAgent(options);
  agent.on((e) => (window as unknown as { __readme?: { events: AgentEvent[] } }).__readme?.events.push(e));
  return agent;
}
