// The follower's log is rebuilt when it becomes a follower; a live event that
// crosses the rebuild must be shown once — not lost, not repeated.
import { expect } from 'chai';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Agent, AgentEvent } from '../../src/types.js';
import { TabNotice } from '../../components/threads/tab-notice.js';
import { ConversationSignal } from '../../components/conversation/conversation-signal.js';

/** A stand-in element: events go through the conversation's signal, which the notice hears, as in `<agent-chat>`. */
function element(storedEvents: () => Promise<AgentEvent[]>) {
  const conversation = new ConversationSignal(() => {});
  const host: ReactiveControllerHost = {
    addController: (_c: ReactiveController) => {},
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
  };
  const agent = { events: storedEvents } as unknown as Agent;
  const notice = new TabNotice(host, { agent: () => agent, conversation, show: (s) => conversation.replace(s) });
  return {
    notice,
    receive: (event: AgentEvent) => conversation.event(event),
    text: () => conversation.state.items.flatMap((i) => (i.kind === 'assistant' ? [i.text] : [])).join(''),
  };
}

describe('TabNotice: rebuilding a follower\'s log', () => {
  it('a live event that arrives while the log is rebuilt is shown exactly once', async () => {
    const before: AgentEvent[] = [{ type: 'text', delta: 'Hello' }];
    // `agent.events()` answers with the thread as it was before ' world' (its answer crosses the live event).
    let answer!: (events: AgentEvent[]) => void;
    const chat = element(() => new Promise((resolve) => (answer = resolve)));
    chat.receive({ type: 'thread-lock', state: 'follower', events: before });
    chat.receive({ type: 'text', delta: ' world' });
    answer?.(structuredClone(before));
    await new Promise((r) => setTimeout(r, 0));
    expect(chat.text()).to.equal('Hello world');
    expect(chat.notice.readOnly).to.equal(true);
  });

  it('an event the rebuild already holds is not shown twice', async () => {
    const chat = element(() => Promise.resolve([{ type: 'text', delta: 'Hello world' }]));
    chat.receive({ type: 'text', delta: 'Hello' });
    chat.receive({ type: 'thread-lock', state: 'follower', events: [{ type: 'text', delta: 'Hello' }] });
    chat.receive({ type: 'text', delta: ' world' });
    await new Promise((r) => setTimeout(r, 0));
    expect(chat.text()).to.equal('Hello world');
  });

  it('thread-lock with no events (the writer cleared the thread) empties the log', () => {
    const chat = element(() => new Promise(() => {}));
    chat.receive({ type: 'text', delta: 'Old' });
    chat.receive({ type: 'thread-lock', state: 'follower', events: [] });
    expect(chat.text()).to.equal('');
  });
});
