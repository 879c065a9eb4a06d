// The context budget end to end: a real agent (worker, HTTP client) against the
// mock run like llama-server with a small context (`nCtx`: it counts each prompt,
// refuses what does not fit with llama-server's own error, reports usage, serves /props).
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { Agent, AgentEvent, AgentOptions, ChatMessage, ContextEvent } from '../../src/types.js';
import { mockEndpoint, type MockLogEntry, type MockTurn } from '../../src/testing/mock-endpoint.js';
import { errorTurn, textTurn, toolCallTurn } from '../../src/testing/chunks.js';

const SUMMARY = 'You compress conversations';

const agents: Agent[] = [];
function agentFor(baseURL: string, options: Partial<AgentOptions> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', maxRetries: 0, approval: 'auto', ...options });
  agents.push(agent);
  return agent;
}
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of run) events.push(e);
  return events;
}

const WORDS = 'river stone lantern harbour meadow copper signal window garden thunder velvet orbit candle marble ladder compass pepper saddle willow anchor'.split(' ');

/** About `chars` characters of page text, different for each `seed`. */
function pageText(seed: number, chars: number): string {
  let text = `Page ${seed}.`;
  for (let i = 0; text.length < chars; i++) {
    text += ` ${WORDS[(seed * 7 + i * 3) % WORDS.length]}${i % 11 === 10 ? '.' : ''}`;
  }
  return text;
}

const readPage = defineTool({
  name: 'read_page',
  description: 'Reads one page of the document.',
  parameters: z.object({ n: z.number() }),
  execute: ({ n }) => pageText(n, 1200),
});

/** Every tool message in a request follows the assistant message that made its call. */
function callsKeptWithResults(messages: ChatMessage[]): boolean {
  const open = new Set<string>();
  for (const m of messages) {
    if (m.role === 'assistant') {
      open.clear();
      for (const c of m.tool_calls ?? []) open.add(c.id);
    } else if (m.role === 'tool') {
      if (!open.delete(m.tool_call_id)) return false;
    } else if (open.size > 0) return false;
  }
  return true;
}

const chats = (log: MockLogEntry[]) => log.filter((e) => e.path === '/v1/chat/completions');
const bodyOf = (e: MockLogEntry) => e.body as { messages: ChatMessage[]; tools?: { function: { name: string } }[] };
const contextEvents = (events: AgentEvent[]) => events.filter((e): e is ContextEvent => e.type === 'context');

for (const nCtx of [2048, 4096, 8192]) {
  it(`a conversation outgrowing a ${nCtx}-token context is folded (tool calls included) and never refused`, async function () {
    this.timeout(60000);
    const exchanges = Math.ceil(nCtx / 400) + 2;
    const turns: MockTurn[] = [];
    for (let k = 1; k <= exchanges; k++) {
      turns.push(toolCallTurn([{ name: 'read_page', args: { n: k }, id: `call_${k}` }]));
      turns.push(textTurn(`Page ${k} is about ${WORDS[k % WORDS.length]} and ${WORDS[(k + 5) % WORDS.length]}; nothing else stands out on it.`));
    }
    const mock = await mockEndpoint({
      nCtx,
      turns,
      replies: [{ when: SUMMARY, turn: textTurn('The user is reading a document page by page with read_page; each page lists words such as river, stone and lantern. Nothing is open.') }],
    });
    const agent = agentFor(mock.baseURL, { tools: [readPage] });
    const events: AgentEvent[] = [];
    for (let k = 1; k <= exchanges; k++) {
      const run = await collect(agent.send(`Read page ${k} and tell me what it is about.`));
      events.push(...run);
      expect(run.at(-1), `exchange ${k}`).to.include({ type: 'final', reason: 'answer' });
    }
    const log = chats(await mock.log());
    expect(log.filter((e) => e.refused), 'requests the server refused').to.have.length(0);
    const folds = contextEvents(events).filter((e) => e.action === 'folded');
    expect(folds.length).to.be.greaterThan(0);
    expect(folds[0]!.contextTokens).to.equal(nCtx); // learned from /props
    expect(folds[0]!.after).to.be.lessThan(folds[0]!.before);
    // The summary call saw tool calls and results of the folded part.
    const summaryCalls = log.filter((e) => String(bodyOf(e).messages[0]!.content).includes(SUMMARY));
    expect(summaryCalls.length).to.equal(folds.length);
    expect(String(bodyOf(summaryCalls[0]!).messages[1]!.content)).to.match(/called read_page/).and.match(/Tool result \(call_1\)/);
    // Every request the model answered kept calls with their results and fitted the window.
    for (const entry of log.filter((e) => !String(bodyOf(e).messages[0]!.content).includes(SUMMARY))) {
      expect(callsKeptWithResults(bodyOf(entry).messages)).to.equal(true);
      expect(entry.promptTokens!).to.be.at.most(nCtx);
    }
    const last = bodyOf(log.at(-1)!);
    expect(last.messages[0]!.content).to.include('Summary of the earlier conversation');
    expect(last.messages.some((m) => m.role === 'user' && m.content === `Read page ${exchanges} and tell me what it is about.`)).to.equal(true);
    // The stored history keeps everything.
    expect((await agent.messages()).length).to.equal(exchanges * 4);
  });
}

