/**
 * No file the agent, a server, an imported thread or the user hands over
 * renders as active content of the page's origin (issue 34, §5 finding 2).
 * A file card's link is an object URL of the page's origin; opened in a tab
 * (a middle click, "open image in new tab") it is served with its blob's
 * type, so bytes typed `text/html` or `image/svg+xml` would run their script
 * as the page. Every path by which files reach the log is tried here, against
 * the real agent, its thread store, a real MCP server (`files`,
 * test/support/mcp-outside-servers.js) and the mock endpoint: each link is
 * opened in a same-origin frame (what a tab on it would load) and must not
 * run the file's script; links are served as `application/octet-stream`,
 * thumbnails only as the raster image type their record names.
 */
import { expect } from 'chai';
import { z } from 'zod';
import type { AgentChat } from '../../components/agent-chat.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { toolResult } from '../../src/tools/tool-result.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { chatOnMock, part, parts, typeAndEnter, until, type ChatFixture } from './helpers.js';
import { chips, pick, pngFile } from './attachments-support.js';

declare global {
  interface Window {
    __pageloopPwned?: number;
  }
}

/** What a hostile file's script does if it runs in the page's origin (the same as the `files` server's). */
const PWN = '(window.top || window).__pageloopPwned = ((window.top || window).__pageloopPwned || 0) + 1';
const HTML = `<!doctype html><title>page</title><script>${PWN}</script>`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${PWN}</script><rect width="10" height="10"/></svg>`;

/** Loads `url` in a same-origin frame, as a tab opened on it would, and says whether the file's script ran (it runs within ms when it can). */
async function runsScript(url: string): Promise<boolean> {
  window.__pageloopPwned = 0;
  const frame = document.createElement('iframe');
  document.body.append(frame);
  try {
    frame.src = url;
    for (let i = 0; i < 75 && !window.__pageloopPwned; i++) await new Promise((r) => setTimeout(r, 20));
    return (window.__pageloopPwned ?? 0) > 0;
  } finally {
    frame.remove();
    window.__pageloopPwned = 0;
  }
}

/** The type a URL is served with. */
async function servedAs(url: string): Promise<string | null> {
  return (await fetch(url)).headers.get('content-type');
}

/** Every download link and thumbnail in `root`, once `count` links are there. */
async function links(root: () => ParentNode | null | undefined, count: number): Promise<{ downloads: HTMLAnchorElement[]; thumbs: HTMLImageElement[] }> {
  const downloads = await until(() => {
    const found = [...(root()?.querySelectorAll<HTMLAnchorElement>('[part~="attachment-download"]') ?? [])];
    return found.length >= count && found;
  }, `${count} download links`);
  return { downloads, thumbs: [...(root()?.querySelectorAll<HTMLImageElement>('[part~="attachment-thumbnail"]') ?? [])] };
}

/** The checks every download link must pass: served as bytes to save, its script never run in the page's origin. */
async function expectInert(downloads: HTMLAnchorElement[]): Promise<void> {
  for (const link of downloads) {
    expect(link.href, link.download).to.match(/^blob:/);
    expect(link.hasAttribute('download'), `${link.download} has download`).to.equal(true);
    expect(await runsScript(link.href), `${link.download} opened in a tab runs its script`).to.equal(false);
    expect(await servedAs(link.href), `${link.download} is served as`).to.equal('application/octet-stream');
  }
}

describe('agent-chat: downloads never run as the page', function () {
  this.timeout(60_000);
  let f: ChatFixture | undefined;
  let again: AgentChat | undefined;
  afterEach(async () => {
    f?.remove();
    f = undefined;
    if (again) {
      await again.agent.clear().catch(() => {});
      again.remove();
    }
    again = undefined;
  });

  it('the probe can tell: an HTML blob of this origin opened in a frame runs its script', async () => {
    const url = URL.createObjectURL(new Blob([HTML], { type: 'text/html' }));
    try {
      expect(await runsScript(url)).to.equal(true);
    } finally {
      URL.revokeObjectURL(url);
    }
  });

  it("a tool's toolResult files (HTML, SVG) are downloads, never pages", async () => {
    const tool = defineTool({
      name: 'make_page',
      description: 'Makes a page',
      parameters: z.object({}),
      execute: async () => toolResult('A page and a drawing.', [new File([HTML], 'page.html', { type: 'text/html' }), new File([SVG], 'drawing.svg', { type: 'image/svg+xml' })]),
    });
    f = await chatOnMock([toolCallTurn([{ name: 'make_page', args: {} }]), textTurn('Made.')], { tools: [tool] });
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Make a page');
    await done;
    const { downloads, thumbs } = await links(() => part(f!.chat, 'tool-call'), 2);
    expect(downloads.map((a) => a.download)).to.deep.equal(['page.html', 'drawing.svg']);
    expect(thumbs, 'an SVG is never drawn as a picture').to.have.length(0);
    await expectInert(downloads);
  });

  it("an MCP server's embedded resources (HTML text, an SVG blob) are downloads, never pages", async () => {
    const urls = (await (await fetch('/__mcp/servers')).json()) as Record<string, string>;
    f = await chatOnMock([toolCallTurn([{ name: 'files_web_page', args: {} }]), textTurn('Fetched.')]);
    f.chat.mcp = [{ url: urls.files!, name: 'files' }];
    await until(() => f!.chat.agent && true, 'the agent');
    for (let i = 0; i < 250 && !(await f.chat.agent.mcp.status())[0]?.tools.length; i++) await new Promise((r) => setTimeout(r, 20));
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Get the page');
    await done;
    const { downloads } = await links(() => part(f!.chat, 'tool-call'), 2);
    expect(downloads.map((a) => a.download.split('.').pop())).to.deep.equal(['html', 'svg']);
    await expectInert(downloads);
  });

  it("the user's own HTML and SVG attachments are downloads in the message, never pages", async () => {
    f = await chatOnMock([textTurn('Got them.')]);
    pick(f.chat, [new File([HTML], 'mine.html', { type: 'text/html' }), new File([SVG], 'mine.svg', { type: 'image/svg+xml' })]);
    await chips(f.chat, 2);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Here are my files');
    await done;
    const { downloads } = await links(() => part(f!.chat, 'user'), 2);
    expect(downloads.map((a) => a.download)).to.deep.equal(['mine.html', 'mine.svg']);
    await expectInert(downloads);
  });

  it('a file name with bidirectional controls is shown (and saved) in stored order: an override cannot spoof its extension', async () => {
    // "report\u202Etxt.html" draws as "reportlmth.txt"; each control below reorders or hides the real end of a name.
    const spoofs = ['report\u202Etxt.html', 'a\u202Dpage\u202C.html', 'b\u2067lmth.txt\u2069.html', 'c\u200F\u061C\u200E\u202A\u202B.html'];
    f = await chatOnMock([textTurn('Noted.')]);
    pick(f.chat, spoofs.map((name) => new File([HTML], name, { type: 'text/html' })));
    const shown = ['reporttxt.html', 'apage.html', 'blmth.txt.html', 'c.html'];
    const controls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
    const chipList = await chips(f.chat, spoofs.length);
    expect(chipList.map((c) => c.querySelector('.chip-name')!.textContent)).to.deep.equal(shown);
    expect(chipList.map((c) => c.querySelector('[part~="attachment-remove"]')!.getAttribute('aria-label'))).to.deep.equal(shown.map((n) => `Remove ${n}`));
    expect(chipList.map((c) => c.querySelector('.chip-icon')!.textContent)).to.deep.equal(['HTML', 'HTML', 'HTML', 'HTML']);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Names');
    await done;
    const { downloads } = await links(() => part(f!.chat, 'user'), spoofs.length);
    expect(downloads.map((a) => a.download)).to.deep.equal(shown);
    expect(downloads.map((a) => a.querySelector('.chip-name')!.textContent)).to.deep.equal(shown);
    expect(controls.test(f.chat.shadowRoot!.textContent ?? ''), 'no control character anywhere in the element').to.equal(false);
  });

  it('an imported thread whose bytes are typed text/html behind records saying text/plain and image/png runs nothing', async () => {
    const thread = `downloads-${crypto.randomUUID()}`;
    f = await chatOnMock([textTurn('Seen.')], { attrs: { thread } });
    pick(f.chat, [new File(['just notes'], 'notes.txt', { type: 'text/plain' }), await pngFile('photo.png', 40, 30)]);
    await chips(f.chat, 2);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Keep these');
    await done;
    // The file as an attacker would hand it over: the records (in the events) unchanged, the bytes HTML typed text/html.
    const file = JSON.parse(await f.chat.agent.threads.export(thread)) as { attachments: Record<string, { type: string; data: string }> };
    for (const stored of Object.values(file.attachments)) Object.assign(stored, { type: 'text/html', data: btoa(HTML) });
    const imported = await f.chat.agent.threads.import(JSON.stringify(file));
    f.remove();
    f = undefined;

    // The imported thread, opened in a fresh element (it never asks the model anything).
    again = document.createElement('agent-chat');
    again.setAttribute('base-url', new URL('/v1', location.href).href);
    again.setAttribute('model', 'mock-model');
    again.setAttribute('thread', imported);
    again.style.height = '500px';
    document.body.append(again);
    const chat = again;
    const { downloads } = await links(() => chat.shadowRoot!.querySelector('[part~="user"]'), 1);
    expect(downloads.map((a) => a.download)).to.deep.equal(['notes.txt']);
    await expectInert(downloads);
    // The record says image/png: a thumbnail, served as image/png whatever the bytes say; a tab on it shows no page.
    const thumb = await until(() => parts<HTMLImageElement>(chat, 'attachment-thumbnail')[0], 'the thumbnail');
    expect(await runsScript(thumb.src), 'the thumbnail opened in a tab runs its script').to.equal(false);
    expect(await servedAs(thumb.src)).to.equal('image/png');
  });
});
