// The size limits of attachments are one rule: every file is measured as it
// was picked (what the user's file manager shows), an image before it is
// downscaled as a text file as it is — and each refusal says so. Before, an
// image was measured after downscaling (a 21.2 MB PNG passed a 20 MB limit
// while a 20.5 MB text file did not).
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));
async function agentWith(attachments: { maxFileBytes?: number; maxMessageBytes?: number; imageLongEdge?: number }): Promise<Agent> {
  const mock = await mockEndpoint({ turns: [] });
  const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', attachments });
  agents.push(agent);
  return agent;
}

/** A PNG of noise (it does not compress): about 4 bytes a pixel as picked, tiny once downscaled. */
async function noisyPng(side: number, name: string): Promise<File> {
  const canvas = new OffscreenCanvas(side, side);
  const g = canvas.getContext('2d')!;
  const pixels = g.createImageData(side, side);
  crypto.getRandomValues(pixels.data.subarray(0, Math.min(pixels.data.length, 65536)));
  for (let i = 65536; i < pixels.data.length; i += 65536) pixels.data.copyWithin(i, 0, Math.min(65536, pixels.data.length - i));
  for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255;
  g.putImageData(pixels, 0, 0);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

const RULE = '(sizes are of the files as picked, before images are downscaled).';

describe('attachment size limits: one rule', () => {
  it('an image is measured as picked, like a text file, and the refusal says how', async () => {
    const agent = await agentWith({ maxFileBytes: 50_000, imageLongEdge: 32 });
    const big = await noisyPng(200, 'screen.png');
    const small = await noisyPng(100, 'icon.png');
    expect(big.size).to.be.above(50_000);
    expect(small.size).to.be.below(50_000);
    const text = { name: 'notes.txt', type: 'text/plain', data: 'n'.repeat(60_000) };
    const { accepted, refused } = await agent.prepareAttachments([big, small, text]);
    expect(refused.map((r) => [r.name, r.code])).to.deep.equal([['screen.png', 'attachment-too-large'], ['notes.txt', 'attachment-too-large']]);
    expect(refused[0]!.message).to.match(/^"screen\.png" is \d+ KB; one file may be at most 49 KB \(sizes are of the files as picked, before images are downscaled\)\.$/);
    expect(refused[1]!.message).to.equal(`"notes.txt" is 59 KB; one file may be at most 49 KB ${RULE}`);
    // What passes is still downscaled for sending.
    expect(accepted.map((a) => [a.name, a.width])).to.deep.equal([['icon.png', 32]]);
    expect(accepted[0]!.original?.size).to.equal(small.size);
  });

  it('a message\'s total is measured as picked too, also when the composer hands its prepared files back', async () => {
    const agent = await agentWith({ maxMessageBytes: 60_000, imageLongEdge: 32 });
    const first = await noisyPng(100, 'one.png');
    const second = await noisyPng(100, 'two.png');
    const both = await agent.prepareAttachments([first, second]);
    expect(both.refused.map((r) => [r.name, r.code])).to.deep.equal([['two.png', 'attachments-too-large']]);
    expect(both.refused[0]!.message).to.contain(`one message may carry at most 59 KB ${RULE}`);
    // The chip of the first, checked again with a new file: its size as picked still counts, not its downscaled bytes.
    const again = await agent.prepareAttachments([...both.accepted, { name: 'log.txt', type: 'text/plain', data: 'l'.repeat(30_000) }]);
    expect(again.accepted.map((a) => a.name)).to.deep.equal(['one.png']);
    expect(again.refused.map((r) => [r.name, r.code])).to.deep.equal([['log.txt', 'attachments-too-large']]);
  });
});
