// The names MCP tools are offered under (src/worker-tools/mcp/mcp-names.ts).
import { expect } from 'chai';
import { mcpToolName, nameServers } from '../../src/worker-tools/mcp/mcp-names.js';

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

describe('MCP tool names', () => {
  it('prefix the server, replace characters endpoints refuse, and stay valid', () => {
    const taken = new Set<string>();
    expect(mcpToolName('files', 'read', taken)).to.equal('files_read');
    expect(mcpToolName('files', 'dir.list/all', taken)).to.equal('files_dir_list_all');
    expect(mcpToolName('files', 'résumé', taken)).to.equal('files_r_sum_');
  });

  it('cut long names to 64 with a hash of the tool name, so two long names that share a start stay apart', () => {
    const taken = new Set<string>();
    const long = 'a'.repeat(80);
    const a = mcpToolName('srv', `${long}_one`, taken);
    const b = mcpToolName('srv', `${long}_two`, taken);
    expect(a).to.match(VALID).and.have.length(64);
    expect(b).to.match(VALID).and.have.length(64);
    expect(a).to.not.equal(b);
    // Stable: the same tool gets the same name again.
    expect(mcpToolName('srv', `${long}_one`, new Set())).to.equal(a);
  });

  it('add _2, _3 to a name already taken (a page tool, another tool that maps to the same name)', () => {
    const taken = new Set(['lab_read']);
    expect(mcpToolName('lab', 'read', taken)).to.equal('lab_read_2');
    expect(mcpToolName('lab', 'read', taken)).to.equal('lab_read_3');
    expect(mcpToolName('lab', 'read.', taken)).to.equal('lab_read_');
    const full = new Set(['x'.repeat(64)]);
    const again = mcpToolName('x'.repeat(10), 'x'.repeat(53), full);
    expect(again).to.match(VALID).and.to.not.equal('x'.repeat(64));
  });

  it('name servers by their option, else by their host, distinct', () => {
    const named = nameServers([{ url: 'http://127.0.0.1:3001/mcp' }, { url: 'http://127.0.0.1:3002/mcp' }, { url: 'https://tools.example.com/mcp', name: 'tools' }]);
    expect(named.map((s) => s.name)).to.deep.equal(['127_0_0_1', '127_0_0_1_2', 'tools']);
  });
});
