import { expect } from 'chai';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

interface Report {
  cdn: true;
  error?: string;
  toolResult?: unknown;
  final?: { reason: string; text: string };
  events?: string[];
  defined?: boolean;
  createAgent?: string;
}

describe('the standalone bundle (dist/cdn)', () => {
  it('defines <agent-chat> from one module, loads its worker from a sibling file, and runs a conversation with a page tool', async () => {
    const mock = await mockEndpoint({
      turns: [toolCallTurn([{ id: 'c1', name: 'read_stock', args: {} }]), textTurn('There are 12 blue widgets.')],
    });
    const frame = document.createElement('iframe');
    const reports: Report[] = [];
    const finished = new Promise<Report>((resolve) => {
      window.addEventListener('message', (e: MessageEvent<Report>) => {
        if (e.source !== frame.contentWindow || !e.data?.cdn) return;
        reports.push(e.data);
        if (e.data.final || e.data.error) resolve(e.data);
      });
    });
    frame.src = `/test/cdn/page.html?baseURL=${encodeURIComponent(new URL(mock.baseURL, location.href).href)}`;
    document.body.append(frame);
    const last = await finished;
    frame.remove();
    expect(last.error).to.equal(undefined);
    expect(last.defined).to.equal(true);
    expect(last.createAgent).to.equal('function');
    expect(last.final).to.deep.include({ reason: 'answer', text: 'There are 12 blue widgets.' });
    // The loop runs only in the worker: an answer after a tool call means the sibling worker file loaded.
    expect(reports.find((r) => 'toolResult' in r)?.toolResult).to.equal('Blue widgets in stock: 12');
  });
});
