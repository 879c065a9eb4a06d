// A remote run's first request has the page's answers ahead (src/agent/run-ahead.ts):
// the page's answers sent right behind the start, or the questions asked as the run
// began, whichever comes first — the gate's answer taken once, the run's signal checked.
import { expect } from 'chai';
import { AnswersAhead, RunAhead } from '../../src/agent/run-ahead.js';
import type { StartRequest } from '../../src/protocol/agent.js';
import type { AppStateEntry } from '../../src/agent/app-context.js';

const never = <T>() => new Promise<T>(() => {});
const entry = (name: string): AppStateEntry => ({ name, json: '1' });

/** A page whose questions are counted and answered by `answer` (never, by default). */
function page(answer: () => Promise<boolean> = never, context: () => Promise<AppStateEntry[]> = never) {
  const asked: string[] = [];
  return {
    asked,
    starts: { mayStart: (request: StartRequest) => (asked.push(request.kind), answer()) },
    host: { readContext: () => (asked.push('context'), context()) },
  };
}

describe('RunAhead', () => {
  it('asks the gate and the context as it is made, before the run emits anything', () => {
    const p = page();
    new RunAhead(p.starts, p.host);
    expect(p.asked).to.deep.equal(['model', 'context']);
  });

  it('takes the answers the page sent when they come first: the request need not wait for the page to answer its questions', async () => {
    const p = page();
    const sent = new AnswersAhead();
    const ahead = new RunAhead(p.starts, p.host, sent.take('r1'));
    sent.answered('r1', { mayStart: true, context: [entry('order')] });
    expect(await ahead.mayStart(new AbortController().signal)).to.equal(true);
    expect(await ahead.appState()).to.deep.equal([entry('order')]);
  });

  it('says no when the page sent no (it had cancelled), or when the run was cancelled here', async () => {
    const sent = new AnswersAhead();
    const p = page(async () => true);
    const refused = new RunAhead(page().starts, page().host, sent.take('r1'));
    sent.answered('r1', { mayStart: false, context: [] });
    expect(await refused.mayStart(new AbortController().signal)).to.equal(false);
    const cancelled = new AbortController();
    cancelled.abort();
    expect(await new RunAhead(p.starts, p.host).mayStart(cancelled.signal)).to.equal(false);
  });

  it('takes the questions\' answers when the page sends none, and asks again for every later request', async () => {
    let n = 0;
    const p = page(async () => ++n === 1, async () => [entry(`read ${n}`)]);
    const ahead = new RunAhead(p.starts, p.host, never());
    const signal = new AbortController().signal;
    expect(await ahead.mayStart(signal)).to.equal(true);
    expect(await ahead.appState()).to.deep.equal([entry('read 1')]);
    expect(await ahead.mayStart(signal)).to.equal(false);
    expect(await ahead.appState()).to.deep.equal([entry('read 2')]);
    expect(p.asked).to.deep.equal(['model', 'context', 'model', 'context']);
  });

  it('a page that is gone (its question rejects) is a no, never a throw', async () => {
    const p = page(() => Promise.reject(new Error('gone')), () => Promise.reject(new Error('gone')));
    const ahead = new RunAhead(p.starts, p.host);
    expect(await ahead.mayStart(new AbortController().signal)).to.equal(false);
    expect(await ahead.appState()).to.deep.equal([]);
  });
});

describe('AnswersAhead', () => {
  it('hands a run the answers sent for it, whether they came before or after it asked, and no other run\'s', async () => {
    const sent = new AnswersAhead();
    sent.answered('early', { mayStart: true, context: [entry('early')] });
    expect((await sent.take('early')).context).to.deep.equal([entry('early')]);
    const late = sent.take('late');
    sent.answered('other', { mayStart: false, context: [] });
    sent.answered('late', { mayStart: true, context: [entry('late')] });
    expect((await late).context).to.deep.equal([entry('late')]);
  });
});
