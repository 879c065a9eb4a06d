/**
 * A reply shown before the renderer is there (message-view.ts): plain text in
 * a part per paragraph, every character kept, and each part off screen
 * skipped by layout (`content-visibility: auto`), so a stored thread's long
 * reply is not laid out whole in the task that shows it.
 */
import { expect } from 'chai';
import { render } from 'lit';
import { renderAssistantMessage } from '../../components/conversation/message-view.js';
import { agentChatStyles } from '../../components/agent-chat.styles.js';
import type { AssistantItem } from '../../components/conversation/conversation-state.js';

const reply = (text: string): AssistantItem => ({ kind: 'assistant', id: 'a1', text, thinking: '', streaming: false });

/** Renders `text` as a plain reply inside a shadow root with the element's styles. */
function mount(text: string, height = 'auto'): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [agentChatStyles.styleSheet!];
  const log = document.createElement('div');
  log.className = 'log';
  log.style.cssText = `height:${height};overflow:auto;width:500px`;
  root.append(log);
  render(renderAssistantMessage(reply(text), undefined), log);
  return { host, root };
}

const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));

describe('a plain reply (before the markdown renderer is there)', () => {
  let host: HTMLElement | undefined;
  afterEach(() => host?.remove());

  it('keeps every character, in a part per paragraph (a run of blank lines stays with the paragraph before it)', () => {
    const texts = ['one line', 'a\n\nb', 'a\n\n\n\nb\n\nc', '\n\nleading and trailing\n\n', 'a\nb\nc', 'x'.repeat(3000), 'p1\n\np2\n\n'];
    for (const text of texts) {
      const mounted = mount(text);
      host = mounted.host;
      const plain = mounted.root.querySelector('.markdown.plain')!;
      expect(plain.textContent, JSON.stringify(text)).to.equal(text);
      const parts = [...plain.querySelectorAll('.plain-part')].map((p) => p.textContent);
      expect(parts.join(''), JSON.stringify(text)).to.equal(text);
      for (const part of parts.slice(1)) expect(part!.startsWith('\n'), `${JSON.stringify(text)}: part ${JSON.stringify(part)}`).to.equal(false);
      host.remove();
    }
    const mounted = mount('a\n\n\n\nb\n\nc');
    host = mounted.host;
    expect([...mounted.root.querySelectorAll('.plain-part')].map((p) => p.textContent)).to.deep.equal(['a\n\n\n\n', 'b\n\n', 'c']);
  });

  it('lays out only the parts on screen: a long reply scrolled to its end skips its first paragraphs', async () => {
    // Each paragraph is many lines long once laid out; a skipped one is as tall as its placeholder, three lines.
    const text = Array.from({ length: 80 }, (_, i) => `Paragraph ${i}: ${'words '.repeat(120)}`).join('\n\n');
    const mounted = mount(text, '200px');
    host = mounted.host;
    const log = mounted.root.querySelector<HTMLElement>('.log')!;
    // As the element's log follows a thread it shows: to its end, before the first frame paints.
    await new Promise((r) => requestAnimationFrame(r));
    log.scrollTop = log.scrollHeight;
    await frame();
    log.scrollTop = log.scrollHeight;
    await frame();
    const parts = [...mounted.root.querySelectorAll<HTMLElement>('.plain-part')];
    expect(parts).to.have.length(80);
    const lines = (part: HTMLElement): number => Math.round(part.getBoundingClientRect().height / parseFloat(getComputedStyle(part).lineHeight));
    expect(lines(parts[79]!), 'the last paragraph, in view: laid out').to.be.above(6);
    expect(lines(parts[0]!), 'the first paragraph, far above the view: skipped').to.equal(3);
    expect(parts.filter((part) => lines(part) !== 3).length, 'paragraphs laid out (those near the view)').to.be.below(40);
  });
});
