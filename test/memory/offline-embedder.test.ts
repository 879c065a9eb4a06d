import { expect } from 'chai';
import { OfflineEmbedder, embedOffline } from '../../src/memory/offline-embedder.js';

/** Queries and their paraphrases, written for this test: related wording, few identical phrasings. */
const PAIRS: [query: string, paraphrase: string][] = [
  ['How do I reset my password?', 'Steps for resetting a forgotten password'],
  ['The train to Berlin was delayed by two hours', 'Our Berlin train arrived two hours late because of delays'],
  ['She loves cooking Italian food', 'Italian dishes are what she enjoys cooking most'],
  ['The meeting is moved to Thursday afternoon', 'We rescheduled the meeting for Thursday after lunch'],
  ['My laptop battery drains very quickly', 'The battery of my notebook runs out fast'],
  ['Invoice payment is due at the end of the month', 'Pay the invoice by the end of each month'],
  ['The cat is sleeping on the sofa', 'A cat sleeps on the couch all afternoon'],
  ['Book a flight to Tokyo for next week', 'Reserve flights to Tokyo next week'],
  ['The server crashed because the disk was full', 'A full disk caused the server crash'],
  ['Remind me to water the plants tomorrow', 'Tomorrow I need a reminder about watering plants'],
  ['Children should drink more water every day', 'Kids need to be drinking water daily'],
  ['The stock market fell sharply today', 'Stocks dropped sharply in the market today'],
];

function cosine(a: Float32Array, b: Float32Array): number {
  return a.reduce((s, x, i) => s + x * b[i]!, 0);
}

describe('offline embedder', () => {
  it('makes L2-normalized vectors of the configured length', async () => {
    const [v] = await new OfflineEmbedder(384).embed(['Hello world']);
    expect(v).to.have.length(384);
    expect(cosine(v!, v!)).to.be.closeTo(1, 1e-5);
  });

  it('is deterministic', () => {
    const a = embedOffline('the same text', new Float32Array(64));
    const b = embedOffline('the same text', new Float32Array(64));
    expect(Array.from(a)).to.deep.equal(Array.from(b));
  });

  it('ranks each query’s paraphrase first among 12 candidates in at least 80% of cases', async () => {
    const embedder = new OfflineEmbedder();
    const queries = await embedder.embed(PAIRS.map(([q]) => q));
    const candidates = await embedder.embed(PAIRS.map(([, p]) => p));
    const firsts = queries.filter((q, i) => {
      const scores = candidates.map((c) => cosine(q, c));
      return scores.indexOf(Math.max(...scores)) === i;
    }).length;
    expect(firsts / PAIRS.length).to.be.at.least(0.8);
  });

  it('scores a paraphrase above unrelated text', async () => {
    const embedder = new OfflineEmbedder();
    const [query, paraphrase, unrelated] = await embedder.embed([
      'Where can I park my car near the station?',
      'Parking for cars close to the train station',
      'The recipe calls for two eggs and a cup of flour',
    ]);
    expect(cosine(query!, paraphrase!)).to.be.greaterThan(cosine(query!, unrelated!) + 0.2);
  });

  it('matches word forms through character n-grams and stems', () => {
    const v = (text: string) => embedOffline(text, new Float32Array(384));
    expect(cosine(v('running shoes'), v('shoes for runners'))).to.be.greaterThan(cosine(v('running shoes'), v('kitchen table')));
  });
});
