// The error banner draws a server's message as formatted text (issue 37:
// "Markdown in error banners renders (no raw backticks)"), through the
// replies' renderer — marked, then DOMPurify — never as the message's own
// HTML: a hostile message runs nothing, loads nothing and links nowhere but
// http(s)/mailto. A long one is clamped; opened, its raw text (and the
// error's code) is behind a disclosure. Real Chromium, the element's own
// renderer chunk.
import { expect } from 'chai';
import type { AgentEvent } from '../../src/types.js';
import { part, until } from './helpers.js';
import { stagedChat, type StagedChat } from './layout-stage.js';

let chat: StagedChat | undefined;
afterEach(() => {
  chat?.parentElement?.remove();
  chat = undefined;
  delete (window as { __pwned?: unknown }).__pwned;
});

const failed = (message: string, code?: string): AgentEvent[] => [
  { type: 'run-start', runId: 'r1', input: 'Hello' },
  { type: 'error', message, retryable: true, ...(code ? { code } : {}) },
  { type: 'final', reason: 'error', text: '' },
];

/** The banner's message block, once the renderer has formatted it. */
async function formattedText(c: StagedChat): Promise<HTMLElement> {
  return until(() => part(c, 'error')?.querySelector<HTMLElement>('.error-text.markdown'), 'the formatted error text', 10_000);
}

describe('agent-chat: markdown in the error banner', () => {
  it('renders code, emphasis and links (no raw backticks or asterisks)', async () => {
    chat = await stagedChat(420, 600);
    chat.stage.emit(...failed('The server said: `llama-3` is **not loaded**. See [the docs](https://example.com/docs).'));
    const text = await formattedText(chat);
    expect(text.querySelector('code')?.textContent).to.equal('llama-3');
    expect(text.querySelector('strong')?.textContent).to.equal('not loaded');
    const link = text.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://example.com/docs');
    expect(link.target, 'a link leaves the page in a new tab').to.equal('_blank');
    expect(link.rel).to.include('noopener');
    expect(text.textContent).to.not.include('`');
    expect(text.textContent).to.not.include('**');
    expect(text.textContent).to.equal('The server said: llama-3 is not loaded. See the docs.');
  });

  it('a hostile message runs nothing and loads nothing: no script, handler, frame, image, form, style or javascript: link', async () => {
    const hostile = [
      'Bad **request**: <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>',
      '<iframe srcdoc="<script>parent.__pwned=3</script>"></iframe> <svg onload="window.__pwned=4"></svg>',
      '[click me](javascript:window.__pwned=5) <a href="javascript:window.__pwned=6" onclick="window.__pwned=7">there</a>',
      '<style>:host { display: none }</style> <form action="https://evil.example/"><input name=p><button>Go</button></form>',
      '<details open ontoggle="window.__pwned=8">x</details> <span hidden>gone</span> <b style="position:fixed;inset:0">over</b>',
    ].join('\n\n');
    chat = await stagedChat(420, 600);
    chat.stage.emit(...failed(hostile));
    const text = await formattedText(chat);
    await new Promise((r) => setTimeout(r, 100)); // An image's error or a frame's load would have fired by now.
    expect((window as { __pwned?: unknown }).__pwned, 'nothing ran').to.equal(undefined);
    expect(text.querySelector('strong')?.textContent, 'the markdown still renders').to.equal('request');
    expect(text.querySelectorAll('script, img, iframe, svg, style, form, input, button, details').length, text.innerHTML).to.equal(0);
    for (const el of text.querySelectorAll('*')) {
      for (const attr of el.attributes) expect(attr.name, `<${el.localName} ${attr.name}>`).to.not.match(/^on|^style$|^hidden$|^srcdoc$/);
      const href = el.getAttribute('href');
      if (href !== null) expect(href, 'links go nowhere but http(s)').to.match(/^(https?:|mailto:|#)/);
    }
    // Markup the sanitiser refuses is shown as text or dropped; the rest of the message is there.
    expect(text.textContent).to.include('click me');
    expect(text.textContent).to.include('over');
    const banner = part(chat, 'error')!;
    expect(getComputedStyle(banner).display, 'the banner is still shown').to.equal('flex');
    expect(getComputedStyle(chat).display).to.not.equal('none');
  });

  it('a long formatted message is clamped; opened, its raw text and code are behind "Raw text"', async () => {
    const message = `Upstream error \`E_QUOTA\`:\n\n${Array.from({ length: 30 }, (_, i) => `- item **${i}** over the quota`).join('\n')}`;
    chat = await stagedChat(320, 480);
    chat.stage.emit(...failed(message, 'upstream-quota'));
    const text = await formattedText(chat);
    await chat.updateComplete;
    const banner = part(chat, 'error')!;
    expect(text.querySelectorAll('li').length).to.equal(30);
    expect(text.getBoundingClientRect().height, 'clamped to a few lines').to.be.at.most(80);
    expect(part(chat, 'error-raw'), 'no raw text while clamped').to.equal(null);
    part<HTMLButtonElement>(chat, 'error-more-button')!.click();
    await chat.updateComplete;
    expect(text.getBoundingClientRect().height, 'opened, the whole list').to.be.greaterThan(200);
    const raw = part<HTMLDetailsElement>(chat, 'error-raw')!;
    expect(raw.querySelector('summary')!.textContent).to.equal('Raw text');
    expect(raw.querySelector('pre')!.textContent, 'the raw text: the code, then the message as the server wrote it').to.equal(`upstream-quota\n${message}`);
    expect(banner.contains(raw)).to.equal(true);
  });
});
