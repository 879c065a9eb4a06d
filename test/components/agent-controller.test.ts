import { AppContextStore } from '../../src/page/app-context-store.js';
import { expect } from 'chai';
import '../../components/define.js';
import { AgentChat } from '../../components/agent-chat.js';
import type { Agent, AgentEvent, AgentOptions, FinalEvent, Run } from '../../src/types.js';
import { part, parts, until } from './helpers.js';

/** An agent without a worker: records what the element asks of it and emits what a test says. */
class FakeAgent implements Agent {
  readonly configured: unknown[] = [];
  readonly toolSets: unknown[] = [];
  disposed = false;
  running = false;
  readonly ready = Promise.resolve();
  readonly memory = {} as Agent['memory'];
  readonly threads = {} as Agent['threads'];
  readonly pending = async () => [];
  readonly undo = async () => ({ ok: true, calls: [] });
  readonly undoRun = async () => ({ ok: true, calls: [] });
  readonly previewTargets = () => [];
  readonly permissions = async () => [];
  readonly trace = async () => ({ spans: [], dropped: 0 });
  readonly onSpan = () => () => {};
  readonly diagnose = async (): Promise<never> => {
    throw new Error('not diagnosed here');
  };
  readonly revokePermission = async () => {};
  readonly keepSurfaceData = async () => {};
  readonly addTool = () => () => {};
  readonly removeTool = () => false;
  readonly tools = [];
  readonly answer = async () => false;
  readonly context = new AppContextStore();
  state: unknown = undefined;
  setState(state: unknown): void {
    this.state = state;
  }
  readonly resume = () => this.retry();
  readonly engine: Agent['engine'] = { status: () => ({ state: 'idle' }) };
  readonly webmcp: Agent['webmcp'] = { status: () => ({ state: 'off', exposed: [], consumed: [] }), ready: Promise.resolve({ state: 'off', exposed: [], consumed: [] }) };
  readonly mcp: Agent['mcp'] = { status: async () => [], reconnect: () => Promise.reject(new Error('no MCP servers')), prompts: async () => [], getPrompt: () => Promise.reject(new Error('no MCP servers')), resources: async () => [], readResource: () => Promise.reject(new Error('no MCP servers')), signOut: () => Promise.reject(new Error('no MCP servers')), answerElicitation: () => Promise.reject(new Error('no MCP servers')), appResource: () => Promise.reject(new Error('no MCP servers')), callAppTool: () => Promise.reject(new Error('no MCP servers')) };
  #listeners = new Set<(e: AgentEvent) => void>();

  constructor(
    readonly options: AgentOptions,
    readonly stored: AgentEvent[],
  ) {}

  emit(...events: AgentEvent[]): void {
    for (const event of events) for (const listener of this.#listeners) listener(event);
  }

  send(text: string): Run {
    return this.#run({ type: 'run-start', runId: 'r', input: text });
  }

  retry(): Run {
    return this.#run({ type: 'run-start', runId: 'r' });
  }

  runWorkflow(name: string, input?: string): Run {
    return this.#run({ type: 'run-start', runId: 'r', input, workflow: name });
  }

  #run(start: AgentEvent): Run {
    const final: FinalEvent = { type: 'final', reason: 'answer', text: 'ok' };
    // Like the worker: events arrive after a round trip, not inside send().
    const done = new Promise<FinalEvent>((resolve) =>
      setTimeout(() => {
        this.emit(start, { type: 'text', delta: 'ok' }, final);
        resolve(final);
      }, 5),
    );
    return { runId: 'r', done, [Symbol.asyncIterator]: async function* () {} };
  }

