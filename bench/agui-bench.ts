/**
 * The AG-UI client benchmark (`npm run bench -- --only=agui`), against the
 * bench server's AG-UI endpoint (bench/lib/agui-server.js, the official
 * encoder):
 *
 * - **first token**: `send` → the first text delta on the page, through
 *   `<agent-chat agui-url>` (the official `HttpAgent` in the agent's worker,
 *   the events posted to the page), beside the official `HttpAgent` alone in
 *   the page, same server, same history length; the two take turns, both
 *   warm (the chunk loaded, the worker started). Medians over `runs`. The
 *   element asks for protobuf and gets it; `HttpAgent` asks for SSE. So the
 *   element is timed on SSE too (`?transport=sse`: the server answers SSE
 *   whatever is asked), the baseline's own transport.
 * - **long tasks**: main-thread tasks over 50 ms while the element renders a
 *   `tokens`-token remote reply, beside the same reply read by `HttpAgent`
 *   in the page and written into a `<pre>` as it comes (what a page that ran
 *   the client itself would pay, with the cheapest rendering there is).
 */
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat.js';
import type { AgentEvent } from '../src/types.js';
import { median } from './lib/stats.js';
import { observeLongTasks as longTasks } from './lib/long-tasks.js';

/** Options of the AG-UI benchmark. */
export interface AgUiBenchOptions {
  /** First-token samples per side. */
  runs: number;
  /** Tokens of the long reply. */
  tokens: number;
}

const URL_ = '/__bench-agui/run';

function makeChat(url = URL_): AgentChat {
  const chat = document.createElement('agent-chat') as AgentChat;
  chat.setAttribute('agui-url', url);
  chat.style.cssText = 'display:block;height:600px;width:760px';
  document.body.append(chat);
  return chat;
}

/** Sends `text` on the element: resolves with ms to the first text delta on the page, to the delta's text in the element, and when the run is final. */
async function elementRun(chat: AgentChat, text: string): Promise<{ firstToken: number; shown: number }> {
  let firstToken = 0;
  let shown = 0;
  const t0 = performance.now();
  const done = new Promise<void>((resolve, reject) => {
    const on = (e: CustomEvent<AgentEvent>) => {
      const event = e.detail;
      if (event.type === 'text' && firstToken === 0) {
        firstToken = performance.now() - t0;
        void chat.updateComplete.then(() => (shown = performance.now() - t0));
      }
      if (event.type === 'final') {
        chat.removeEventListener('agent-event', on as EventListener);
        if (event.reason === 'answer') resolve();
        else reject(new Error(`agui bench: the element's run ended ${JSON.stringify(event)}`));
      }
    };
    chat.addEventListener('agent-event', on as EventListener);
  });
  chat.send(text);
  await done;
  await chat.updateComplete;
  return { firstToken, shown };
}

type Client = typeof import('@ag-ui/client');

/** One run of `agent` (the official HttpAgent in the page): ms to the first delta; `onDelta` sees each. */
async function clientRun(agent: InstanceType<Client['HttpAgent']>, text: string, onDelta?: (delta: string) => void): Promise<number> {
  let firstToken = 0;
  agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: text });
  const t0 = performance.now();
  await agent.runAgent(
    { runId: crypto.randomUUID() },
    {
      onTextMessageContentEvent: ({ event }) => {
        if (firstToken === 0) firstToken = performance.now() - t0;
        onDelta?.(event.delta);
      },
    },
  );
  return firstToken;
}

/** Runs the AG-UI benchmark. */
export async function runAgUiBench(options: AgUiBenchOptions): Promise<Record<string, number>> {
  const client: Client = await import('@ag-ui/client');
  const chat = makeChat();
  const sse = makeChat(`${URL_}?transport=sse`);
  await Promise.all([chat.agent.ready, sse.agent.ready]);
  const agent = new client.HttpAgent({ url: URL_ });
  // Warm all three: the element's chunk and worker, the page's client and connection.
  for (let i = 0; i < 3; i++) {
    await elementRun(chat, 'tokens=20');
    await elementRun(sse, 'tokens=20');
    await clientRun(agent, 'tokens=20');
  }
  const element: number[] = [];
  const elementSse: number[] = [];
  const shown: number[] = [];
  const alone: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    // Turns as to which goes first, so none always follows another's garbage.
    const sides = [
      async () => {
        const r = await elementRun(chat, 'tokens=20');
        element.push(r.firstToken);
        shown.push(r.shown);
      },
      async () => void elementSse.push((await elementRun(sse, 'tokens=20')).firstToken),
      async () => void alone.push(await clientRun(agent, 'tokens=20')),
    ];
    for (let k = 0; k < i % 3; k++) sides.push(sides.shift()!);
    for (const side of sides) await side();
  }
  // The long reply: a fresh element (a short conversation) and a fresh client.
  chat.remove();
  sse.remove();
  const long = makeChat();
  await long.agent.ready;
  await elementRun(long, 'tokens=200');
  const viaElement = await longTasks(() => elementRun(long, `tokens=${options.tokens}`));
  long.remove();
  const pre = document.body.appendChild(document.createElement('pre'));
  pre.style.cssText = 'white-space:pre-wrap;width:760px;height:600px;overflow:auto';
  const page = new client.HttpAgent({ url: URL_ });
  await clientRun(page, 'tokens=200', (d) => pre.append(d));
  pre.textContent = '';
  const viaPage = await longTasks(() => clientRun(page, `tokens=${options.tokens}`, (d) => pre.append(d)));
  pre.remove();

  const firstToken = median(element);
  const baseline = median(alone);
  return {
    'agui.first_token_ms_p50': firstToken,
    'agui.first_token_httpagent_ms_p50': baseline,
    'agui.first_token_ratio': firstToken / baseline,
    'agui.first_token_sse_ms_p50': median(elementSse),
    'agui.first_token_shown_ms_p50': median(shown),
    'agui.tokens': options.tokens,
    'agui.longtasks': viaElement.count,
    'agui.longtasks_httpagent': viaPage.count,
    'agui.longest_task_ms': viaElement.longest,
    'agui.longest_task_httpagent_ms': viaPage.longest,
  };
}
