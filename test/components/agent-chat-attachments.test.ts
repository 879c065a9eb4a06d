/**
 * Attaching files in `<agent-chat>`'s composer, against the real agent (its
 * worker prepares the files) and the mock endpoint: the file picker, a drop
 * on the element and a paste add chips; chips are removed by keyboard;
 * refused files say why and the typed text stays; the sent message carries
 * the files to the server as content parts.
 */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { textTurn } from '../../src/testing/chunks.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, parts, typeAndEnter, until, type ChatFixture } from './helpers.js';
import { chipNames, chips, drop, dragOver, loaded, paste, pick, pngFile, refusals, textFile } from './attachments-support.js';

describe('agent-chat: attaching files', () => {
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('the attach button opens a picker of the allowed types; picked files become chips with name, size and a thumbnail', async () => {
    f = await chatOnMock([]);
    const button = part(f.chat, 'attach-button')!;
    expect(button.getAttribute('aria-label')).to.equal('Attach files');
    const input = f.chat.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!;
    let opened = false;
    input.addEventListener('click', (e) => ((opened = true), e.preventDefault()));
    button.click();
    await until(() => opened, 'the button to open the file picker');
    expect(input.multiple).to.equal(true);
    expect(input.accept.split(',')).to.include.members(['image/*', 'text/*', '.csv']);

    pick(f.chat, [await pngFile('chart.png'), textFile('notes.md', '# Notes\nhello', 'text/markdown')]);
    const [image, text] = await chips(f.chat, 2);
    expect(chipNames(f.chat)).to.deep.equal(['chart.png', 'notes.md']);
    expect(text!.querySelector('.chip-size')!.textContent).to.equal('13 B');
    await loaded(image!.querySelector<HTMLImageElement>('img.chip-thumb'));
    expect(text!.querySelector('img') === null, 'no thumbnail for a text file').to.equal(true);
    expect(part(f.chat, 'attachments')!.getAttribute('aria-label')).to.equal('Attached: 2 files');
  });

  it('files dropped on the element are attached; the drop target shows while they are dragged over it', async () => {
    f = await chatOnMock([]);
    const log = part(f.chat, 'log')!;
    const files = [await pngFile('photo.png'), textFile('data.csv', 'a,b\n1,2\n', 'text/csv')];
    expect(dragOver(log, files), 'dragover is taken (else the browser opens the file)').to.equal(true);
    await f.chat.updateComplete;
    expect(part(f.chat, 'drop-target')?.textContent?.trim()).to.equal('Drop files to attach');
    expect(drop(log, files), 'the drop is taken').to.equal(true);
    await f.chat.updateComplete;
    expect(part(f.chat, 'drop-target') === null, 'the target goes with the drop').to.equal(true);
    await chips(f.chat, 2);
    expect(chipNames(f.chat)).to.deep.equal(['photo.png', 'data.csv']);
  });

  it('a drag without files (selected text) is left to the browser: no drop target', async () => {
    f = await chatOnMock([]);
    const data = new DataTransfer();
    data.setData('text/plain', 'some text');
    const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, composed: true, cancelable: true });
    part(f.chat, 'log')!.dispatchEvent(over);
    await f.chat.updateComplete;
    expect(over.defaultPrevented).to.equal(false);
    expect(part(f.chat, 'drop-target') === null, 'no drop target').to.equal(true);
  });

  it('a pasted screenshot is attached under a name of its own; pasted text alone stays the input\'s', async () => {
    f = await chatOnMock([]);
    const input = part<HTMLTextAreaElement>(f.chat, 'input')!;
    input.focus();
    expect(paste(input, [], 'just text'), 'text alone is not taken').to.equal(false);
    expect(paste(input, [await pngFile('image.png')]), 'a file is taken').to.equal(true);
    await chips(f.chat, 1);
    expect(chipNames(f.chat)[0]).to.match(/^pasted-\d{8}-\d{6}\.png$/);
  });

  it('chips are removed by keyboard; the focus moves to the next chip, then to the input', async () => {
    f = await chatOnMock([]);
    pick(f.chat, [textFile('a.txt', 'a'), textFile('b.txt', 'b')]);
    await chips(f.chat, 2);
    const first = parts(f.chat, 'attachment-remove')[0]!;
    expect(first.getAttribute('aria-label')).to.equal('Remove a.txt');
    first.focus();
    await sendKeys({ press: 'Enter' });
    await chips(f.chat, 1);
    expect(chipNames(f.chat)).to.deep.equal(['b.txt']);
    await until(() => f!.chat.shadowRoot!.activeElement === parts(f!.chat, 'attachment-remove')[0], 'focus on the next remove button');
    await sendKeys({ press: 'Space' });
    await until(() => parts(f!.chat, 'attachment').length === 0, 'no chips');
    await until(() => f!.chat.shadowRoot!.activeElement === part(f!.chat, 'input'), 'focus back in the input');
  });

  it('refused files say why (count, type, size); the typed text and the accepted files stay', async () => {
    f = await chatOnMock([]);
    f.chat.attachments = { maxCount: 2, maxFileBytes: 1000 };
    const input = part<HTMLTextAreaElement>(f.chat, 'input')!;
    input.value = 'Compare these';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    pick(f.chat, [textFile('one.txt', '1'), textFile('two.txt', '2'), textFile('three.txt', '3')]);
    await chips(f.chat, 2);
    const [tooMany] = await until(() => refusals(f!.chat).length > 0 && refusals(f!.chat), 'a refusal');
    expect(tooMany).to.contain('three.txt');
    expect(part(f.chat, 'attachment-error')!.getAttribute('role')).to.equal('alert');

    pick(f.chat, [new File([new Uint8Array(8)], 'archive.zip', { type: 'application/zip' })]);
    await until(() => refusals(f!.chat).some((r) => r.includes('archive.zip')), 'the type refused');
    parts(f.chat, 'attachment-remove')[0]!.click();
    pick(f.chat, [textFile('big.txt', 'x'.repeat(5000))]);
    await until(() => refusals(f!.chat).some((r) => r.includes('big.txt')), 'the size refused');
    expect(chipNames(f.chat)).to.deep.equal(['two.txt']);
    expect(input.value, 'the typed text stays').to.equal('Compare these');
    expect(await axeViolations(f.chat)).to.deep.equal([]);
  });

  it('attachments="off" takes the button away and leaves drops and pastes to the page', async () => {
    f = await chatOnMock([], { attrs: { attachments: 'off' } });
    expect(part(f.chat, 'attach-button') === null, 'no attach button').to.equal(true);
    const file = await pngFile('photo.png');
    expect(dragOver(part(f.chat, 'log')!, [file])).to.equal(false);
    expect(drop(part(f.chat, 'log')!, [file])).to.equal(false);
    expect(paste(part(f.chat, 'input')!, [file])).to.equal(false);
  });

  it('the message carries its files to the server (an image part, a text file by name); the composer empties; the message shows them', async () => {
    f = await chatOnMock([textTurn('A blue square and two rows.')]);
    pick(f.chat, [await pngFile('square.png', 40, 40), textFile('rows.csv', 'a,b\n1,2\n', 'text/csv')]);
    await chips(f.chat, 2);
    const done = f.nextFinal();
    await typeAndEnter(f.chat, 'What are these?');
    await done;
    const body = (await f.mock.log()).find((e) => e.path.endsWith('/chat/completions'))!.body as { messages: Array<{ role: string; content: unknown }> };
    const user = body.messages.find((m) => m.role === 'user')!;
    const content = user.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(content.some((p) => p.type === 'text' && p.text!.includes('What are these?'))).to.equal(true);
    expect(content.find((p) => p.type === 'image_url')?.image_url?.url).to.match(/^data:image\/(png|jpeg);base64,/);
    expect(content.some((p) => p.type === 'text' && p.text!.includes('rows.csv') && p.text!.includes('a,b\n1,2'))).to.equal(true);
    expect(parts(f.chat, 'attachment'), 'the chips left with the message').to.have.length(0);
    const shown = part(f.chat, 'user')!.querySelector('[part~="message-attachments"]')!;
    await loaded(shown.querySelector<HTMLImageElement>('[part~="attachment-thumbnail"]'));
    expect(shown.querySelector('[part~="attachment-download"]')?.getAttribute('download')).to.equal('rows.csv');
  });

  it('a message of files alone (no text) can be sent', async () => {
    f = await chatOnMock([textTurn('Got it.')]);
    const send = part<HTMLButtonElement>(f.chat, 'send-button')!;
    expect(send.disabled).to.equal(true);
    pick(f.chat, [textFile('todo.txt', 'buy milk')]);
    await chips(f.chat, 1);
    expect(send.disabled, 'Send is enabled by the file').to.equal(false);
    const done = f.nextFinal();
    send.click();
    await done;
    expect(part(f.chat, 'user')!.querySelector('[part~="message-attachments"]')).to.not.equal(null);
  });
});