it('a 200 KB tool result is cut with a note, and the model pages through it with read_result', async function () {
  this.timeout(60000);
  const big = Array.from({ length: 5000 }, (_, i) => `line ${i}: ${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]}`).join('\n').padEnd(200_000, '.').slice(0, 200_000);
  const bigTool = defineTool({ name: 'read_all', description: 'Reads everything.', parameters: z.object({}), execute: () => big });
  const mock = await mockEndpoint({
    nCtx: 4096,
    turns: [
      toolCallTurn([{ name: 'read_all', args: {}, id: 'call_big' }]),
      // The offset is filled in below from the cut note, as a model would read it.
      toolCallTurn([{ name: 'read_result', args: { callId: 'call_big', offset: 0 }, id: 'call_page' }]),
      textTurn('I read the first two pages.'),
    ],
  });
  const agent = agentFor(mock.baseURL, { tools: [bigTool] });
  const events = await collect(agent.send('Read it all.'));
  expect(events.at(-1)).to.include({ type: 'final', reason: 'answer' });
  const log = chats(await mock.log());
  expect(log.filter((e) => e.refused)).to.have.length(0);
  const second = bodyOf(log[1]!);
  const cutMessage = second.messages.find((m) => m.role === 'tool')!;
  expect(cutMessage.content.length).to.be.lessThan(20_000);
  expect(cutMessage.content).to.match(/\[Cut to fit the context: showing characters 0–\d+ of 200000\. The full result is kept; read on with read_result \{"callId":"call_big","offset":\d+\}\.\]$/);
  expect(big.startsWith(cutMessage.content.slice(0, cutMessage.content.indexOf('\n[Cut')))).to.equal(true);
  expect(second.tools!.map((t) => t.function.name)).to.include('read_result');
  const cut = contextEvents(events).find((e) => e.action === 'cut')!;
  expect(cut).to.include({ callId: 'call_big', contextTokens: 4096 });
  expect(cut.before).to.be.greaterThan(cut.after);
  const page = events.find((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result' && e.callId === 'call_page')!;
  expect(page.status).to.equal('ok');
  const text = page.result as string;
  const shown = text.slice(0, text.lastIndexOf('\n[Characters'));
  expect(big.startsWith(shown)).to.equal(true);
  expect(text).to.match(/\[Characters 0–\d+ of 200000\. \d+ more: read_result \{"callId":"call_big","offset":\d+\}\.\]$/);
  // The full result stays in the history, for the user and for later pages.
  const stored = (await agent.messages()).find((m) => m.role === 'tool' && m.tool_call_id === 'call_big')!;
  expect(stored.content).to.equal(big);
});

it('a failing summary call falls back to dropping the oldest turns, and the run goes on', async function () {
  this.timeout(60000);
  const turns: MockTurn[] = [];
  for (let k = 1; k <= 8; k++) {
    turns.push(toolCallTurn([{ name: 'read_page', args: { n: k }, id: `call_${k}` }]));
    turns.push(textTurn(`Page ${k} is read.`));
  }
  const mock = await mockEndpoint({ nCtx: 2048, turns, replies: [{ when: SUMMARY, turn: errorTurn(400, 'the summariser is broken') }] });
  const agent = agentFor(mock.baseURL, { tools: [readPage] });
  const events: AgentEvent[] = [];
  for (let k = 1; k <= 8; k++) events.push(...(await collect(agent.send(`Read page ${k}.`))));
  expect(events.filter((e) => e.type === 'final').every((e) => (e as { reason: string }).reason === 'answer')).to.equal(true);
  const drops = contextEvents(events).filter((e) => e.action === 'dropped');
  expect(drops.length).to.be.greaterThan(0);
  expect(contextEvents(events).some((e) => e.action === 'folded')).to.equal(false);
  const log = chats(await mock.log());
  expect(log.filter((e) => e.refused)).to.have.length(0);
  const last = bodyOf(log.at(-1)!);
  expect(last.messages[0]!.content).to.match(/\(\d+ earlier messages were left out to fit the context window\.\)/);
  expect(callsKeptWithResults(last.messages)).to.equal(true);
});

it('a server overflow error folds and retries once instead of failing', async function () {
  this.timeout(60000);
  // The app claims 32k, the server has 2k: the first big request is refused, the error says n_ctx.
  const turns: MockTurn[] = [];
  for (let k = 1; k <= 6; k++) {
    turns.push(toolCallTurn([{ name: 'read_page', args: { n: k }, id: `call_${k}` }]));
    turns.push(textTurn(`Page ${k} is read.`));
  }
  const mock = await mockEndpoint({ nCtx: 2048, turns, replies: [{ when: SUMMARY, turn: textTurn('The user reads pages one by one.') }] });
  const agent = agentFor(mock.baseURL, { tools: [readPage], contextTokens: 32768 });
  const events: AgentEvent[] = [];
  for (let k = 1; k <= 6; k++) events.push(...(await collect(agent.send(`Read page ${k}.`))));
  expect(events.filter((e) => e.type === 'error')).to.deep.equal([]);
  expect(events.filter((e) => e.type === 'final').every((e) => (e as { reason: string }).reason === 'answer')).to.equal(true);
  const log = chats(await mock.log());
  const refused = log.filter((e) => e.refused);
  expect(refused.length).to.equal(1);
  // Right after the refusal: a summary call, then the same turn again, folded, and accepted.
  const at = log.indexOf(refused[0]!);
  expect(String(bodyOf(log[at + 1]!).messages[0]!.content)).to.include(SUMMARY);
  expect(log[at + 2]!.refused).to.not.equal(true);
  expect(contextEvents(events).find((e) => e.action === 'folded')!.contextTokens).to.equal(2048);
});

it('a message too long for the window the server has: refused once whole, then sent as its start and end, and answered', async function () {
  this.timeout(60000);
  const mock = await mockEndpoint({ nCtx: 1024, turns: [textTurn('Read what fit.')] });
  const agent = agentFor(mock.baseURL, { contextTokens: 32768 });
  const text = pageText(1, 9000);
  const events = await collect(agent.send(text));
  expect(events.filter((e) => e.type === 'error')).to.deep.equal([]);
  expect((events.find((e) => e.type === 'final') as { reason: string }).reason).to.equal('answer');
  const log = chats(await mock.log());
  // The window was only learned from the refusal: the whole message once, then its start and end (the budget's cut).
  expect(log.filter((e) => e.refused)).to.have.length(1);
  const accepted = log.filter((e) => !e.refused).at(-1)!;
  const user = String(bodyOf(accepted).messages.filter((m) => m.role === 'user').at(-1)!.content);
  expect(user.startsWith('Page 1.')).to.equal(true);
  expect(user).to.include("left out here: it is too long for the model's context window (1024 tokens)");
  expect(contextEvents(events).some((e) => e.action === 'cut' && e.callId === undefined)).to.equal(true);
  // The conversation keeps the whole message.
  expect((await agent.messages()).find((m) => m.role === 'user')!.content).to.equal(text);
});

it('a 256-token window that cannot hold even "hello" with the system prompt: sent once, and the error says why', async function () {
  this.timeout(60000);
  const mock = await mockEndpoint({ nCtx: 256, turns: [textTurn('never reached')] });
  const agent = agentFor(mock.baseURL, { tools: [readPage] });
  const events = await collect(agent.send('hello'));
  const error = events.find((e): e is Extract<AgentEvent, { type: 'error' }> => e.type === 'error')!;
  expect(error.code).to.equal('context-overflow');
  expect(error.message).to.match(/^This message does not fit the model's context window \(256 tokens\) even on its own, with the system prompt and \d+ tools: send a shorter message, or give the server a larger context/);
  const sent = chats(await mock.log());
  expect(sent.filter((e) => bodyOf(e).messages.some((m) => m.role === 'user' && m.content === 'hello'))).to.have.length(1);
});

it('a conversation that outgrew the window after several turns folds its earlier turns and cuts the long message, then is answered', async function () {
  this.timeout(60000);
  const turns: MockTurn[] = [textTurn('One.'), textTurn('Two.'), textTurn('Three.')];
  const mock = await mockEndpoint({ nCtx: 1024, turns, replies: [{ when: SUMMARY, turn: textTurn('Earlier: numbers.') }] });
  const agent = agentFor(mock.baseURL, { contextTokens: 32768 });
  await collect(agent.send('Say one.'));
  await collect(agent.send('Say two.'));
  const events = await collect(agent.send(pageText(1, 9000)));
  expect(events.filter((e) => e.type === 'error')).to.deep.equal([]);
  expect(contextEvents(events).some((e) => e.action === 'folded' || e.action === 'dropped')).to.equal(true);
  expect(contextEvents(events).some((e) => e.action === 'cut' && e.callId === undefined)).to.equal(true);
  expect(chats(await mock.log()).filter((e) => e.refused).length).to.equal(1);
});

it('usage reports the context window the agent budgets for', async () => {
  const mock = await mockEndpoint({ nCtx: 4096, turns: [textTurn('Hi.')] });
  const agent = agentFor(mock.baseURL, { contextTokens: 4096 });
  const events = await collect(agent.send('hello'));
  const usage = events.find((e): e is Extract<AgentEvent, { type: 'usage' }> => e.type === 'usage')!;
  const [entry] = chats(await mock.log());
  // "Hi." is two cl100k tokens.
  expect(usage).to.deep.equal({ type: 'usage', promptTokens: entry!.promptTokens, completionTokens: 2, contextTokens: 4096 });
});
