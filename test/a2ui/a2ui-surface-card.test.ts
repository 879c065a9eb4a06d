import { expect } from 'chai';
import '../../components/a2ui/a2ui-views.js';
import type { A2uiSurfaceCard } from '../../components/a2ui/a2ui-surface-card.js';
import { BOOKING, deepAll, drawn, surfaceArgs } from '../components/a2ui-support.js';
import { until } from '../components/helpers.js';

async function cardOf(messages: unknown, partial = false): Promise<A2uiSurfaceCard> {
  const el = document.createElement('pageloop-a2ui-surface');
  el.messages = messages;
  el.options = true;
  el.partial = partial;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

describe('<pageloop-a2ui-surface>', () => {
  afterEach(() => document.querySelectorAll('pageloop-a2ui-surface').forEach((el) => el.remove()));

  it('draws a whole surface with the official renderer', async () => {
    const el = await cardOf(surfaceArgs('b', BOOKING, { guest: { name: 'Ada' } }));
    await until(() => deepAll(el, 'button').length > 0, 'the button');
    expect(el.surfaceIds).to.deep.equal(['b']);
    expect(drawn(el).length).to.be.greaterThan(4);
    expect(deepAll<HTMLInputElement>(el, 'input')[0]!.value).to.equal('Ada');
  });

  it('draws a prefix while partial, and grows it', async () => {
    const text = JSON.stringify(surfaceArgs('b', BOOKING));
    const cut = text.slice(0, text.indexOf('"photo"', text.indexOf('"title","component"')) + 3);
    const { parsePartialJson } = await import('../../components/partial-json.js');
    const el = await cardOf(parsePartialJson(cut), true);
    await until(() => drawn(el).length > 0, `a prefix drawn: ${el.shadowRoot!.innerHTML.slice(0, 400)}`);
    expect(deepAll(el, 'button')).to.have.length(0);
    el.messages = surfaceArgs('b', BOOKING);
    el.partial = false;
    await until(() => deepAll(el, 'button').length > 0, 'the button');
  });

  it("what the user types changes the surface's data model, never the messages it was drawn from", async () => {
    const messages = surfaceArgs('b', BOOKING, { guest: { name: 'Ada' } });
    const before = JSON.stringify(messages);
    const el = await cardOf(messages);
    const input = await until(() => deepAll<HTMLInputElement>(el, 'input')[0], 'the field');
    const reported = new Promise<unknown>((resolve) => el.addEventListener('a2ui-data', (e) => resolve(e.detail.dataModel), { once: true }));
    input.value = 'Grace';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    expect(await reported).to.deep.equal({ guest: { name: 'Grace' } });
    expect(JSON.stringify(messages), 'the messages after typing').to.equal(before);
    // Drawn again from the same messages (a reload of the thread), the card shows them as they were.
    el.remove();
    const again = await cardOf(messages);
    expect((await until(() => deepAll<HTMLInputElement>(again, 'input')[0], 'the field again')).value).to.equal('Ada');

    // Nor into the kept data it was drawn with (what a thread file holds).
    again.remove();
    const data = { b: { guest: { name: 'Lin' } } };
    const kept = await cardOf(messages);
    kept.data = data;
    const field = await until(() => {
      const f = deepAll<HTMLInputElement>(kept, 'input')[0];
      return f?.value === 'Lin' ? f : undefined;
    }, 'the kept name');
    const typed = new Promise<unknown>((resolve) => kept.addEventListener('a2ui-data', (e) => resolve(e.detail.dataModel), { once: true }));
    field.value = 'Mo';
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    expect(await typed).to.deep.equal({ guest: { name: 'Mo' } });
    expect(data, 'the kept data after typing').to.deep.equal({ b: { guest: { name: 'Lin' } } });
  });
});

describe('<pageloop-a2ui-surface> while arguments stream', () => {
  it('grows with every 12-character prefix: never a refusal, never fewer components than before', async () => {
    const { parsePartialJson } = await import('../../components/partial-json.js');
    const text = JSON.stringify(surfaceArgs('booking', BOOKING, { guest: { name: '' } }));
    const el = document.createElement('pageloop-a2ui-surface');
    el.options = true;
    el.partial = true;
    document.body.append(el);
    const counts: number[] = [];
    for (let i = 12; i < text.length; i += 12) {
      el.messages = parsePartialJson(text.slice(0, i));
      await el.updateComplete;
      await new Promise((r) => setTimeout(r, 10));
      expect(el.shadowRoot!.querySelector('.refused'), `prefix ${i}`).to.equal(null);
      counts.push(drawn(el).length);
    }
    expect(counts.every((n, i) => i === 0 || n >= counts[i - 1]!), counts.join(',')).to.equal(true);
    expect(new Set(counts).size, 'several steps').to.be.greaterThan(4);
    el.remove();
  });
});
