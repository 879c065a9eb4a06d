/**
 * Shared helpers of the element's tests: make an `<agent-chat>` on the mock
 * endpoint, reach into its shadow root by part name, and wait for things
 * without timing assertions (polling until a condition holds, with a cap).
 */
import '../../components/define.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { mockEndpoint, type MockEndpoint, type MockTurn } from '../../src/testing/mock-endpoint.js';
import type { AgentEvent, Tool } from '../../src/types.js';

/**
 * Waits until `check` returns a truthy value; fails with `what` after ~5 s, or
 * after `ms` for a wait that includes a cold start (a chunk loaded and compiled
 * for the first time, a server's first connection) on a loaded machine.
 */
export async function until<T>(check: () => T | null | undefined | false, what: string, ms = 5000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() - started > ms) throw new Error(`Timed out waiting for ${what} (${ms} ms)`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The first element with this part in the chat's shadow root. */
export function part<E extends HTMLElement = HTMLElement>(chat: AgentChat, name: string): E | null {
  return chat.shadowRoot!.querySelector<E>(`[part~="${name}"]`);
}

/** Every element with this part in the chat's shadow root. */
export function parts<E extends HTMLElement = HTMLElement>(chat: AgentChat, name: string): E[] {
  return [...chat.shadowRoot!.querySelectorAll<E>(`[part~="${name}"]`)];
}

/** A chat on a fresh mock script, attached to the document, with its events recorded. */
export interface ChatFixture {
  chat: AgentChat;
  mock: MockEndpoint;
  events: AgentEvent[];
  /** Resolves at the next `final` event. */
  nextFinal(): Promise<AgentEvent>;
  remove(): void;
}

/** Creates a chat driving the real agent against a scripted mock. */
export async function chatOnMock(
  turns: MockTurn[],
  options: { tools?: Tool[]; attrs?: Record<string, string>; parent?: HTMLElement } = {},
): Promise<ChatFixture> {
  const mock = await mockEndpoint({ turns });
  const chat = document.createElement('agent-chat');
  chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
  chat.setAttribute('model', 'mock-model');
  for (const [k, v] of Object.entries(options.attrs ?? {})) chat.setAttribute(k, v);
  if (options.tools) chat.tools = options.tools;
  chat.style.height = '500px';
  const events: AgentEvent[] = [];
  const waiters: Array<(e: AgentEvent) => void> = [];
  chat.addEventListener('agent-event', (e) => {
    events.push(e.detail);
    if (e.detail.type === 'final') waiters.splice(0).forEach((w) => w(e.detail));
  });
  (options.parent ?? document.body).append(chat);
  await chat.updateComplete;
  return {
    chat,
    mock,
    events,
    nextFinal: () => new Promise((resolve) => waiters.push(resolve)),
    remove: () => {
      chat.remove();
    },
  };
}

/** Types into the composer and presses Enter, as a user would. */
export async function typeAndEnter(chat: AgentChat, text: string): Promise<void> {
  const input = part<HTMLTextAreaElement>(chat, 'input')!;
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await chat.updateComplete;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));
  await chat.updateComplete;
}
