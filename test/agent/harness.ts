// Runs an AgentSession on the page with a scripted model and real page tools,
// collecting every event: the loop's behaviour without a worker or network.
import { AgentSession } from '../../src/agent/agent-session.js';
import { PageToolHost } from '../../src/page/page-tool-host.js';
import { toDescriptor } from '../../src/page/create-agent.js';
import { scriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.js';
import type { AgentEvent, Tool } from '../../src/types.js';
import type { SessionConfig } from '../../src/agent/session-types.js';

export function harness(turns: ScriptedTurn[], tools: Tool[] = [], config: Partial<SessionConfig> = {}) {
  const events: AgentEvent[] = [];
  // The page host as the worker reaches it: events pass its approval desk's filter, as on a real page.
  const page: PageToolHost = new PageToolHost({
    deliver: (batch) => {
      for (const e of batch) {
        const shown = page.approvals.shown(e);
        if (shown) events.push(shown);
      }
    },
  });
  page.setTools(tools);
  const model = scriptedModel(turns);
  let ids = 0;
  const session = new AgentSession({ baseURL: 'http://unused.invalid/v1', model: 'scripted', ...config }, tools.map(toDescriptor), {
    host: page,
    createModel: () => model,
    generateId: () => `id${++ids}`,
  });
  const of = <T extends AgentEvent['type']>(type: T) => events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
  /** Resolves when an event matching `test` has been emitted. */
  const when = async (test: (e: AgentEvent) => boolean): Promise<AgentEvent> => {
    for (;;) {
      const found = events.find(test);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 1));
    }
  };
  return { session, events, model, page, of, when, send: (text: string) => session.send('run1', text) };
}
