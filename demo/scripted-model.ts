/**
 * The demo's offline model: a scripted `ChatModel`, not an LLM. It runs in
 * the agent's worker behind the same interface as the HTTP client (the page
 * names it as the agent's `modelModule`), so a newcomer with nothing
 * installed still sees the whole loop: streamed text and reasoning, page tool
 * calls with streamed arguments, approvals, results, and suggestions.
 *
 * It reads the last user message (a few keyword patterns) or, after tools
 * ran, their results, and answers from a fixed script with small delays.
 */
import type { AssembledToolCall, ChatModel, ModelEvent, ModelRequest } from '../src/model/chat-model.js';
import type { ChatMessage } from '../src/types.js';

/** What one model turn says. */
interface Reply {
  thinking?: string;
  text?: string;
  calls?: Array<{ name: string; args: Record<string, unknown> }>;
}

const STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'];
const TRY = ['Summarize the orders', 'Show pending orders', 'Chart the order statuses', 'Export the orders as CSV', 'Schedule delivery for order 1002', 'Cancel order 1004'];

/** Milliseconds between streamed pieces: slow enough to watch, fast enough not to bore. */
const DELAY_MS = 18;

/**
 * The `modelModule` entry point.
 *
 * @example
 * chat.setAttribute('model-module', new URL('./scripted-model.ts', import.meta.url).href);
 */
export function createModel(_config?: { model: string; baseURL: string }): ChatModel {
  let calls = 0;
  return {
    stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent> {
      return play(plan(request.messages), signal, () => `demo_call_${++calls}`);
    },
  };
}

/** Decides the next turn from the conversation so far. */
export function plan(messages: readonly ChatMessage[]): Reply {
  const last = messages[messages.length - 1];
  // Files a tool returned reach the model in a user message right after the tool messages: still the tools' turn.
  if (last?.role === 'user' && last.content.startsWith(TOOL_FILES)) return afterTools(messages.slice(0, -1));
  if (last?.role === 'tool') return afterTools(messages);
  const user = [...messages].reverse().find((m) => m.role === 'user');
  const content = user?.role === 'user' ? user.content : '';
  return aboutFiles(content) ?? fromAction(content) ?? fromRequest(content);
}

/** How the files of tool results are introduced to the model (src/model/attachment-parts.ts). */
const TOOL_FILES = 'The files returned by the tool calls above:';

/**
 * Files came with the message (a model module reads them as text: a text file
 * under its name, an image as a mark): this script cannot look at them, and says what it got.
 */
function aboutFiles(content: string): Reply | undefined {
  const texts = [...content.matchAll(/^File "([^"]+)"/gm)].map((m) => m[1]!);
  const images = content.split('[An image is attached here.]').length - 1;
  if (texts.length === 0 && images === 0) return undefined;
  const got = [...(images > 0 ? [images === 1 ? 'an image' : `${images} images`] : []), ...texts.map((name) => `**${name}**`)].join(' and ');
  return {
    text:
      `I received ${got} with your message. I'm the scripted demo model, so I can't look inside them — connect a vision model ` +
      "(e.g. Ollama's `qwen2.5vl`, or llama-server started with `--mmproj`) to ask about an image.",
  };
}

/** The basic A2UI catalog's id (v0.9). */
const BASIC_CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** A feedback form for order `id`, as A2UI messages for `render_a2ui` (the chat draws it in its card). */
function feedbackForm(id: string): Record<string, unknown> {
  const surfaceId = `feedback-${id}`;
  return {
    messages: [
      { version: 'v0.9', createSurface: { surfaceId, catalogId: BASIC_CATALOG } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId,
          components: [
            { id: 'root', component: 'Card', child: 'body' },
            { id: 'body', component: 'Column', children: ['title', 'intro', 'comment', 'contact', 'send'] },
            { id: 'title', component: 'Text', text: `Feedback on order #${id}`, variant: 'h3' },
            { id: 'intro', component: 'Text', text: 'How did it go? Your note goes to the shop.' },
            { id: 'comment', component: 'TextField', label: 'Your comment', value: { path: '/comment' }, variant: 'longText' },
            { id: 'contact', component: 'CheckBox', label: 'You may contact me about it', value: { path: '/contact' } },
            { id: 'send', component: 'Button', child: 'send-label', variant: 'primary', action: { event: { name: 'send_feedback', context: { order: id, comment: { path: '/comment' }, contact: { path: '/contact' } } } } },
            { id: 'send-label', component: 'Text', text: 'Send feedback' },
          ],
        },
      },
      { version: 'v0.9', updateDataModel: { surfaceId, path: '/', value: { comment: '', contact: false } } },
    ],
  };
}

