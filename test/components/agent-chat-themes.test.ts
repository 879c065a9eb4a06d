// Themes (issue 37): light/dark follow `prefers-color-scheme` unless the
// `theme` attribute says otherwise; the shipped presets (components/themes/,
// dist/themes/) restyle through the tokens only; and in forced colors
// (Windows High Contrast, emulated by Chromium through the test runner's
// emulateMedia) what a background alone told keeps a border or an outline in
// system colours. Computed styles in real Chromium.
import { expect } from 'chai';
import { emulateMedia } from '@web/test-runner-commands';
import { part } from './helpers.js';
import { bigApproval, stagedChat, type StagedChat } from './layout-stage.js';

let chat: StagedChat | undefined;
afterEach(async () => {
  (chat?.parentElement === document.body ? chat : chat?.parentElement)?.remove();
  chat = undefined;
  await emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
});

const bg = (el: Element) => getComputedStyle(el).backgroundColor;
/** What a system colour resolves to here (a probe outside forced colors' reach). */
function systemColor(name: string): string {
  const probe = document.createElement('div');
  probe.style.cssText = `forced-color-adjust:none;background:${name}`;
  document.body.append(probe);
  const color = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return color;
}

describe('agent-chat: themes', () => {
  it('follows prefers-color-scheme without `theme` (and with theme="auto"); `theme` overrides the system', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    chat = await stagedChat(420, 600);
    expect(bg(chat), 'auto on a dark system').to.equal('rgb(15, 20, 25)');
    chat.setAttribute('theme', 'auto');
    expect(bg(chat)).to.equal('rgb(15, 20, 25)');
    chat.setAttribute('theme', 'light');
    expect(bg(chat), 'theme="light" on a dark system').to.equal('rgb(255, 255, 255)');
    await emulateMedia({ colorScheme: 'light' });
    chat.removeAttribute('theme');
    expect(bg(chat), 'auto on a light system').to.equal('rgb(255, 255, 255)');
    chat.setAttribute('theme', 'dark');
    expect(bg(chat), 'theme="dark" on a light system').to.equal('rgb(15, 20, 25)');
    expect(getComputedStyle(chat).colorScheme, 'form controls and scrollbars follow').to.equal('dark');
  });

  it('`theme` forces the colour scheme whatever the system prefers, and native controls and scrollbars follow it (CSS color-scheme)', async () => {
    chat = await stagedChat(420, 600);
    const log = chat.shadowRoot!.querySelector('.log')!;
    const input = part(chat, 'input')!;
    for (const system of ['light', 'dark'] as const) {
      await emulateMedia({ colorScheme: system });
      expect(matchMedia(`(prefers-color-scheme: ${system})`).matches, `the emulated ${system} system`).to.equal(true);
      for (const theme of ['light', 'dark', 'auto', null] as const) {
        if (theme === null) chat.removeAttribute('theme');
        else chat.setAttribute('theme', theme);
        const want = theme === 'light' || theme === 'dark' ? theme : system;
        const what = `theme=${theme ?? '(none)'} on a ${system} system`;
        expect(bg(chat), what).to.equal(want === 'dark' ? 'rgb(15, 20, 25)' : 'rgb(255, 255, 255)');
        // The used value native widgets read: the element's, inherited by its scroller and its textarea.
        expect(getComputedStyle(chat).colorScheme, `${what}: the element`).to.equal(want);
        expect(getComputedStyle(log).colorScheme, `${what}: the log's scrollbar`).to.equal(want);
        expect(getComputedStyle(input).colorScheme, `${what}: the textarea`).to.equal(want);
      }
    }
  });

  it('the presets restyle through the tokens: compact is denser, soft rounder, in light and dark', async () => {
    const links = await Promise.all(['compact', 'soft'].map((name) => new Promise<HTMLLinkElement>((resolve, reject) => {
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: `/components/themes/${name}.css` });
      link.onload = () => resolve(link);
      link.onerror = reject;
      document.head.append(link);
    })));
    try {
      // The presets name the element's own tag (agent-chat), as a page writes it.
      const plainChat = Object.assign(document.createElement('agent-chat'), { style: 'height:500px' });
      plainChat.setAttribute('base-url', 'http://localhost:1/v1');
      document.body.append(plainChat);
      await plainChat.updateComplete;
      chat = plainChat as unknown as StagedChat;
      const composer = chat.shadowRoot!.querySelector('.composer')!;
      const plain = parseFloat(getComputedStyle(composer).paddingLeft);
      chat.classList.add('compact');
      expect(parseFloat(getComputedStyle(composer).paddingLeft), 'compact spacing').to.be.lessThan(plain);
      expect(getComputedStyle(chat).fontSize).to.equal('13px');
      chat.classList.replace('compact', 'soft');
      const input = part(chat, 'input')!;
      expect(getComputedStyle(input).borderTopLeftRadius).to.equal('16px');
      expect(getComputedStyle(part(chat, 'send-button')!).backgroundColor, 'the soft accent').to.equal('rgb(109, 74, 216)');
      chat.setAttribute('theme', 'dark');
      expect(bg(chat), 'soft dark').to.equal('rgb(19, 16, 31)');
    } finally {
      links.forEach((l) => l.remove());
    }
  });

  it('forced colors: bubbles, panels and the error keep borders in system colours; the primary button is Highlight', async () => {
    chat = await stagedChat(420, 700);
    chat.stage.emit(...bigApproval(3));
    for (let i = 0; i < 500 && !part(chat, 'approve-button'); i++) await new Promise((r) => setTimeout(r, 20));
    await chat.updateComplete;
    await emulateMedia({ forcedColors: 'active' });
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const user = part(chat, 'user')!;
    expect(getComputedStyle(user).borderTopStyle, 'the user bubble has a border').to.equal('solid');
    expect(getComputedStyle(user).borderTopColor).to.equal(systemColor('CanvasText'));
    const approval = part(chat, 'approval')!;
    expect(getComputedStyle(approval).borderTopWidth, 'the approval panel stands out').to.equal('2px');
    const approve = part(chat, 'approve-button')!;
    expect(getComputedStyle(approve).backgroundColor, 'Approve is the primary action').to.equal(systemColor('Highlight'));
    expect(getComputedStyle(approve).color).to.equal(systemColor('HighlightText'));
    const send = part(chat, 'send-button')!;
    expect((send as HTMLButtonElement).disabled).to.equal(true);
    expect(getComputedStyle(send).color, 'a disabled button reads as disabled').to.equal(systemColor('GrayText'));
    expect(getComputedStyle(part(chat, 'input')!).borderTopStyle).to.equal('solid');
  });
});
