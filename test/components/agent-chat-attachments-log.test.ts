/**
 * Attachments in `<agent-chat>`'s log, against the real agent, its thread
 * store and the mock endpoint: a message's thumbnails live, in a follower
 * tab and after a reload; the image dialog (opened by a click, closed by
 * Escape, the focus back on the thumbnail); a tool's images and files in its
 * card (an image as an image, a file as a download).
 */
import { expect } from 'chai';
import { z } from 'zod';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../components/agent-chat.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { toolResult } from '../../src/tools/tool-result.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, typeAndEnter, until, type ChatFixture } from './helpers.js';
import { chips, loaded, pick, pngFile, textFile } from './attachments-support.js';

/** Another element on the same endpoint and thread: a follower while the first is there, a reload once it is gone. */
async function sameThread(from: AgentChat): Promise<AgentChat> {
  const again = document.createElement('agent-chat');
  for (const name of ['base-url', 'model', 'thread']) again.setAttribute(name, from.getAttribute(name)!);
  again.style.height = '500px';
  document.body.append(again);
  await again.updateComplete;
  return again;
}

/** The thumbnail of the first message's image, once its pixels are there. */
async function thumbnail(chat: AgentChat): Promise<HTMLImageElement> {
  const img = await until(() => part(chat, 'user')?.querySelector<HTMLImageElement>('[part~="attachment-thumbnail"]'), 'a thumbnail in the message');
  return loaded(img);
}

/** The download link of the first message's file, once its bytes are there. */
function download(chat: AgentChat): Promise<HTMLAnchorElement> {
  return until(() => part(chat, 'user')?.querySelector<HTMLAnchorElement>('[part~="attachment-download"]'), 'a download link in the message');
}

describe('agent-chat: attachments in the log', () => {
  let f: ChatFixture | undefined;
  const extra: AgentChat[] = [];
  afterEach(async () => {
    for (const chat of extra.splice(0)) {
      await chat.agent.clear().catch(() => {});
      chat.remove();
    }
    f?.remove();
  });

  it('a message\'s image and file show live, in a follower tab and after a reload', async () => {
    const thread = `files-${crypto.randomUUID()}`;
    f = await chatOnMock([textTurn('Seen.')], { attrs: { thread } });
    pick(f.chat, [await pngFile('sketch.png', 120, 80), textFile('list.md', '- one\n- two', 'text/markdown')]);
    await chips(f.chat, 2);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Look');
    await done;
    expect((await thumbnail(f.chat)).alt).to.equal('sketch.png');

    const follower = await sameThread(f.chat);
    extra.push(follower);
    expect((await thumbnail(follower)).naturalWidth, 'the follower reads the stored image').to.equal(120);
    expect((await download(follower)).getAttribute('download')).to.equal('list.md');
    follower.remove();
    extra.splice(0);

    f.remove();
    const reloaded = await sameThread(f.chat);
    extra.push(reloaded);
    const img = await thumbnail(reloaded);
    expect(img.naturalWidth, 'after a reload, the stored bytes').to.equal(120);
    expect(img.src).to.match(/^blob:/);
    expect(await (await fetch((await download(reloaded)).href)).text(), 'the download is the file').to.equal('- one\n- two');
  });

  it('a click on a thumbnail opens the image larger in a modal dialog; Escape closes it and the focus returns to the thumbnail', async () => {
    f = await chatOnMock([textTurn('Nice.')]);
    pick(f.chat, [await pngFile('wide.png', 300, 100)]);
    await chips(f.chat, 1);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Here');
    await done;
    const opener = (await thumbnail(f.chat)).closest('button')!;
    expect(opener.getAttribute('aria-label')).to.equal('Open image wide.png');
    opener.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = await until(() => part<HTMLDialogElement>(f!.chat, 'attachment-dialog'), 'the dialog');
    await until(() => dialog.open && dialog.matches(':modal'), 'the dialog open, modal');
    expect(dialog.getAttribute('aria-label')).to.equal('wide.png');
    expect((await loaded(dialog.querySelector('img'))).naturalWidth).to.equal(300);
    expect(dialog.contains(f.chat.shadowRoot!.activeElement), 'the focus is in the dialog').to.equal(true);
    expect(await axeViolations(f.chat)).to.deep.equal([]);

    await sendKeys({ press: 'Escape' });
    await until(() => !part(f!.chat, 'attachment-dialog'), 'the dialog closed');
    await until(() => f!.chat.shadowRoot!.activeElement === opener, 'the focus back on the thumbnail');

    // Its close button does the same.
    opener.click();
    const again = await until(() => part<HTMLDialogElement>(f!.chat, 'attachment-dialog'), 'the dialog again');
    await until(() => again.open, 'open');
    again.querySelector<HTMLButtonElement>('.dialog-close')!.click();
    await until(() => !part(f!.chat, 'attachment-dialog') && f!.chat.shadowRoot!.activeElement === opener, 'closed, focus back');
  });

  it('a tool card shows the image its tool returned as an image and its file as a download', async () => {
    const report = defineTool({
      name: 'sales_report',
      description: 'Chart and table of the sales',
      parameters: z.object({}),
      execute: async () =>
        toolResult('A chart and the table of sales by month.', [await pngFile('chart.png', 90, 60), textFile('sales.csv', 'month,total\nJan,10\n', 'text/csv')]),
    });
    f = await chatOnMock([toolCallTurn([{ name: 'sales_report', args: {}, id: 'call_1' }]), textTurn('Here is the report.')], { tools: [report] });
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'Report please');
    await done;
    const card = part(f.chat, 'tool-call')!;
    const files = await until(() => card.querySelector('[part~="message-attachments"]'), 'the files in the card');
    expect(files.getAttribute('aria-label')).to.equal('Files from sales_report');
    expect((await loaded(files.querySelector<HTMLImageElement>('[part~="attachment-thumbnail"]'))).naturalWidth).to.equal(90);
    const link = files.querySelector<HTMLAnchorElement>('[part~="attachment-download"]')!;
    expect(link.download).to.equal('sales.csv');
    expect(await (await fetch(link.href)).text()).to.equal('month,total\nJan,10\n');
    expect(await axeViolations(f.chat)).to.deep.equal([]);
  });
});
