// Panels that never overflow (issue 37): in a fixed box from 320×480 up, the
// element keeps the composer and every open panel's buttons inside its own
// box — an MCP form taller than the element scrolls inside with its actions
// kept in view, an approval's long arguments scroll inside the panel, an
// error holding a 4 KB URL is clamped (expandable, its full text kept), a
// 1 MB paste and a 5,000-line reply are drawn bounded with "Show all".
// Measured with bounding boxes in real Chromium.
import { expect } from 'chai';
import { part, parts, until } from './helpers.js';
import { bigApproval, inside, longMessages, longUrlError, manyFieldQuestion, stagedChat, type StagedChat } from './layout-stage.js';

const SIZES = [
  [320, 480],
  [420, 800],
] as const;

let chat: StagedChat | undefined;
afterEach(() => {
  chat?.parentElement?.remove();
  chat = undefined;
});

/** The element's height and the log's, for the failure messages. */
const boxes = (c: StagedChat) => `element ${Math.round(c.getBoundingClientRect().height)} px, log ${part(c, 'log')!.clientHeight} px`;

describe('agent-chat: panels that never overflow', () => {
  for (const [width, height] of SIZES) {
    it(`${width}×${height}: an MCP form of 30 fields scrolls inside; Accept, Decline, Cancel and Send stay in the element's box`, async () => {
      chat = await stagedChat(width, height);
      chat.mcp = [{ url: 'http://localhost:1/mcp', name: 'shop' }];
      await chat.updateComplete;
      // The MCP drawer hears the servers' questions once its chunk is in (loaded with the first server): asked again (the same id) until its panel shows.
      const form = await until(() => part(chat!, 'mcp-elicitation') ?? void chat!.stage.emit(manyFieldQuestion(30)), 'the question', 15_000);
      await chat.updateComplete;
      expect(form.scrollHeight, 'the form is taller than the element (the case is real)').to.be.greaterThan(height);
      const buttons = parts(chat, 'mcp-elicitation-button');
      expect(buttons.length).to.equal(3);
      for (const b of buttons) expect(inside(b, chat), `${b.dataset.action} inside (${boxes(chat)})`).to.equal(true);
      expect(inside(part(chat, 'send-button')!, chat), 'Send inside').to.equal(true);
      // The last field is reached by scrolling the form, and Accept is still in view then.
      const last = form.querySelector('[name="field29"]')!;
      last.scrollIntoView({ block: 'nearest' });
      await new Promise((r) => requestAnimationFrame(r));
      expect(inside(last, chat), 'the last field, scrolled to').to.equal(true);
      expect(inside(buttons[0]!, chat), 'Accept, after the scroll').to.equal(true);
    });

    it(`${width}×${height}: a call's 400-line arguments scroll inside its approval panel; the panel fits the log`, async () => {
      chat = await stagedChat(width, height);
      chat.stage.emit(...bigApproval(400));
      const approve = await until(() => part(chat!, 'approve-button'), 'the approval panel', 15_000);
      await chat.updateComplete;
      const card = part(chat, 'tool-call')!;
      const log = part(chat, 'log')!;
      expect(card.getBoundingClientRect().height, `the card fits the log (${boxes(chat)})`).to.be.at.most(log.clientHeight);
      approve.scrollIntoView({ block: 'nearest' });
      for (const name of ['approve-button', 'deny-button', 'edit-button', 'always-button']) {
        const b = part(chat, name);
        if (b) expect(inside(b, chat), `${name} inside`).to.equal(true);
      }
      expect(inside(part(chat, 'send-button')!, chat), 'Send inside').to.equal(true);
    });

    it(`${width}×${height}: an error holding a 4 KB URL is clamped to a few lines, expands, and keeps its whole text`, async () => {
      chat = await stagedChat(width, height);
      const events = longUrlError(4096);
      chat.stage.emit(...events);
      const banner = await until(() => part(chat!, 'error'), 'the error banner');
      await chat.updateComplete;
      const clamped = banner.getBoundingClientRect().height;
      expect(clamped, 'the banner is a few lines tall').to.be.at.most(150);
      expect(inside(part(chat, 'send-button')!, chat), 'Send inside').to.equal(true);
      const message = (events[1] as { message: string }).message;
      expect(banner.textContent, 'the whole text is there to select and copy').to.include(message);
      // Copy puts the whole message on the clipboard (the browser's clipboard, watched).
      const copied: string[] = [];
      const clipboard = navigator.clipboard;
      const writeText = clipboard.writeText;
      clipboard.writeText = async (text: string) => void copied.push(text);
      try {
        part<HTMLButtonElement>(chat, 'error-copy-button')!.click();
      } finally {
        clipboard.writeText = writeText;
      }
      expect(copied).to.deep.equal([message]);
      const more = part<HTMLButtonElement>(chat, 'error-more-button')!;
      expect(more.getAttribute('aria-expanded')).to.equal('false');
      more.click();
      await chat.updateComplete;
      expect(more.getAttribute('aria-expanded')).to.equal('true');
      expect(banner.getBoundingClientRect().height, 'expanded, it shows more').to.be.greaterThan(clamped + 20);
      // Expanded, it still leaves the composer in the element (it scrolls inside).
      expect(inside(part(chat, 'send-button')!, chat), 'Send inside, expanded').to.equal(true);
      expect(inside(banner, chat), 'the banner inside, expanded').to.equal(true);
    });
  }

  it('a 1 MB paste and a 5,000-line reply are drawn bounded, each with "Show all", and keep their whole text', async () => {
    chat = await stagedChat(420, 800);
    const events = longMessages(1_000_000, 5000);
    chat.stage.emit(...events, { type: 'final', reason: 'answer', text: (events[1] as { delta: string }).delta });
    const user = await until(() => part(chat!, 'user'), 'the user message');
    const assistant = await until(() => part(chat!, 'assistant'), 'the reply');
    await chat.updateComplete;
    const log = part(chat, 'log')!;
    for (const [name, bubble] of [['paste', user], ['reply', assistant]] as const) {
      const h = bubble.getBoundingClientRect().height;
      expect(h, `the ${name} is drawn bounded`).to.be.at.most(log.clientHeight);
      const button = bubble.querySelector<HTMLButtonElement>('[part~="show-all-button"]');
      expect(button, `the ${name} has Show all`).to.not.equal(null);
      expect(button!.getAttribute('aria-expanded')).to.equal('false');
    }
    // The paste's whole text is in the message (selectable, copied as one), only a slice of it laid out.
    const paste = (events[0] as { input: string }).input;
    expect(user.textContent!.replace(/^\s*You:\s*/, '')).to.include(paste.slice(-200));
    const button = user.querySelector<HTMLButtonElement>('[part~="show-all-button"]')!;
    button.click();
    await chat.updateComplete;
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(user.getBoundingClientRect().height, 'Show all shows it all').to.be.greaterThan(log.clientHeight * 4);
    const reply = assistant.querySelector<HTMLButtonElement>('[part~="show-all-button"]')!;
    reply.click();
    await chat.updateComplete;
    expect(assistant.getBoundingClientRect().height, 'the whole reply').to.be.greaterThan(log.clientHeight * 4);
  });
});
