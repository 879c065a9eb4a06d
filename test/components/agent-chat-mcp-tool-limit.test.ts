/**
 * A server may offer at most 128 tools before the user picks (issue 34, §5
 * finding 8): against the real `crowd` server the test runner starts
 * (test/support/mcp-outside-servers.js, 10,003 tools) and the mock endpoint,
 * an unpicked crowd offers none (the model request carries none of its
 * schemas; without the limit it carried 2.5 MB of them), its status and the
 * element's drawer say why and how to pick, and the server stays connected;
 * named in its `tools` option, the picked tools are offered and run.
 */
import { expect } from 'chai';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { McpServerStatus } from '../../src/types.js';
import { MCP_TOOL_LIMIT, toolLimitProblem } from '../../src/worker-tools/mcp/mcp-tool-limit.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, parts, typeAndEnter, until, type ChatFixture } from './helpers.js';

let urls: Record<string, string>;
before(async () => {
  urls = await (await fetch('/__mcp/servers')).json();
});

type Body = { tools?: Array<{ function: { name: string } }> };

describe('MCP: at most 128 tools a server unless the user picks', function () {
  this.timeout(60_000);
  let f: ChatFixture | undefined;
  afterEach(() => {
    f?.remove();
    f = undefined;
  });

  const row = (f: ChatFixture, name: string) => parts(f.chat, 'mcp-server').find((li) => li.dataset.server === name);

  /** The server's status once it is connected and its tools are settled. */
  async function settled(f: ChatFixture, name: string): Promise<McpServerStatus> {
    await until(() => f.chat.agent && true, 'the agent');
    for (let i = 0; i < 500; i++) {
      const s = (await f.chat.agent.mcp.status()).find((x) => x.name === name);
      if (s && s.state !== 'connecting' && (s.toolLimit || s.tools.length)) return s;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`the server ${name} never settled`);
  }

  it('the rule: more than 128 listed and none named is over the limit; 128, or any named list, is not', () => {
    expect(MCP_TOOL_LIMIT).to.equal(128);
    expect(toolLimitProblem({ name: 's' }, 128)).to.equal(undefined);
    expect(toolLimitProblem({ name: 's' }, 0)).to.equal(undefined);
    expect(toolLimitProblem({ name: 's' }, 129)).to.deep.include({ listed: 129, limit: 128 });
    expect(toolLimitProblem({ name: 's', tools: ['a'] }, 40_000)).to.equal(undefined);
    expect(toolLimitProblem({ name: 's', tools: [] }, 40_000), 'an empty pick offers nothing, and is a pick').to.equal(undefined);
  });

  it('a server listing 10,003 tools offers none: the request carries none of them, status and drawer say how to pick', async () => {
    f = await chatOnMock([textTurn('Hello.')]);
    f.chat.mcp = [{ url: urls.crowd!, name: 'crowd' }];
    const status = await settled(f, 'crowd');
    expect(status.state).to.equal('connected');
    expect(status.tools).to.deep.equal([]);
    expect(status.toolLimit).to.deep.include({ listed: 10_003, limit: 128 });
    expect(status.toolLimit!.message).to.contain('MCP server "crowd" lists 10,003 tools').and.contain('tools option');
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Hi');
    await done;
    const request = (await f.mock.log()).find((e) => e.path === '/v1/chat/completions')!;
    const offered = ((request.body as Body).tools ?? []).map((t) => t.function.name);
    expect(offered.filter((n) => n.startsWith('crowd_'))).to.deep.equal([]);
    expect(JSON.stringify(request.body).length, 'the request is small').to.be.below(50_000);
    const line = await until(() => row(f!, 'crowd')?.querySelector('[part~="mcp-tool-limit"]'), 'the limit in the drawer');
    expect(line.textContent).to.contain('10,003 tools').and.contain('128');
    const panel = part<HTMLDetailsElement>(f.chat, 'mcp-servers')!;
    panel.open = true;
    await f.chat.updateComplete;
    expect(await axeViolations(panel)).to.deep.equal([]);
  });

  it('named in its tools option, the picked tools are offered and run', async () => {
    f = await chatOnMock([toolCallTurn([{ name: 'crowd_pick_me', args: { query: 'x' } }]), textTurn('Ran.')]);
    f.chat.mcp = [{ url: urls.crowd!, name: 'crowd', tools: ['pick_me', 'tool_3'] }];
    const status = await settled(f, 'crowd');
    expect(status.toolLimit).to.equal(undefined);
    expect(status.tools.map((t) => t.name)).to.deep.equal(['crowd_tool_3', 'crowd_pick_me']);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Pick');
    await done;
    const request = (await f.mock.log()).find((e) => e.path === '/v1/chat/completions')!;
    expect(((request.body as Body).tools ?? []).map((t) => t.function.name).filter((n) => n.startsWith('crowd_'))).to.deep.equal(['crowd_tool_3', 'crowd_pick_me']);
    const result = f.events.find((e) => e.type === 'tool-result');
    expect(result && result.type === 'tool-result' && result.result).to.contain('pick_me ran');
  });
});
