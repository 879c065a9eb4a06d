/**
 * Tabs of one browser for the tests, as same-origin iframes: each frame is a
 * page of its own (tab-frame.html), whose agents' workers live and die with
 * it, and the frames share Web Locks and BroadcastChannels as tabs of one
 * origin do. Removing a frame is closing its tab. Frames opened here are
 * removed after each test.
 */
import type { Agent, AgentOptions, Tool } from '../../src/types.js';
import type { AgentChat } from '../../components/agent-chat.js';
import { until as waitUntil } from '../components/helpers.js';

/** One open tab. */
export interface Tab {
  frame: HTMLIFrameElement;
  createAgent(options: AgentOptions): Agent;
  chat(attrs: Record<string, string>, tools?: Tool[]): AgentChat;
  close(): void;
}

const frames: HTMLIFrameElement[] = [];
afterEach(() => frames.splice(0).forEach((f) => f.remove()));

/** Opens a tab and resolves once its page has loaded pageloop. */
export async function openTab(): Promise<Tab> {
  const frame = document.createElement('iframe');
  frame.src = new URL('./tab-frame.html', import.meta.url).href;
  frame.style.cssText = 'width: 480px; height: 400px';
  document.body.append(frame);
  frames.push(frame);
  await until(() => frame.contentDocument?.documentElement?.dataset.ready === 'yes', 'the tab loaded');
  const win = frame.contentWindow as Window & { pageloop: { createAgent(o: AgentOptions): Agent } };
  return {
    frame,
    createAgent: (options) => win.pageloop.createAgent(options),
    chat(attrs, tools) {
      const doc = frame.contentDocument!;
      const chat = doc.createElement('agent-chat') as AgentChat;
      if (tools) chat.tools = tools;
      for (const [k, v] of Object.entries(attrs)) chat.setAttribute(k, v);
      doc.body.append(chat);
      return chat;
    },
    close: () => frame.remove(),
  };
}

/** Resolves with `check()`'s value once it is truthy, or fails after `ms` (a tab compiles and starts the whole SDK: slow on a loaded machine). */
export const until = <T>(check: () => T | undefined | null | false, what: string, ms = 15000): Promise<T> => waitUntil(check, what, ms);