/** The user acted on a surface (the chat sends it as "A2UI action: {…}"). */
function fromAction(content: string): Reply | undefined {
  if (!content.startsWith('A2UI action: ')) return undefined;
  const sent = parseJson(content.split('\n')[0]!.slice('A2UI action: '.length)) as { action?: { name?: string; context?: Record<string, unknown> } };
  const context = sent.action?.context ?? {};
  const comment = typeof context.comment === 'string' && context.comment !== '' ? `“${context.comment}”` : 'no comment';
  return { text: `Thanks — feedback on order **#${String(context.order ?? '?')}** noted: ${comment}${context.contact ? ', and the shop may contact you' : ''}.` };
}

function fromRequest(raw: string): Reply {
  const text = raw.toLowerCase();
  const id = /\b(\d{4})\b/.exec(text)?.[1];
  if (/\b(feedback|review|rate)\b/.test(text) && id) {
    return { thinking: `A small form lets the user write their feedback on order ${id}.`, calls: [{ name: 'render_a2ui', args: feedbackForm(id) }] };
  }
  const status = STATUSES.find((s) => text.includes(s));
  if (/\bcancel/.test(text) && id) {
    return {
      thinking: `The user wants order ${id} cancelled. That changes data, so the page will ask them to approve it first.`,
      text: `I'll cancel order **${id}** — you'll be asked to approve it.\n\n`,
      calls: [{ name: 'cancel_order', args: { id: Number(id), reason: 'Requested in chat' } }],
    };
  }
  if (/\b(mark|set|update|change|move)\b/.test(text) && id && status) {
    return {
      thinking: `Changing order ${id} to "${status}" needs the user's approval.`,
      calls: [{ name: 'update_order_status', args: { id: Number(id), status } }],
    };
  }
  if (/\b(schedul|deliver|slot)/.test(text) && id) {
    return {
      thinking: `Order ${id} needs a delivery slot; only the user knows which suits them, so I will offer a few and wait for their pick.`,
      calls: [{ name: 'schedule_delivery', args: { orderId: Number(id), slots: ['Tue 2 Dec, 9:00–12:00', 'Tue 2 Dec, 13:00–17:00', 'Wed 3 Dec, 9:00–12:00'] } }],
    };
  }
  if (/\b(csv|export|download)\b/.test(text)) {
    return { thinking: 'The user wants the table as a file: export it as CSV.', calls: [{ name: 'export_orders_csv', args: {} }] };
  }
  if (/\b(picture|image|png)\b/.test(text)) {
    return { thinking: 'A picture of the chart: draw it as a PNG.', calls: [{ name: 'status_chart_image', args: {} }] };
  }
  if (/\bchart\b/.test(text)) {
    return { thinking: 'A chart of the statuses shows this best.', calls: [{ name: 'show_status_chart', args: { title: 'Orders by status' } }] };
  }
  if (/\b(selected|this order|open order|current order|detail)/.test(text)) {
    return { thinking: 'I should read the order open in the detail panel.', calls: [{ name: 'read_selected_order', args: {} }] };
  }
  if (/summar|overview|revenue|how many|total/.test(text)) {
    return { thinking: 'A summary of the table answers this.', calls: [{ name: 'summarize_orders', args: {} }] };
  }
  const customer = /\b(?:for|from|by|of)\s+([a-z]+)/.exec(text)?.[1];
  if (/\b(find|show|list|which|orders?)\b/.test(text)) {
    const args: Record<string, unknown> = {};
    if (status) args.status = status;
    if (customer && customer !== 'orders' && customer !== 'the') args.customer = customer;
    return { thinking: 'Searching the orders table.', calls: [{ name: 'find_orders', args }] };
  }
  return {
    text:
      "Hi! I'm the **scripted demo model** — a fixed script, not an LLM — standing in because no model endpoint answered. " +
      'I understand a few requests about the orders on this page. Connect a real endpoint in the settings to chat freely.\n\n',
    calls: [{ name: 'ask_question', args: { question: 'What would you like to try?', suggestions: TRY } }],
  };
}

/** The reply once the tools of the previous turn have answered. */
function afterTools(messages: readonly ChatMessage[]): Reply {
  // The results of the last turn are the tool messages after the last assistant message.
  const results: Array<{ name: string; content: string }> = [];
  let i = messages.length - 1;
  while (i >= 0 && messages[i]!.role === 'tool') i--;
  const assistant = messages[i];
  const names = new Map((assistant?.role === 'assistant' ? assistant.tool_calls ?? [] : []).map((c) => [c.id, c.function.name]));
  for (const m of messages.slice(i + 1)) {
    if (m.role === 'tool') results.push({ name: names.get(m.tool_call_id) ?? '', content: m.content });
  }
  const parts = results.map((r) => describeResult(r.name, r.content));
  return { text: parts.map((p) => p.text).join('\n\n'), calls: parts.flatMap((p) => p.calls ?? []) };
}

