// <agent-chat> in every shipped language (issue 37): the same scene — the
// empty log, then a call waiting for approval while the run goes on — drawn
// in English and in each locale; no text of the English drawing (a button,
// a label, a summary, an aria-label, a title, a placeholder) is left in the
// locale's, unless that locale's catalog says the same word itself. Then the
// language's sources (attribute, page, browser), `labels`, and right to left.
import { expect } from 'chai';
import '../../../components/define.js';
import type { AgentChat } from '../../../components/agent-chat.js';
import { SHIPPED, loadCatalog } from '../../../components/i18n/catalogs.js';
import { defineTool } from '../../../src/tools/define-tool.js';
import { textTurn, toolCallTurn } from '../../../src/testing/chunks.js';
import { chatOnMock, part, until, type ChatFixture } from '../helpers.js';

/** Waits until `check` holds, for up to 20 s (the first agent of the page starts its worker). */
async function waitFor<T>(check: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 1000; i++) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const USER_TEXT = 'cancel order 3';
const cancelOrder = () =>
  defineTool({ name: 'cancel_order', description: 'Cancel an order', parameters: { type: 'object', properties: { id: { type: 'number' } } }, needsApproval: true, execute: () => ({ ok: true }) });

/** What a person reads or hears of the shadow DOM's controls and labels: own text of each element, and its aria-label, title, placeholder. */
function shownTexts(chat: AgentChat): string[] {
  const texts: string[] = [];
  const walk = (root: ParentNode): void => {
    for (const el of root.querySelectorAll('*')) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value) texts.push(value.trim());
      }
      // Code (a tool's name, its arguments) and the user's own text are data, not the element's words.
      if (el.closest('code, pre, textarea')) continue;
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
      if (own && own !== USER_TEXT) texts.push(own);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(chat.shadowRoot!);
  return texts;
}

/** Draws the scene in `locale` and returns what it shows: the empty chat, then the call waiting for approval with its run going. */
async function scene(locale: string): Promise<{ f: ChatFixture; texts: string[] }> {
  const f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 3 } }]), textTurn('Cancelled.')], { tools: [cancelOrder()], attrs: { locale } });
  await f.chat.updateComplete;
  const texts = shownTexts(f.chat);
  f.chat.send(USER_TEXT);
  await waitFor(() => f.events.some((e) => e.type === 'approval-request'), 'the approval request');
  await f.chat.updateComplete;
  await waitFor(() => part(f.chat, 'approve-button'), 'the approval panel');
  // The deny-with-reason form, open, so its label and field are drawn too.
  part<HTMLElement>(f.chat, 'deny-reason-button')!.click();
  await f.chat.updateComplete;
  return { f, texts: [...texts, ...shownTexts(f.chat)] };
}

