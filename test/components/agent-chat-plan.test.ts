import { AppContextStore } from '../../src/page/app-context-store.js';
import { expect } from 'chai';
import '../../components/define.js';
import { AgentChat } from '../../components/agent-chat.js';
import { reduceConversation, restoreConversation, initialConversation } from '../../components/conversation/conversation-state.js';
import type { Agent, AgentEvent, AgentOptions, FinalEvent, PlanTask, Run } from '../../src/types.js';
import { part } from './helpers.js';
import { axeViolations } from './axe.js';


/** An agent without a worker whose events the test emits. */
class EventAgent implements Agent {
  running = false;
  readonly ready = Promise.resolve();
  readonly memory = {} as Agent['memory'];
  readonly engine: Agent['engine'] = { status: () => ({ state: 'idle' }) };
  readonly webmcp: Agent['webmcp'] = { status: () => ({ state: 'off', exposed: [], consumed: [] }), ready: Promise.resolve({ state: 'off', exposed: [], consumed: [] }) };
  readonly mcp: Agent['mcp'] = { status: async () => [], reconnect: () => Promise.reject(new Error('no MCP servers')), prompts: async () => [], getPrompt: () => Promise.reject(new Error('no MCP servers')), resources: async () => [], readResource: () => Promise.reject(new Error('no MCP servers')), signOut: () => Promise.reject(new Error('no MCP servers')), answerElicitation: () => Promise.reject(new Error('no MCP servers')), appResource: () => Promise.reject(new Error('no MCP servers')), callAppTool: () => Promise.reject(new Error('no MCP servers')) };
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
  readonly configured: unknown[] = [];
  #listeners = new Set<(e: AgentEvent) => void>();
  constructor(readonly options: AgentOptions) {}
  emit(...events: AgentEvent[]): void {
    for (const event of events) for (const listener of this.#listeners) listener(event);
  }
  send(): Run {
    const final: FinalEvent = { type: 'final', reason: 'answer', text: '' };
    return { runId: 'r', done: Promise.resolve(final), [Symbol.asyncIterator]: async function* () {} };
  }
  retry(): Run {
    return this.send();
  }
  runWorkflow(): Run {
    return this.send();
  }
  events = async (): Promise<AgentEvent[]> => [];
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
  setTools(): void {}
  dispose(): void {}
}

const agents: EventAgent[] = [];
class PlanTestChat extends AgentChat {
  protected override createAgent(options: AgentOptions): Agent {
    const agent = new EventAgent(options);
    agents.push(agent);
    return agent;
  }
}
customElements.define('plan-test-chat', PlanTestChat);

const t = (id: string, status: PlanTask['status'], extra: Partial<PlanTask> = {}): PlanTask => ({ id, title: `Task ${id.toUpperCase()}`, status, ...extra });

const STATES: Record<string, PlanTask[]> = {
  pending: [t('a', 'pending'), t('b', 'pending', { dependsOn: ['a'] })],
  'in progress': [t('a', 'completed'), t('b', 'in_progress', { dependsOn: ['a'] }), t('c', 'pending', { dependsOn: ['b'] })],
  blocked: [t('a', 'completed'), t('b', 'blocked', { dependsOn: ['a'], note: 'Waiting for the user' }), t('c', 'pending')],
  failed: [t('a', 'failed', { note: 'The shop was down' }), t('b', 'in_progress')],
  'all done': [t('a', 'completed'), t('b', 'completed', { dependsOn: ['a'] })],
};

describe('agent-chat: the plan', () => {
  let chat: PlanTestChat;
  beforeEach(async () => {
    agents.length = 0;
    chat = document.createElement('plan-test-chat') as PlanTestChat;
    chat.setAttribute('base-url', 'http://x.invalid/v1');
    chat.setAttribute('model', 'm');
    chat.setAttribute('planning', 'first');
    chat.setAttribute('reflect-every', '3');
    chat.setAttribute('approval-timeout-ms', '60000');
    chat.style.height = '500px';
    document.body.append(chat);
    await chat.updateComplete;
    chat.agent;
  });
  afterEach(() => chat.remove());

  async function show(tasks: PlanTask[]): Promise<HTMLDetailsElement> {
    agents[0]!.emit({ type: 'plan', tasks });
    await chat.updateComplete;
    return part<HTMLDetailsElement>(chat, 'plan')!;
  }

  it('passes the planning, reflect-every and approval-timeout-ms attributes to the agent, and changes to the live agent', async () => {
    expect(agents[0]!.options).to.include({ planning: 'first', reflectEvery: 3, approvalTimeoutMs: 60000 });
    chat.setAttribute('planning', '');
    await chat.updateComplete;
    chat.setAttribute('planning', 'false');
    await chat.updateComplete;
    expect(agents[0]!.configured).to.deep.equal([{ planning: true }, { planning: false }]);
  });

  it('shows nothing before the first plan', () => {
    expect(part(chat, 'plan')).to.equal(null);
  });

  it('shows n of m done, highlights the current task and names dependencies', async () => {
    const plan = await show(STATES['in progress']!);
    expect(plan.open).to.equal(true);
    expect(plan.querySelector('summary')!.textContent!.replace(/\s+/g, ' ')).to.contain('1 of 3 done').and.contain('Task B');
    const current = plan.querySelectorAll('[aria-current="step"]');
    expect(current).to.have.length(1);
    expect(current[0]!.getAttribute('data-task-id')).to.equal('b');
    expect(plan.querySelector('[data-task-id="c"] .plan-deps')!.textContent).to.equal('after Task B');
  });

  it('marks blocked and failed tasks in words, with their notes', async () => {
    let plan = await show(STATES.blocked!);
    expect(plan.querySelector('[data-task-id="b"] .plan-status')!.textContent).to.equal('blocked');
    expect(plan.querySelector('[data-task-id="b"] .plan-note')!.textContent).to.equal('Waiting for the user');
    expect(plan.querySelector('summary')!.textContent).to.contain('1 blocked');
    plan = await show(STATES.failed!);
    expect(plan.querySelector('[data-task-id="a"] .plan-status')!.textContent).to.equal('failed');
    expect(plan.querySelector('summary')!.textContent).to.contain('1 failed');
  });

  it('collapses when every task is finished', async () => {
    expect((await show(STATES['in progress']!)).open).to.equal(true);
    const plan = await show(STATES['all done']!);
    expect(plan.open).to.equal(false);
    expect(plan.querySelector('summary')!.textContent).to.contain('2 of 2 done');
  });

  it('shows a reflection as one quiet line', async () => {
    agents[0]!.emit({ type: 'run-start', runId: 'r', input: 'go' }, { type: 'iteration', n: 4, max: 10 }, { type: 'reflection', n: 4 });
    await chat.updateComplete;
    const notes = [...chat.shadowRoot!.querySelectorAll('.notice')].map((n) => n.textContent);
    expect(notes).to.deep.equal(['Self-check at step 4']);
  });

  for (const theme of ['light', 'dark']) {
    for (const [name, tasks] of Object.entries(STATES)) {
      it(`is axe-clean with the plan ${name} (${theme})`, async () => {
        chat.theme = theme as 'light' | 'dark';
        const plan = await show(tasks);
        expect(plan).to.not.equal(null);
        plan.open = true;
        expect(await axeViolations(chat)).to.deep.equal([]);
      });
    }
  }
});

describe('conversation state: the plan', () => {
  it('keeps the latest plan, restores it from events and forgets it on clear', () => {
    const first = [t('a', 'pending')];
    const second = [t('a', 'completed')];
    const events: AgentEvent[] = [
      { type: 'run-start', runId: 'r', input: 'x' },
      { type: 'plan', tasks: first },
      { type: 'plan', tasks: second },
      { type: 'final', reason: 'answer', text: 'ok' },
    ];
    const restored = restoreConversation(events);
    expect(restored.plan).to.deep.equal(second);
    expect(reduceConversation(restored, { type: 'clear' }).plan).to.equal(null);
    expect(initialConversation().plan).to.equal(null);
  });

  it('keeps the plan across runs', () => {
    const tasks = [t('a', 'in_progress')];
    let state = reduceConversation(initialConversation(), { type: 'plan', tasks });
    state = reduceConversation(state, { type: 'run-start', runId: 'r2', input: 'more' });
    expect(state.plan).to.deep.equal(tasks);
  });
});

