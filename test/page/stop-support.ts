// What the Stop tests share (stop-ends-runs, stop-frozen-worker): agents
// that record their events and are disposed after each test, and waits that
// turn a hang into a message (never timed passes).
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, AgentEvent, AgentOptions } from '../../src/types.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

/** An agent disposed after the test, and every event it delivered. */
export function agentOf(options: AgentOptions): { agent: Agent; events: AgentEvent[] } {
  const agent = createAgent(options);
  agents.push(agent);
  const events: AgentEvent[] = [];
  agent.on((e) => events.push(e));
  return { agent, events };
}

/** Resolves with what `promise` gives, or 'still waiting' after `ms` (the bound only turns a hang into a message). */
export const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);

/** Waits until `test` holds (at most 15 s). */
export const until = async (test: () => boolean) => {
  for (let i = 0; i < 300 && !test(); i++) await new Promise((r) => setTimeout(r, 50));
};

/** Resolves when the freezing model's worker starts to spin (test/fixtures/freezing-model.ts). */
export function spinning(): Promise<void> {
  const channel = new BroadcastChannel('freezing-model');
  return new Promise((resolve) => {
    channel.onmessage = () => {
      channel.close();
      resolve();
    };
  });
}