  events = async (): Promise<AgentEvent[]> => this.stored;
  respond(): void {}
  cancel(): void {}
  on(listener: (e: AgentEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  messages = async () => [];
  prepareAttachments = async () => ({ accepted: [], refused: [] });
  attachment = async () => undefined;
  clear = async () => {};
  configure(options: unknown): void {
    this.configured.push(options);
  }
  setTools(tools: unknown): void {
    this.toolSets.push(tools);
  }
  dispose(): void {
    this.disposed = true;
  }
}

/** Stored events per thread id, for the fake agents to hand over. */
const threads = new Map<string, AgentEvent[]>();
const made: FakeAgent[] = [];

class FakeAgentChat extends AgentChat {
  protected override createAgent(options: AgentOptions): Agent {
    if (!options.baseURL || !options.model) throw new Error('baseURL and model are required');
    const agent = new FakeAgent(options, threads.get(options.thread ?? '') ?? []);
    made.push(agent);
    return agent;
  }
}
customElements.define('fake-agent-chat', FakeAgentChat);

async function fakeChat(attrs: Record<string, string>): Promise<FakeAgentChat> {
  const chat = document.createElement('fake-agent-chat') as FakeAgentChat;
  for (const [k, v] of Object.entries(attrs)) chat.setAttribute(k, v);
  document.body.append(chat);
  await chat.updateComplete;
  return chat;
}

describe('agent-chat: the agent controller', () => {
  let chat: FakeAgentChat | undefined;
  beforeEach(() => (made.length = 0));
  afterEach(() => chat?.remove());

  it('starts no agent until base-url and model are set, then one', async () => {
    chat = await fakeChat({});
    expect(made).to.have.length(0);
    chat.setAttribute('base-url', 'http://x.invalid/v1');
    await chat.updateComplete;
    // Still incomplete: the failed start is not retried on every update.
    expect(made).to.have.length(0);
    chat.setAttribute('model', 'm');
    await chat.updateComplete;
    expect(made).to.have.length(1);
    expect(made[0]!.options).to.include({ baseURL: 'http://x.invalid/v1', model: 'm' });
  });

  it('applies a changed setting to the live agent and a changed tools list with setTools', async () => {
    chat = await fakeChat({ 'base-url': 'http://x.invalid/v1', model: 'm' });
    chat.setAttribute('model', 'm2');
    chat.setAttribute('max-iterations', '3');
    await chat.updateComplete;
    chat.tools = [];
    await chat.updateComplete;
    expect(made).to.have.length(1);
    expect(made[0]!.configured).to.deep.equal([{ model: 'm2', maxIterations: 3 }]);
    expect(made[0]!.toolSets).to.have.length(1);
  });

  it('applies every live option of the settings table, the client timeouts too, without a new agent', async () => {
    chat = await fakeChat({ 'base-url': 'http://x.invalid/v1', model: 'm', 'timeout-ms': '1000' });
    chat.setAttribute('timeout-ms', '2000');
    chat.setAttribute('max-retries', '4');
    chat.setAttribute('trust-tool-output', '');
    await chat.updateComplete;
    expect(made).to.have.length(1);
    expect(made[0]!.configured).to.deep.equal([{ timeoutMs: 2000, maxRetries: 4, trustToolOutput: true }]);
  });

  it('turns attribute text into option values as each row says, leaving out what its check refuses', async () => {
    chat = await fakeChat({
      'base-url': 'http://x.invalid/v1',
      model: 'm',
      'max-iterations': '0',
      'idle-timeout-ms': 'soon',
      'context-tokens': '4096',
      planning: 'first',
      nudge: 'off',
      'sub-agents': '',
      approval: 'sometimes',
    });
    const options = made[0]!.options;
    expect(options).to.include({ baseURL: 'http://x.invalid/v1', model: 'm', contextTokens: 4096, planning: 'first', nudge: false, subAgents: true });
    // 0 steps, a word for a number, an approval mode that does not exist: the agent's defaults apply.
    expect(options).to.not.have.any.keys('maxIterations', 'idleTimeoutMs', 'approval');
    expect(chat.baseUrl).to.equal('http://x.invalid/v1');
    expect(chat.contextTokens).to.equal(4096);
  });

  it('a new thread replaces the agent, forgets the shown log and shows the stored one', async () => {
    threads.set('t2', [
      { type: 'run-start', runId: 'old', input: 'stored question' },
      { type: 'text', delta: 'stored answer' },
      { type: 'final', reason: 'answer', text: 'stored answer' },
    ]);
    chat = await fakeChat({ 'base-url': 'http://x.invalid/v1', model: 'm' });
    await chat.send('live question').done;
    await until(() => parts(chat!, 'assistant').length === 1, 'the live answer');
    chat.setAttribute('thread', 't2');
    await until(() => part(chat!, 'user')?.textContent?.includes('stored question'), 'the stored thread');
    expect(made).to.have.length(2);
    expect(made[0]!.disposed).to.equal(true);
    expect(made[1]!.options.thread).to.equal('t2');
    expect(parts(chat, 'user').map((u) => u.textContent)).to.deep.equal(['You: stored question']);
  });

  it("shows the element's own send once, and a send made on the agent directly from its run-start", async () => {
    chat = await fakeChat({ 'base-url': 'http://x.invalid/v1', model: 'm' });
    await chat.send('through the element').done;
    await chat.updateComplete;
    await chat.agent.send('straight to the agent').done;
    await chat.updateComplete;
    expect(parts(chat, 'user').map((u) => u.textContent)).to.deep.equal(['You: through the element', 'You: straight to the agent']);
  });

  it('disposes the agent when removed, not when moved', async () => {
    chat = await fakeChat({ 'base-url': 'http://x.invalid/v1', model: 'm' });
    const other = document.createElement('div');
    document.body.append(other);
    other.append(chat);
    await new Promise((r) => setTimeout(r, 0));
    expect(made[0]!.disposed).to.equal(false);
    chat.remove();
    await new Promise((r) => setTimeout(r, 0));
    expect(made[0]!.disposed).to.equal(true);
    other.remove();
  });
});
