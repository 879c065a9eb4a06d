import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { announcesAction, NUDGE_NOTE } from '../../src/agent/nudge.js';
import { harness } from './harness.js';

const orders = defineTool({ name: 'get_orders', description: 'Lists orders', parameters: z.object({}), execute: () => [{ id: 7, status: 'late' }] });

/** Replies that end by announcing an action they did not take. */
const ANNOUNCEMENTS = [
  'Let me check the orders…',
  'Let me check the orders.',
  "I'll look that up.",
  'I will search the catalogue for that SKU.',
  'Sure! Let me fetch the latest order list.',
  "Okay, I'm going to check the inventory now.",
  "Let's look at the pending orders:",
  'Good question. First, let me take a look at the order history.',
  'I am checking the stock levels.',
  "I'm now looking into order 42.",
  'Let me quickly verify that.\n\nOne moment.',
  'To answer that, I need the data.\n\nLet me pull up the orders.',
  '**Let me check the orders.**',
  'Alright, I will now query the database for those orders.',
];

/** Plain answers, offers and questions: never a nudge. */
const PLAIN = [
  'Order 7 is late.',
  'Order 7 ships today. Let me know if you need anything else.',
  "I'll be happy to help with anything else.",
  'Let me know which order you mean.',
  'Should I check the orders?',
  'Shall I look that up for you?',
  "If you give me the order number, I'll look it up.",
  "I'll check again tomorrow if you want.",
  'Let me explain: the order is late because the warehouse is closed.',
  'I checked the orders: all three shipped.',
  'Let me check the orders. Order 7 is late and order 8 shipped yesterday.',
  "Here's how to check your orders: open the Orders tab and look at the status column.",
  'You can search the catalogue by SKU.',
  "I'll need the order number to continue.",
  'Let me summarise: two orders are late.',
  'Checking orders is easy with the filter.',
  'Once you confirm, I will fetch the report.',
  '',
  'Je vais vérifier les commandes.',
];

describe('nudge: announcement detector', () => {
  for (const text of ANNOUNCEMENTS) {
    it(`hears an announcement in ${JSON.stringify(text)}`, () => {
      expect(announcesAction(text)).to.equal(true);
    });
  }
  for (const text of PLAIN) {
    it(`hears no announcement in ${JSON.stringify(text)}`, () => {
      expect(announcesAction(text)).to.equal(false);
    });
  }
});

describe('nudge: in the loop', () => {
  const call = { toolCalls: [{ name: 'get_orders', args: {} }] };

  it('reminds the model once when it announces an action and calls nothing; the reminder is not stored', async () => {
    const h = harness([{ text: 'Let me check the orders…' }, call, { text: 'Order 7 is late.' }], [orders]);
    const final = await h.send('Which orders are late?');
    expect(final).to.deep.include({ reason: 'answer', text: 'Order 7 is late.' });
    expect(h.of('nudge')).to.deep.equal([{ type: 'nudge', n: 2 }]);
    // The second request carries the reminder after the announcement, as a note for that request only.
    const second = h.model.requests[1]!.messages;
    expect(second.at(-2)).to.deep.include({ role: 'assistant', content: 'Let me check the orders…' });
    expect(second.at(-1)).to.deep.equal({ role: 'user', content: NUDGE_NOTE });
    expect(h.model.requests[2]!.messages.some((m) => m.content === NUDGE_NOTE)).to.equal(false);
    // One assistant message holds the announcement and the call that followed it: roles still alternate.
    const history = h.session.messages();
    expect(history.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);
    expect(history[1]).to.deep.include({ content: 'Let me check the orders…' });
    expect((history[1] as { tool_calls?: unknown[] }).tool_calls).to.have.length(1);
    expect(history.some((m) => m.content === NUDGE_NOTE)).to.equal(false);
  });

  it('joins an announcement and a reply without calls into one message', async () => {
    const h = harness([{ text: "I'll look that up." }, { text: 'I cannot find such an order.' }], [orders]);
    await h.send('Where is order 99?');
    expect(h.session.messages()).to.deep.equal([
      { role: 'user', content: 'Where is order 99?' },
      { role: 'assistant', content: "I'll look that up.\n\nI cannot find such an order." },
    ]);
  });

  it('never nudges a plain answer', async () => {
    const h = harness([{ text: 'Order 7 ships today. Let me know if you need anything else.' }], [orders]);
    const final = await h.send('When does order 7 ship?');
    expect(final.reason).to.equal('answer');
    expect(h.of('nudge')).to.deep.equal([]);
    expect(h.model.requests).to.have.length(1);
  });

  it('nudges at most once a run', async () => {
    const h = harness([{ text: 'Let me check the orders.' }, { text: 'Let me check the orders again.' }], [orders]);
    const final = await h.send('Which orders are late?');
    expect(final).to.deep.include({ reason: 'answer', text: 'Let me check the orders again.' });
    expect(h.of('nudge')).to.have.length(1);
    expect(h.model.requests).to.have.length(2);
  });

  it('nudges again in the next run', async () => {
    const h = harness([{ text: 'Let me check.' }, { text: 'Nothing is late.' }, { text: 'Let me look at the orders.' }, { text: 'Still nothing.' }], [orders]);
    await h.send('Late orders?');
    await h.session.send('run2', 'And now?');
    expect(h.of('nudge')).to.have.length(2);
    expect(h.session.messages().map((m) => m.role)).to.deep.equal(['user', 'assistant', 'user', 'assistant']);
  });

  it('is off with nudge: false', async () => {
    const h = harness([{ text: 'Let me check the orders…' }], [orders], { nudge: false });
    const final = await h.send('Which orders are late?');
    expect(final).to.deep.include({ reason: 'answer', text: 'Let me check the orders…' });
    expect(h.of('nudge')).to.deep.equal([]);
  });

  it('does not nudge when the app offers no tools', async () => {
    const h = harness([{ text: 'Let me check the orders…' }], []);
    await h.send('Which orders are late?');
    expect(h.of('nudge')).to.deep.equal([]);
  });

  it('does not nudge on the last allowed model call', async () => {
    const h = harness([call, { text: 'Let me check the orders again…' }], [orders], { maxIterations: 2 });
    const final = await h.send('Which orders are late?');
    expect(final).to.deep.include({ reason: 'answer' });
    expect(h.of('nudge')).to.deep.equal([]);
  });
});