describe('agent-chat: localised', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  let english: Set<string>;
  before(async function () {
    this.timeout(30000);
    const en = await scene('en');
    english = new Set(en.texts.filter((t) => /[A-Za-z]{3}/.test(t)));
    en.f.remove();
    // The scene shows the words it should: a check that finds nothing would prove nothing.
    for (const word of ['Send', 'Approve', 'Deny', 'Edit arguments', 'Always allow cancel_order', 'Deny with reason…', 'Stop', 'Ask a question to start. Type /help for commands.', 'Attach files', 'Conversation']) {
      expect(english.has(word), word).to.equal(true);
    }
  });

  for (const tag of SHIPPED.filter((t) => t !== 'en')) {
    it(`${tag}: no English left in the buttons, labels and aria-labels`, async function () {
      this.timeout(30000);
      const drawn = await scene(tag);
      f = drawn.f;
      expect(f.chat.getAttribute('lang')).to.equal(tag);
      const own = new Set(Object.values((await loadCatalog(tag)).messages).filter((w): w is string => typeof w === 'string'));
      const leftovers = drawn.texts.filter((t) => english.has(t) && !own.has(t));
      expect(leftovers, `English left in ${tag}`).to.deep.equal([]);
      part<HTMLElement>(f.chat, 'approve-button')!.click();
      await f.nextFinal();
    });
  }

  it('takes the page’s lang, then follows a change of it; an own `locale` wins', async function () {
    this.timeout(30000);
    const html = document.documentElement;
    const before = html.lang;
    html.lang = 'fr-CA';
    try {
      f = await chatOnMock([textTurn('ok')]);
      await f.chat.updateComplete;
      expect(part(f.chat, 'send-button')!.textContent!.trim()).to.equal('Envoyer');
      html.lang = 'ja';
      await until(() => part(f!.chat, 'send-button')!.textContent!.trim() === '送信', 'Japanese after <html lang> changed');
      f.chat.locale = 'it';
      await f.chat.updateComplete;
      expect(part(f.chat, 'send-button')!.textContent!.trim()).to.equal('Invia');
      expect(f.chat.getAttribute('lang')).to.equal('it');
    } finally {
      html.lang = before;
    }
  });

  it('without any lang, the browser’s language', async () => {
    const html = document.documentElement;
    const before = html.lang;
    html.removeAttribute('lang');
    try {
      f = await chatOnMock([textTurn('ok')]);
      await f.chat.updateComplete;
      expect(f.chat.getAttribute('lang')).to.equal(navigator.language);
    } finally {
      if (before) html.lang = before;
    }
  });

  it('`labels` override any message, over the locale, texts and functions alike', async () => {
    f = await chatOnMock([textTurn('ok')], { attrs: { locale: 'de' } });
    f.chat.labels = { send: 'Fragen', emptyLog: 'Wie kann ich helfen?', stepOf: (n, max) => `${n}/${max}` };
    await f.chat.updateComplete;
    expect(part(f.chat, 'send-button')!.textContent!.trim()).to.equal('Fragen');
    expect(f.chat.shadowRoot!.querySelector('.empty')!.textContent).to.equal('Wie kann ich helfen?');
    // The rest stays German.
    expect(part(f.chat, 'input')!.getAttribute('aria-label')).to.equal('Nachricht');
  });

  it('a language not shipped shows English, in its own direction (fa: right to left)', async () => {
    f = await chatOnMock([textTurn('ok')], { attrs: { locale: 'fa' } });
    await f.chat.updateComplete;
    expect(part(f.chat, 'send-button')!.textContent!.trim()).to.equal('Send');
    expect(f.chat.getAttribute('dir')).to.equal('rtl');
  });

  it('an author’s own dir on the element is kept', async () => {
    f = await chatOnMock([textTurn('ok')], { attrs: { locale: 'ar', dir: 'ltr' } });
    await f.chat.updateComplete;
    expect(f.chat.getAttribute('dir')).to.equal('ltr');
  });
});

describe('agent-chat: right to left', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  for (const [tag, dir] of [['ar', 'rtl'], ['he', 'rtl'], ['en', 'ltr']] as const) {
    it(`${tag}: dir=${dir}, and the send button on the inline-end side of the input`, async () => {
      f = await chatOnMock([textTurn('ok')], { attrs: { locale: tag } });
      f.chat.style.width = '420px';
      await f.chat.updateComplete;
      expect(f.chat.getAttribute('dir')).to.equal(dir);
      const input = part(f.chat, 'input')!.getBoundingClientRect();
      const send = part(f.chat, 'send-button')!.getBoundingClientRect();
      if (dir === 'rtl') expect(send.right, 'Send left of the input').to.be.at.most(input.left + 1);
      else expect(send.left, 'Send right of the input').to.be.at.least(input.right - 1);
    });
  }

  it('code stays left to right in a right-to-left chat', async function () {
    this.timeout(30000);
    f = await chatOnMock([toolCallTurn([{ name: 'cancel_order', args: { id: 3 } }]), textTurn('Cancelled.')], { tools: [cancelOrder()], attrs: { locale: 'he' } });
    f.chat.send(USER_TEXT);
    await waitFor(() => part(f!.chat, 'approve-button'), 'the approval panel');
    const args = f.chat.shadowRoot!.querySelector('.tool-args')!;
    expect(getComputedStyle(args).direction).to.equal('ltr');
    expect(getComputedStyle(part(f.chat, 'approval')!).direction).to.equal('rtl');
    part<HTMLElement>(f.chat, 'approve-button')!.click();
    await f.nextFinal();
  });
});
