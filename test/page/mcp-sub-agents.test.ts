// Sub-agents and MCP tools, and MCP tools whose schemas cannot be compiled,
// against real servers the test runner starts (test/support/mcp-servers.js,
// the block at its end): `sub-lab` (annotated tools: read-only, destructive,
// none) and `schemas` (one good tool, three whose input schemas cannot compile).
// The agent is driven by the mock model; what each server received is asserted.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, AgentEvent, AgentOptions, McpServerStatus, SubAgentEvent } from '../../src/types.js';
import { mockEndpoint, type MockLogEntry } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

type Recorded = { http: string; rpc: string[]; note?: string; body?: { method?: string; params?: { name?: string; arguments?: unknown } } };
let urls: Record<string, string>;
before(async () => {
  urls = await (await fetch('/__mcp/servers')).json();
});
beforeEach(async () => {
  await fetch('/__mcp/reset?server=sub-lab,schemas');
});
const requests = async (server: string): Promise<Recorded[]> => (await fetch(`/__mcp/requests?server=${server}`)).json();
const calls = async (server: string) => (await requests(server)).filter((r) => r.body?.method === 'tools/call').map((r) => [r.body!.params!.name, r.body!.params!.arguments]);

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));
async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of run) out.push(e);
  return out;
}
function agentOn(baseURL: string, options: Partial<AgentOptions>): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', maxRetries: 0, ...options });
  agents.push(agent);
  return agent;
}
async function settled(agent: Agent): Promise<McpServerStatus[]> {
  for (let i = 0; i < 200; i++) {
    const status = await agent.mcp.status();
    if (status.every((s) => s.state !== 'connecting')) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('MCP servers never settled');
}
type Body = { messages: { role: string; content: string | null }[]; tools?: { function: { name: string } }[] };
const chats = (log: MockLogEntry[]) => log.filter((e) => e.path.endsWith('/chat/completions'));
const toolNames = (entry: MockLogEntry) => ((entry.body as Body).tools ?? []).map((t) => t.function.name).sort();
const isChild = (entry: MockLogEntry) => String((entry.body as Body).messages[0]?.content).startsWith('You are a helper agent.');

describe('sub-agents and MCP tools', () => {
  it('a sub-agent is offered the read-only MCP tools (readOnlyHint, no approval) and not the others, and its call reaches the server', async () => {
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'Read note 7' } }]),
        toolCallTurn([{ id: 'c1', name: 'notes_read_note', args: { id: '7' } }]),
        textTurn('Note 7 says: buy milk.'),
        textTurn('It says buy milk.'),
      ],
    });
    const agent = agentOn(mock.baseURL, {
      subAgents: true,
      mcp: [
        { url: urls['sub-lab']!, name: 'notes' },
        // Every call asks: a child (whom nobody answers) gets none of these, read-only or not.
        { url: urls['sub-lab']!, name: 'strict', approval: 'ask' },
        // Nothing asks, but nothing becomes read-only either: the child gets only the read-only ones.
        { url: urls['sub-lab']!, name: 'trusted', approval: 'auto' },
      ],
    });
    const events = await collect(agent.send('What does note 7 say?'));
    const log = chats(await mock.log());
    expect(log.map(isChild)).to.deep.equal([false, true, true, false]);
    const parent = toolNames(log[0]!);
    expect(parent).to.include.members(['dispatch_agent', 'notes_read_note', 'notes_delete_note', 'notes_plain', 'strict_read_note', 'strict_delete_note', 'trusted_delete_note']);
    const child = toolNames(log[1]!).filter((n) => /^(notes|strict|trusted)_/.test(n));
    expect(child).to.deep.equal(['notes_picture', 'notes_read_note', 'notes_slow', 'trusted_picture', 'trusted_read_note', 'trusted_slow']);
    // The child's call ran on the server, with no approval asked, and its result came back fenced as untrusted.
    expect(await calls('sub-lab')).to.deep.equal([['read_note', { id: '7' }]]);
    expect(events.some((e) => e.type === 'approval-request')).to.equal(false);
    const childResult = events
      .filter((e): e is SubAgentEvent => e.type === 'sub-agent' && e.parentCallId === 'd1')
      .map((e) => e.event)
      .find((e) => e.type === 'tool-result');
    expect(childResult).to.deep.include({ callId: 'c1', status: 'ok' });
    expect(String((log[2]!.body as Body).messages.at(-1)!.content)).to.contain('<untrusted-data tool="notes_read_note">').and.contain('note 7: buy milk');
  });
});

describe('MCP tools whose input schema cannot be compiled', () => {
  it('are left out with a clear reason in the status; the server\'s other tool is offered and works', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'l', name: 'schemas_lookup', args: { word: 'loop' } }]), textTurn('A word.')] });
    const agent = agentOn(mock.baseURL, { mcp: [{ url: urls.schemas!, name: 'schemas' }] });
    const [status] = await settled(agent);
    expect(status!.state).to.equal('connected');
    expect(status!.tools.map((t) => t.name)).to.deep.equal(['schemas_lookup']);
    expect(status!.skipped!.map((s) => s.tool)).to.deep.equal(['broken_ref', 'broken_type', 'broken_pattern']);
    const why = Object.fromEntries(status!.skipped!.map((s) => [s.tool, s.why]));
    expect(why.broken_ref).to.equal('its input schema cannot be used (at /properties/item: $ref "#/$defs/Item" points at nothing in the schema), so it is not offered; the server\'s other tools are.');
    expect(why.broken_type).to.contain('at /properties/n: "integr" is not a JSON Schema type');
    expect(why.broken_pattern).to.contain('pattern "([a-z" is not a regular expression');
    const events = await collect(agent.send('Look up loop'));
    expect(toolNames(chats(await mock.log())[0]!).filter((n) => n.startsWith('schemas_'))).to.deep.equal(['schemas_lookup']);
    expect(events.find((e) => e.type === 'tool-result')).to.deep.include({ callId: 'l', status: 'ok' });
    expect(await calls('schemas')).to.deep.equal([['lookup', { word: 'loop' }]]);
    expect((await requests('schemas')).some((r) => r.note?.includes('should never be offered'))).to.equal(false);
  });
});
