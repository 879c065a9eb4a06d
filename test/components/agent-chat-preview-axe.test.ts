// Preview and undo are axe-clean (issue 38): the approval panels with their
// preview steps (one of them a gone target), then the cards with Undo and
// Undo all, then a card whose undo failed, in the light and dark themes.
import { expect } from 'chai';
import { domActions } from '../../src/tools/dom/act-tools.js';
import { createDomIndex } from '../../src/tools/dom/element-index.js';
import { domTools } from '../../src/tools/dom/read-tools.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { call, indexIn, pick } from '../tools/dom/tool-harness.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, parts, until, type ChatFixture } from './helpers.js';

const FORM = `<form aria-label="Order">
  <label>Quantity <input value="1"></label>
  <label>Shipping <select><option value="standard">Standard</option><option value="express">Express</option></select></label>
  <label id="gone">Note <input value=""></label>
</form>`;

describe('agent-chat: preview and undo, axe', function () {
  this.timeout(60_000);
  let f: ChatFixture | undefined;
  let host: HTMLElement | undefined;
  afterEach(() => {
    f?.remove();
    host?.remove();
    f = host = undefined;
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is axe-clean with preview steps waiting, then with Undo / Undo all, then with a failed undo (${theme})`, async () => {
      host = document.createElement('div');
      host.innerHTML = FORM;
      document.body.append(host);
      const index = createDomIndex();
      const outline = await call<string>(pick(domTools({ root: host, index }), 'page_outline'), {});
      const [qty, ship, note] = ['Quantity', 'Shipping', 'Note'].map((l) => indexIn(outline, l)) as [number, number, number];
      f = await chatOnMock(
        [
          toolCallTurn([
            { name: 'fill', args: { index: qty, value: '30' }, id: 'a1' },
            { name: 'select', args: { index: ship, value: 'Express' }, id: 'a2' },
            { name: 'fill', args: { index: note, value: 'ring twice' }, id: 'a3' },
          ]),
          textTurn('Done.'),
        ],
        { tools: domActions({ root: host, index }), attrs: { theme } },
      );
      const done = f.nextFinal();
      f.chat.send('Order 30, express');
      await until(() => parts(f!.chat, 'preview-step').length === 3, 'three preview steps', 20_000);
      host.querySelector('#gone')!.remove();
      await until(() => parts(f!.chat, 'preview-step').some((s) => s.dataset.target === 'gone'), 'a step whose target is gone');
      expect(await axeViolations(f.chat), 'approvals with preview steps').to.deep.equal([]);
      const overlay = await until(() => document.querySelector('agent-preview-outlines'), 'the overlay');
      expect(await axeViolations(overlay), 'the overlay').to.deep.equal([]);

      const approves = await until(() => parts<HTMLButtonElement>(f!.chat, 'approve-button').length === 3 && parts<HTMLButtonElement>(f!.chat, 'approve-button'), 'three Approve buttons');
      for (const button of approves) button.click();
      await done;
      await until(() => part(f!.chat, 'undo-all-button'), 'Undo all');
      expect(parts(f.chat, 'undo-button')).to.have.length(2);
      expect(await axeViolations(f.chat), 'cards with Undo and Undo all').to.deep.equal([]);

      // The user changes the quantity again: its undo fails and says why, in an alert.
      const field = host.querySelector('input')!;
      field.value = '45';
      part<HTMLButtonElement>(f.chat, 'undo-all-button')!.click();
      await until(() => parts(f!.chat, 'undo-status').some((s) => s.dataset.status === 'failed'), 'the failed undo');
      expect(await axeViolations(f.chat), 'a card whose undo failed').to.deep.equal([]);
    });
  }
});
