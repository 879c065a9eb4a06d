/**
 * The XSS corpus (issue 9, Tests): every payload of support/xss-corpus.ts
 * (over 800, from public payload kinds) placed in everything a real
 * `<agent-chat>` renders from the model or a tool — reply text, reasoning,
 * tool results, tool names, tool arguments and suggestions — on the mock
 * endpoint. None may run (a canary any execution calls), no `on*` handler
 * attribute or `javascript:`/`vbscript:`/`data:` URL may reach the DOM
 * (the shadow DOM is walked), no active element (script, iframe, object,
 * form, base, meta, svg, math…) may appear in what the model said, and
 * every answer renders to its end (each payload's own end marker and the
 * reply's last sentence are in the DOM).
 */
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { chunk, textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, parts, until, type ChatFixture } from '../components/helpers.js';
import { xssCorpus } from './support/xss-corpus.js';

type Canary = Window & { __pwn?: (n: number) => void };
const canary = window as Canary;
/** Numbers of the payloads that ran (-1: an alert, confirm, prompt or print). */
let ran: number[] = [];

const corpus = xssCorpus();
const LAST = 'The last sentence of the reply is END-OF-REPLY.';

/** The corpus as one reply: each payload a block of its own, followed by its end marker. */
const reply = corpus.map((p, i) => `${p.text}\n\nPayload ${i} END-${i}.`).join('\n\n') + `\n\n${LAST}`;

/** The reply in deltas of ~400 characters, cut anywhere (a word-per-delta stream of 100 KB is the element's load test, not this one's). */
const pieces = (text: string): string[] => text.match(/[\s\S]{1,397}/g)!;

/** The corpus in 20-payload groups, each payload followed by its end marker: one tool name or suggestion per group. */
const groups = Array.from({ length: Math.ceil(corpus.length / 20) }, (_, g) =>
  corpus.slice(g * 20, g * 20 + 20).map((p, i) => `${p.text} END-${g * 20 + i}.`).join(' '),
);

/** Elements that must never come out of what the model or a tool said. */
/** Controls the element itself draws inside a message part: a long message's "Show all" (issue 37). */
const OWN_CONTROLS = '.show-all-row > button[part~="show-all-button"]';
const ACTIVE = 'script, iframe, frame, frameset, object, embed, applet, portal, base, form, input, button, select, textarea, meta, link, style, svg, math, img, video, audio, source, track, isindex, template';

/** Attributes that take a URL. */
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc', 'poster', 'background', 'ping', 'srcset', 'dynsrc', 'lowsrc', 'codebase', 'cite', 'longdesc', 'usemap', 'manifest'];

/** Every element under `root`, into open shadow roots too. */
function* walk(root: ParentNode): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element.shadowRoot) yield* walk(element.shadowRoot);
  }
}

/** What in the chat's DOM could run or navigate to script; empty when nothing. */
function activeMarkup(chat: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of walk(chat.shadowRoot!)) {
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) found.push(`<${element.localName} ${attribute.name}>`);
      if (URL_ATTRIBUTES.includes(attribute.name.toLowerCase())) {
        const url = attribute.value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
        if (/^(?:javascript|vbscript|livescript|data):/.test(url)) found.push(`<${element.localName} ${attribute.name}="${attribute.value.slice(0, 40)}">`);
      }
    }
  }
  const said = chat.shadowRoot!.querySelectorAll('[part~="message"], [part~="thinking"], [part~="tool-call"], [part~="suggestion"]');
  for (const area of said) {
    for (const element of area.querySelectorAll(ACTIVE)) {
      // The element's own control in a long message (message-view.ts draws it beside the text, never from it).
      if (element.matches(OWN_CONTROLS)) continue;
      found.push(`<${element.localName}> in ${area.getAttribute('part')}`);
    }
  }
  return found;
}

/** Waits a few frames and a moment: long enough for an `onerror`, `onload` or `onfocus` to have fired. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(r));
  await new Promise((r) => setTimeout(r, 150));
}

/** Opens every collapsed part (reasoning, tool results), so what they hold is rendered too. */
async function openAll(f: ChatFixture): Promise<void> {
  for (const details of f.chat.shadowRoot!.querySelectorAll('details')) details.open = true;
  await f.chat.updateComplete;
}

