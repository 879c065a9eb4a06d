/**
 * The element's biggest states, for the layout tests and the layout
 * screenshots (scripts/screenshot-layout.js): a stand-in agent (no worker, no
 * model) whose events the element renders as it renders a real agent's —
 * the element's input contract is its `AgentEvent`s, so these are the states
 * a real run reaches — in a box of a fixed size, as a product's sidebar.
 */
import '../../components/define.js';
import { AgentChat } from '../../components/agent-chat.js';
import type { Agent, AgentEvent, AgentOptions } from '../../src/types.js';

type Listener = (event: AgentEvent) => void;

/** A stand-in agent: `emit` plays events to the element; every other call answers "nothing". */
function standIn(): { agent: Agent; emit(...events: AgentEvent[]): void } {
  const listeners = new Set<Listener>();
  const stub: Record<string, unknown> = {
    ready: Promise.resolve(),
    running: false,
    tools: [],
    on: (l: Listener) => (listeners.add(l), () => listeners.delete(l)),
    engine: { status: () => ({ state: 'idle' }) },
    webmcp: { status: () => ({ state: 'off', exposed: [], consumed: [] }), ready: new Promise(() => {}) },
    mcp: { status: async () => [], resources: async () => [], prompts: async () => [] },
    configure() {},
    setTools() {},
    dispose() {},
    respond() {},
    events: async () => [],
    permissions: async () => [],
  };
  const agent = new Proxy(stub, { get: (t, k) => (k in t ? t[k as string] : () => Promise.resolve([])) }) as unknown as Agent;
  return { agent, emit: (...events) => events.forEach((e) => listeners.forEach((l) => l(e))) };
}

/** `<agent-chat>` driven by a stand-in agent. */
export class StagedChat extends AgentChat {
  readonly stage = standIn();
  protected override createAgent(_options: AgentOptions): Agent {
    return this.stage.agent;
  }
}
if (!customElements.get('staged-chat')) customElements.define('staged-chat', StagedChat);

/** A chat of `width`×`height` px (its parent box has that size, as a fixed sidebar), attached and drawn. */
export async function stagedChat(width: number, height: number, attrs: Record<string, string> = {}): Promise<StagedChat> {
  const box = document.createElement('div');
  box.style.cssText = `width:${width}px;height:${height}px;position:relative;`;
  const chat = document.createElement('staged-chat') as StagedChat;
  chat.setAttribute('base-url', 'http://localhost:1/v1');
  chat.setAttribute('model', 'm');
  for (const [k, v] of Object.entries(attrs)) chat.setAttribute(k, v);
  box.append(chat);
  document.body.append(box);
  await chat.updateComplete;
  void chat.agent;
  await chat.updateComplete;
  return chat;
}

/** An MCP server's question with `n` fields (a form taller than any sidebar). */
export function manyFieldQuestion(n: number): AgentEvent {
  const fields = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`field${i}`, i % 3 === 0 ? { type: 'string' as const, title: `Choice ${i}`, enum: ['a', 'b'] } : { type: 'string' as const, title: `Field ${i}`, description: 'What the server wants to know here' }]),
  );
  return { type: 'mcp-elicitation', request: { id: 'q1', server: 'shop', message: 'A few details, please.', fields, required: [] } };
}

/** A call waiting for approval whose arguments are `lines` lines of JSON. */
export function bigApproval(lines: number): AgentEvent[] {
  const args = { rows: Array.from({ length: lines }, (_, i) => `row ${i}: ${'x'.repeat(40)}`) };
  return [
    { type: 'run-start', runId: 'r1', input: 'Import the rows' },
    { type: 'tool-call', callId: 'c1', name: 'import_rows', args },
    { type: 'approval-request', requests: [{ callId: 'c1', name: 'import_rows', args }] },
  ];
}

/** An error whose message holds a URL of `bytes` characters (as a server's 4 KB redirect URL). */
export function longUrlError(bytes: number): AgentEvent[] {
  const url = `https://auth.example.com/authorize?${'state=' + 'a1b2c3d4'.repeat(Math.ceil(bytes / 8))}`.slice(0, bytes);
  return [
    { type: 'run-start', runId: 'r1', input: 'Hello' },
    { type: 'error', message: `The server refused the request: sign in at ${url} and try again.`, retryable: true },
    { type: 'final', reason: 'error', text: '' },
  ];
}

/** A user message of `chars` characters (a paste), and a reply of `lines` lines. */
export function longMessages(chars: number, lines: number): AgentEvent[] {
  const paste = Array.from({ length: Math.ceil(chars / 80) }, (_, i) => `${i} ${'pasted text '.repeat(7)}`).join('\n').slice(0, chars);
  const reply = Array.from({ length: lines }, (_, i) => `Line ${i + 1} of the reply.`).join('\n\n');
  return [
    { type: 'run-start', runId: 'r1', input: paste },
    { type: 'text', delta: reply },
  ];
}

/** True when `inner`'s box lies inside `outer`'s (1 px of rounding allowed). */
export function inside(inner: Element, outer: Element): boolean {
  const a = inner.getBoundingClientRect();
  const b = outer.getBoundingClientRect();
  return a.width > 0 && a.height > 0 && a.top >= b.top - 1 && a.left >= b.left - 1 && a.bottom <= b.bottom + 1 && a.right <= b.right + 1;
}
