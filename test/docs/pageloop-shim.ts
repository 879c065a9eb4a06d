/**
 * `pageloop`, as documentation snippets import it in their tests: the library as it
 * is, except that `createAgent` also hands each agent's events to the page's
 * harness (test/docs/harness.js), so the test sees every run end.
 */
import { createAgent as createWatchedAgent } from '../../src/index.js';
import type { Agent, AgentEvent, AgentOptions } from '../../src/index.js';

export * from '../../src/index.js';

export function createAgent(options: AgentOptions): Agent {
  const agent = createWatchedAgent(options);
  const record = (window as unknown as { __docs?: { agents: number; events: AgentEvent[] } }).__docs;
  if (record) record.agents += 1;
  agent.on((e) => record?.events.push(e));
  return agent;
}