/** The text of the first `name` part once it contains `end` (a long reply renders over many frames; up to a minute on a busy machine). */
async function rendered(f: ChatFixture, name: string, end: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    await f.chat.updateComplete;
    const text = part(f.chat, name)?.textContent ?? '';
    if (text.includes(end)) {
      await settle();
      return part(f.chat, name)!.textContent!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the ${name} part never showed "${end}"`);
}

function report(place: string, f: ChatFixture, text: string | null): void {
  const active = activeMarkup(f.chat);
  const missing = text === null ? [] : corpus.map((_, i) => `END-${i}.`).filter((marker) => !text.includes(marker));
  const failed = new Set([...ran.map((n) => `payload ${n} ran`), ...active, ...missing.map((m) => `${m} missing`)]);
  console.log(`xss corpus in ${place}: ${corpus.length - Math.min(corpus.length, failed.size)} passed, ${failed.size} failed (${corpus.length} payloads)`);
  expect(ran, 'payloads that ran').to.deep.equal([]);
  expect(active, 'active markup in the DOM').to.deep.equal([]);
  expect(missing, 'payloads after which the answer stopped rendering').to.deep.equal([]);
}

describe('xss corpus (issue 9): nothing the model or a tool says can run', function () {
  this.timeout(120_000);
  let f: ChatFixture | undefined;
  const original = { alert: window.alert, confirm: window.confirm, prompt: window.prompt, print: window.print };
  before(() => {
    expect(corpus.length).to.be.at.least(500);
    canary.__pwn = (n) => ran.push(n);
    window.alert = window.print = () => void ran.push(-1);
    window.confirm = () => (ran.push(-1), false);
    window.prompt = () => (ran.push(-1), null);
  });
  after(() => {
    delete canary.__pwn;
    Object.assign(window, original);
  });
  beforeEach(() => (ran = []));
  afterEach(() => f?.remove());

  it('in the reply text, streamed, rendered to its end', async () => {
    f = await chatOnMock([textTurn(reply, { pieces: pieces(reply) })]);
    const started = performance.now();
    const done = f.nextFinal();
    f.chat.send('show me everything');
    await done;
    const text = await rendered(f, 'assistant', LAST);
    console.log(`reply of ${reply.length} characters rendered in ${Math.round(performance.now() - started)} ms`);
    report('reply text', f, text);
  });

  it('in the reasoning', async () => {
    f = await chatOnMock([textTurn(`Done. ${LAST}`, { reasoning: reply, pieces: [`Done. ${LAST}`] })]);
    const done = f.nextFinal();
    f.chat.send('think');
    await done;
    await openAll(f);
    await settle();
    expect(part(f.chat, 'assistant')!.textContent).to.contain(LAST);
    report('reasoning', f, part(f.chat, 'thinking')?.textContent ?? part(f.chat, 'assistant')!.textContent);
  });

  it('in a tool result', async () => {
    const leak = defineTool({ name: 'leak', description: 'Returns hostile text', parameters: z.object({}), execute: () => ({ html: reply }) });
    f = await chatOnMock([toolCallTurn([{ name: 'leak', args: {} }]), textTurn(LAST)], { tools: [leak] });
    const done = f.nextFinal();
    f.chat.send('go');
    await done;
    await openAll(f);
    await settle();
    expect(part(f.chat, 'tool-call')!.textContent).to.contain('END-OF-REPLY');
    report('tool result', f, part(f.chat, 'tool-call')!.textContent);
  });

  it('in tool names and in the arguments the model made up', async () => {
    const calls = groups.map((group, i) => ({ index: i, id: `c${i}`, type: 'function', function: { name: group, arguments: JSON.stringify({ x: group }) } }));
    f = await chatOnMock([{ chunks: [...calls.map((call) => chunk({ tool_calls: [call] })), chunk({}, 'tool_calls')] }, textTurn(LAST)]);
    const done = f.nextFinal();
    f.chat.send('go');
    await done;
    await openAll(f);
    await settle();
    const cards = parts(f.chat, 'tool-call');
    report('tool names and arguments', f, cards.length > 0 ? cards.map((c) => c.textContent).join('\n') : null);
  });

  it('in the arguments of a real tool', async () => {
    const echo = defineTool({ name: 'echo', description: 'Echoes', parameters: z.object({ text: z.string() }), execute: ({ text }) => text });
    f = await chatOnMock([toolCallTurn([{ name: 'echo', args: { text: reply } }]), textTurn(LAST)], { tools: [echo] });
    const done = f.nextFinal();
    f.chat.send('go');
    await done;
    await openAll(f);
    await settle();
    report('tool arguments', f, part(f.chat, 'tool-call')!.textContent);
  });

  it('in a question and its suggestions', async () => {
    const suggestions = groups;
    f = await chatOnMock([toolCallTurn([{ name: 'ask_question', args: { question: reply, suggestions } }])]);
    const done = f.nextFinal();
    f.chat.send('ask me');
    await done;
    await until(() => parts(f!.chat, 'suggestion').length > 0, 'the suggestions');
    await settle();
    report('suggestions', f, parts(f.chat, 'suggestion').map((s) => s.textContent).join('\n'));
  });
});