/** The note before the result of a call the user edited before approving it (src/agent/calls/tool-result.ts). */
const EDITED = /^\(The user edited this call's arguments before approving it; it ran with (.*?)\.\) /s;

function describeResult(name: string, content: string): Reply {
  const edited = EDITED.exec(content);
  if (edited) {
    const reply = describeResult(name, content.slice(edited[0].length));
    return { ...reply, text: `You edited the call before approving it, so it ran with \`${edited[1]}\`. ${reply.text}` };
  }
  if (content.startsWith('The user denied')) return { text: "Understood — I didn't change anything." };
  if (content.startsWith('Interrupted:')) return { text: 'The page was reloaded while that ran, so it may or may not have happened — check the table before trying again.' };
  if (content.startsWith('Error:')) return { text: `That didn't work: ${content.slice(7)}` };
  if (content.startsWith('Cancelled:')) return { text: 'Stopped before that finished.' };
  const data = parseJson(content);
  switch (name) {
    case 'find_orders': {
      const rows = Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
      if (rows.length === 0) return { text: 'No orders match that.' };
      const table = [
        '| Order | Customer | Item | Total | Status |',
        '|---|---|---|---|---|',
        ...rows.map((r) => `| ${r.id} | ${r.customer} | ${r.item} | ${r.total} | ${r.status} |`),
      ].join('\n');
      return { text: `I found **${rows.length}** order${rows.length === 1 ? '' : 's'}:\n\n${table}` };
    }
    case 'read_selected_order': {
      const o = data as Record<string, unknown> | null;
      if (!o || o.selected === null) return { text: 'No order is open. Click a row in the table, then ask again.' };
      return {
        text:
          `The open order is **#${o.id}**: ${o.quantity} × ${o.item} for ${o.customer} (${o.customerEmail}), ` +
          `**${o.total}**, placed ${o.placed}, currently *${o.status}*.`,
        calls: [
          {
            name: 'ask_question',
            args: { question: 'Anything to do with it?', suggestions: [`Mark order ${o.id} as shipped`, `Cancel order ${o.id}`] },
          },
        ],
      };
    }
    case 'summarize_orders': {
      const s = data as { orders: number; byStatus: Record<string, { count: number; total: string }>; revenueExcludingCancelled: string };
      const lines = Object.entries(s.byStatus).map(([status, v]) => `- **${status}**: ${v.count} (${v.total})`);
      return {
        text:
          `There are **${s.orders}** orders; revenue excluding cancellations is **${s.revenueExcludingCancelled}**.\n\n${lines.join('\n')}\n\n` +
          `The raw numbers, as the tool returned them:\n\n\`\`\`json\n${JSON.stringify(s.byStatus, null, 2)}\n\`\`\``,
      };
    }
    case 'show_status_chart':
      return { text: 'The chart above shows the orders by status.' };
    case 'render_a2ui':
      return { text: 'Fill in the form above and press **Send feedback**.' };
    case 'status_chart_image':
      return { text: 'Here is the chart as a picture — click it to see it larger.' };
    case 'export_orders_csv':
      return { text: 'The orders are exported — download **orders.csv** from the card above.' };
    case 'schedule_delivery': {
      const slot = (data as { slot?: string }).slot;
      return { text: `Delivery booked for **${slot}**.` };
    }
    case 'cancel_order':
    case 'update_order_status': {
      const o = data as Record<string, unknown> | null;
      if (!o || o.id === undefined || o.status === undefined) return { text: `Done. The tool said: ${content}` };
      return { text: `Done — order **#${o.id}** is now *${o.status}*. The table has been updated.` };
    }
    default:
      return { text: 'Done.' };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function* play(reply: Reply, signal: AbortSignal, nextId: () => string): AsyncGenerator<ModelEvent> {
  const wait = () =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(new DOMException('The operation was aborted.', 'AbortError'));
      const timer = setTimeout(resolve, DELAY_MS);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      }, { once: true });
    });
  for (const piece of words(reply.thinking ?? '')) {
    await wait();
    yield { type: 'thinking', delta: piece };
  }
  for (const piece of words(reply.text ?? '')) {
    await wait();
    yield { type: 'text', delta: piece };
  }
  const toolCalls: AssembledToolCall[] = [];
  for (const [index, call] of (reply.calls ?? []).entries()) {
    const id = nextId();
    const argsText = JSON.stringify(call.args);
    // Arguments stream in small pieces, as a native tool call does.
    for (let end = 6; end < argsText.length + 6; end += 6) {
      await wait();
      yield { type: 'tool-call-delta', index, id, name: call.name, argsText: argsText.slice(0, end) };
    }
    toolCalls.push({ id, name: call.name, argsText });
  }
  // No usage event: this model counts no tokens, and zeros would read as a count.
  yield { type: 'done', text: reply.text ?? '', toolCalls, finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop' };
}

/** Splits text into word-sized pieces (keeping the spaces), the way tokens arrive. */
function words(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? [];
}
