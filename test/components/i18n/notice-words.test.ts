// The log's own lines, the error banner for every code, the tab notice and
// A2UI's refused media come from words tables (issue 37): each drawn with
// marked words (⟪…⟫, a pseudo locale), no word outside the marks; the same
// scene in English has words outside them (the check can fail); in German
// and Arabic no text of the English drawing is left. Last, in the element: a
// notice already in the log is rewritten when the language changes, and a
// reload (which replays the stored events) writes it in the new language.
import { expect } from 'chai';
import { render } from 'lit';
import '../../../components/define.js';
import { loadCatalog } from '../../../components/i18n/catalogs.js';
import type { I18n, Word } from '../../../components/i18n/index.js';
import { initialConversation, reduceConversation } from '../../../components/conversation/conversation-state.js';
import type { ConversationState, LogItem } from '../../../components/conversation/conversation-types.js';
import { renderContextNote, renderErrorBanner, renderNotice } from '../../../components/conversation/run-status.js';
import { conversationSpeech } from '../../../components/conversation/conversation-words.js';
import { errorWords } from '../../../components/conversation/error-words.js';
import { reportedNoticeWords } from '../../../components/conversation/reported-notice-words.js';
import { contextNoteText, noticeText, noticeWords } from '../../../components/conversation/notice-words.js';
import { AttachmentShelf } from '../../../src/agent/attachments/index.js';
import { PageloopError } from '../../../src/errors.js';
import { startWebMcp } from '../../../src/page/webmcp/webmcp-bridge.js';
import type { WebMcpStatus } from '../../../src/types.js';
import { renderTabNotice } from '../../../components/threads/tab-notice.js';
import { surfaceCard } from '../../../components/a2ui/a2ui-views.js';
import { a2uiWords } from '../../../components/a2ui/a2ui-words.js';
import { attachmentTrayWords, refusalText } from '../../../components/attachments/attachment-tray-words.js';
import { prepareAttachments } from '../../../src/agent/attachments/attachment-prep.js';
import { listFailed, noListing, notOffered, notRegistered, problemNotice } from '../../../src/page/webmcp/webmcp-problem.js';
import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { createAgent } from '../../../src/page/create-agent.js';
import { defineTool } from '../../../src/tools/define-tool.js';
import type { ErrorCode } from '../../../src/error-codes.js';
import { BASIC_CATALOG_ID } from '../../../src/page/a2ui/a2ui-catalogs.js';
import { toolCallTurn, textTurn } from '../../../src/testing/chunks.js';
import { PSEUDO, catalogI18n, drawingBoard, englishShown, i18nOf, shownTexts, unmarked } from './element-words.js';
import { chatOnMock, until, type ChatFixture } from '../helpers.js';

/** Every code the library has (a missing one is a type error): each must have a banner message. */
const CODES: Record<ErrorCode, true> = {
  aborted: true, 'bad-request': true, http: true, network: true, stream: true, 'empty-response': true, 'invalid-tool': true, busy: true, disposed: true,
  'worker-crashed': true, 'worker-restarted': true, storage: true, 'storage-quota': true, 'storage-unavailable': true, 'storage-blocked': true,
  'tools-unsupported': true, 'context-overflow': true, 'model-file': true, 'out-of-memory': true, refused: true, 'unknown-workflow': true, internal: true,
  timeout: true, 'attachment-too-large': true, 'attachments-too-large': true, 'too-many-attachments': true, 'attachment-type': true,
  'attachment-unreadable': true, 'vision-unsupported': true, 'thread-busy': true, protocol: true, 'remote-error': true, 'not-undoable': true,
};
/** The values each code's message says (error-words.ts). */
const PARAMS: Partial<Record<ErrorCode, Record<string, string | number>>> = { http: { status: 502 }, timeout: { seconds: 120 } };

/** Data, not the element's words: the error's English message behind Details, a refused URL. */
const DATA = 'code, pre, [translate="no"]';

const hardCoded = (root: ParentNode): string[] => unmarked(root, DATA);

/** The log after the events that make each of its own lines: a self-check, a reminder, each way a run ends, each context mark. */
function logLines(): LogItem[] {
  let s: ConversationState = initialConversation();
  const run = (events: Parameters<typeof reduceConversation>[1][]) => events.forEach((e) => (s = reduceConversation(s, e)));
  run([{ type: 'run-start', runId: 'r1' } as never, { type: 'iteration', n: 3, max: 8 } as never, { type: 'reflection', n: 3 } as never, { type: 'nudge' } as never]);
  run([{ type: 'final', reason: 'cancelled', text: '' }]);
  run([{ type: 'run-start', runId: 'r2' } as never, { type: 'final', reason: 'interrupted', text: '' }]);
  run([{ type: 'run-start', runId: 'r3' } as never, { type: 'iteration', n: 8, max: 8 } as never, { type: 'final', reason: 'max_iterations', text: '' }]);
  run([{ type: 'run-start', runId: 'r4' } as never, { type: 'final', reason: 'max_iterations', text: '' }]);
  const figures = { before: 12_000, after: 3_000, contextTokens: 8192 };
  for (const [action, messages, callId] of [['folded', 12], ['folded', 1], ['dropped', 3], ['cut', 1], ['cut', 1, 'c1']] as const) {
    run([{ type: 'context', action, messages, ...figures, ...(callId ? { callId } : {}) } as never]);
  }
  run(reportedEvents());
  return s.items.filter((i) => i.kind === 'notice' || i.kind === 'context');
}

/** A browser's message, the files' names, a storage error's reason: someone else's words, drawn untranslated. */
const VALUES = ['NotAllowedError: registerTool was refused', '"photo.png"', '"notes.txt", "plan.md"', 'QuotaExceededError: the quota was exceeded', '/files:summarise', 'TypeError: modelContext.registerTool is not a function',
  'refund_order', 'A tool of that name is already registered.', 'weather.forecast', 'The agent already has a tool of that name.', 'getTools() is not allowed here.'];

/** What WebMCP refused, as the bridge reports it (its own problem makers write each sentence): a tool not registered, one not offered, no listing, a listing that threw. */
const PROBLEMS = [notRegistered(VALUES[6]!, new DOMException(VALUES[7]!, 'InvalidStateError')), notOffered(VALUES[8]!, new Error(VALUES[9]!)), noListing(), listFailed(new DOMException(VALUES[10]!, 'SecurityError'))];

/** The WebMCP bridge's sentence where the browser has none (its real status is checked against the table below). */
const UNAVAILABLE = 'this browser has no WebMCP (document.modelContext), so no tools are shared with browser agents or taken from the page.';

/**
 * The notices reported from outside the reducer, as they reach it: WebMCP unavailable (the bridge's sentence) or
 * refusing, files sent but not kept (a full disk; another storage failure, two files), a prompt command with no
 * MCP servers (as the element's panel reports it), WebMCP that could not start (the browser's error, as it was thrown).
 */
function reportedEvents(): Parameters<typeof reduceConversation>[1][] {
  const status = { exposed: [], consumed: [] };
  return [
    { type: 'webmcp', status: { ...status, state: 'unavailable', message: UNAVAILABLE, notices: [{ text: `WebMCP: ${UNAVAILABLE}`, said: ['noticeWebmcpUnavailable'] }] } },
    { type: 'webmcp', status: { ...status, state: 'error', message: VALUES[0], notices: [{ text: `WebMCP error: ${VALUES[0]}`, said: ['noticeWebmcpError', VALUES[0]!] }] } },
    { type: 'attachments-not-kept', ids: ['a1'], names: ['photo.png'], code: 'storage-quota', reason: 'full', message: '"photo.png" was sent but not kept with the conversation (the browser\'s storage for this site is full): after a reload it will be missing.' },
    { type: 'attachments-not-kept', ids: ['a2', 'a3'], names: ['notes.txt', 'plan.md'], code: 'storage', reason: VALUES[3]!, message: `"notes.txt", "plan.md" were sent but not kept with the conversation (${VALUES[3]}): after a reload they will be missing.` },
    { type: 'notice', text: `No MCP prompt ${VALUES[4]}: this chat has no MCP servers.`, said: ['noticeNoMcpServers', VALUES[4]!] },
    { type: 'webmcp', status: { ...status, state: 'error', message: `WebMCP could not start: ${VALUES[5]}`, cause: VALUES[5], notices: [{ text: `WebMCP could not start: ${VALUES[5]}`, said: ['noticeWebmcpNoStart', VALUES[5]!] }] } },
    { type: 'webmcp', status: { ...status, state: 'error', message: PROBLEMS.map((p) => p.message).join('; '), problems: PROBLEMS, notices: PROBLEMS.map(problemNotice) } },
  ] as Parameters<typeof reduceConversation>[1][];
}

/** Each line, each error code's banner, the tab notice and a refused image, drawn with `i18n`, each in its own box. */
async function drawAll(i18n: I18n): Promise<Map<string, HTMLElement>> {
  const { shown, draw } = drawingBoard();
  for (const item of logLines()) draw(`${item.kind} ${item.id}`, item.kind === 'notice' ? renderNotice(item, i18n) : renderContextNote(item as never, i18n));
  const speech = conversationSpeech(i18n);
  for (const code of Object.keys(CODES) as ErrorCode[]) {
    const state = { ...initialConversation(), error: { message: `English message of ${code}`, retryable: false, code, ...(PARAMS[code] ? { params: PARAMS[code] } : {}) } };
    draw(`error ${code}`, renderErrorBanner(state, false, { retry() {}, dismiss() {} }, speech));
  }
  draw('tab notice', renderTabNotice(i18n));
  // An image whose address the user's data made something the card refuses to show.
  const messages = [
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ['pic', 'clip'] }, { id: 'pic', component: 'Image', url: { path: '/pic' } }, { id: 'clip', component: 'Video', url: { path: '/clip' } }] } },
    { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/', value: { pic: 'https://example.com/a.png', clip: 'https://example.com/a.mp4' } } },
  ];
  draw('a2ui refused', surfaceCard(messages, { options: true, data: { s: { pic: 'ftp://example.com/a.png', clip: 'ftp://example.com/a.mp4' } }, words: i18n.words(a2uiWords) }));
  const card = shown.get('a2ui refused')!.querySelector<HTMLElement & { updateComplete: Promise<unknown> }>('pageloop-a2ui-surface')!;
  await card.updateComplete;
  await until(() => deepAll(card, '.a2ui-refused-url').length === 2, 'the refused media notes', 10_000);
  return shown;
}

/** Elements matching `selector` in `root` and every shadow root inside it. */
function deepAll(root: Element | ShadowRoot, selector: string): Element[] {
  const found = [...root.querySelectorAll(selector)];
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) found.push(...deepAll(el.shadowRoot, selector));
  if (root instanceof Element && root.shadowRoot) found.push(...deepAll(root.shadowRoot, selector));
  return found;
}

function clear(shown: Map<string, HTMLElement>): void {
  for (const box of shown.values()) box.remove();
}

describe('i18n: the log’s own lines, every error code, the tab notice, refused media', function () {
  this.timeout(30_000);

  it('every error code has a banner message', () => {
    const missing = Object.keys(CODES).filter((code) => !Object.hasOwn(errorWords, `err${code.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}`));
    expect(missing).to.deep.equal([]);
  });

  it('a refused file: each refusal the tray shows, from its code and values (marked; in German, none of the English)', async () => {
    const files = [
      new File(['x'.repeat(3000)], 'big.txt', { type: 'text/plain' }),
      new File([new Uint8Array([0xff, 0xfe, 0x00])], 'bad.txt', { type: 'text/plain' }),
      new File(['not a png'], 'bad.png', { type: 'image/png' }),
      new File(['x'], 'a.exe', { type: 'application/x-msdownload' }),
      new File(['x'.repeat(900)], 'b.txt', { type: 'text/plain' }),
      new File(['x'.repeat(900)], 'c.txt', { type: 'text/plain' }),
      new File(['x'], 'd.txt', { type: 'text/plain' }),
    ];
    const { refused } = await prepareAttachments(files, { maxFileBytes: 2000, maxMessageBytes: 1000, maxCount: 6 });
    expect(refused.map((r) => r.code).sort()).to.deep.equal(['attachment-too-large', 'attachment-type', 'attachment-unreadable', 'attachment-unreadable', 'attachments-too-large', 'too-many-attachments']);
    const marked = i18nOf(PSEUDO).words(attachmentTrayWords);
    for (const r of refused) expect(refusalText(r, marked, String, String), r.code).to.match(/^⟪.*⟫$/);
    const de = await loadCatalog('de');
    const german = i18nOf(de.messages as Record<string, Word>).words(attachmentTrayWords);
    for (const r of refused) {
      const said = refusalText(r, german, de.format.bytes, de.format.count);
      expect(said, r.code).to.include(r.name);
      expect(said, r.code).to.not.match(/\b(is|was|the|one|not)\b/);
    }
    expect(refusalText(refused.find((r) => r.code === 'attachment-too-large')!, german, de.format.bytes, de.format.count).replace(/\s/g, ' ')).to.include('2,9 kB').and.match(/höchstens 2 kB/);
  });

  it('every word from a table: none hard-coded (a pseudo locale marks each)', async () => {
    const shown = await drawAll(i18nOf(PSEUDO));
    try {
      // The scene shows what it should: every line, a banner per code, the notes in place of refused media.
      expect([...shown.keys()].filter((k) => k.startsWith('notice')).map((k) => shown.get(k)!.textContent!.trim())).to.include.members(['⟪Stopped.⟫', '⟪Self-check at step 3⟫']);
      expect(shown.get('error refused')!.querySelector('.error-said')!.textContent).to.equal(`⟪${errorWords.errRefused}⟫`);
      expect(deepAll(shown.get('a2ui refused')!, '.a2ui-refused-url').map((n) => n.textContent)).to.deep.equal([
        `⟪Not shown: ftp://example.com/a.png is not an http(s) or data:image/… URL.⟫`,
        `⟪Not shown: ftp://example.com/a.mp4 is not an http(s) URL.⟫`,
      ]);
      for (const [name, box] of shown) expect(hardCoded(box), name).to.deep.equal([]);
    } finally {
      clear(shown);
    }
  });

  it('the same scene with English words has words outside any mark (the check can fail)', async () => {
    const shown = await drawAll(i18nOf({}));
    try {
      for (const [name, box] of shown) expect(hardCoded(box), name).to.not.deep.equal([]);
    } finally {
      clear(shown);
    }
  });

  for (const tag of ['de', 'ar']) {
    it(`${tag}: no text of the English drawing is left`, async () => {
      const catalog = await loadCatalog(tag);
      const english = await englishShown(drawAll, clear, DATA);
      const shown = await drawAll(catalogI18n(tag, catalog));
      try {
        for (const [name, box] of shown) {
          const left = shownTexts(box, DATA).filter((t) => english.get(name)!.has(t));
          expect(left, `${tag} ${name}`).to.deep.equal([]);
          // The banner says the code's message, never the English one (which stays behind Details).
          if (name.startsWith('error ')) expect(box.querySelector('.error-said'), name).to.not.equal(null);
        }
        // Numbers in the locale's format: 12.000 tokens in German.
        if (tag === 'de') expect([...shown.values()].map((b) => b.textContent).join(' ')).to.include('12.000 → 3.000 Tokens von 8.192');
      } finally {
        clear(shown);
      }
    });
  }
});

describe('i18n: notices reported from outside (WebMCP, files not kept, a prompt with no MCP servers)', function () {
  this.timeout(30_000);
  const reported = (): LogItem[] => {
    let s: ConversationState = initialConversation();
    for (const e of reportedEvents()) s = reduceConversation(s, e);
    return [...s.items];
  };
  const draw = (i18n: I18n): HTMLElement[] => {
    const { shown, draw: put } = drawingBoard();
    for (const item of reported()) put(item.id, renderNotice(item as never, i18n));
    return [...shown.values()];
  };
  afterEach(() => document.body.replaceChildren());

  it('each keeps its reporter’s English (the table’s line, word for word) and its data', () => {
    const items = reported() as Array<{ text: string; said?: readonly [string, ...Array<string | number>] }>;
    expect(items.map((i) => i.said?.[0])).to.deep.equal(['noticeWebmcpUnavailable', 'noticeWebmcpError', 'noticeNotKeptFull', 'noticeNotKept', 'noticeNoMcpServers', 'noticeWebmcpNoStart', 'noticeWebmcpNotRegistered', 'noticeWebmcpNotOffered', 'noticeWebmcpNoListing', 'noticeWebmcpListFailed']);
    for (const { text, said } of items) {
      const word = reportedNoticeWords[said![0] as keyof typeof reportedNoticeWords] as Word;
      expect(typeof word === 'function' ? (word as (...a: unknown[]) => string)(...said!.slice(1)) : word).to.equal(text);
    }
  });

  it('the worker’s English for files not kept is the table’s', async () => {
    const shelf = new AttachmentShelf({ thread: () => 't', options: () => undefined, store: { putAttachments: () => Promise.reject(new PageloopError('storage-quota', 'full')) } as never });
    const prepared = (await shelf.prepare([new File(['a'], 'a.txt', { type: 'text/plain' }), new File(['b'], 'b.txt', { type: 'text/plain' })])).accepted;
    const { notKept } = await shelf.keep(prepared);
    expect(notKept!.message).to.equal(reportedNoticeWords.noticeNotKeptFull(2, '"a.txt", "b.txt"'));
    expect([notKept!.names, notKept!.code]).to.deep.equal([['a.txt', 'b.txt'], 'storage-quota']);
  });

  it('WebMCP’s English for what it refused is the table’s: the bridge, on the strict polyfill, where another widget took the agent’s tool names', async () => {
    initializeWebMCPPolyfill();
    const widget = new AbortController();
    const context = (document as unknown as { modelContext: { registerTool(tool: object, options: object): Promise<void> } }).modelContext;
    await context.registerTool({ name: 'lookup_order', description: 'The shop widget’s own lookup', execute: async () => 'theirs' }, { signal: widget.signal });
    const agent = createAgent({ baseURL: 'http://127.0.0.1:9/v1', model: 'mock-model', tools: [defineTool({ name: 'lookup_order', description: 'Finds an order', parameters: { type: 'object', properties: {} }, execute: () => 'found' })], webmcp: { expose: true, consume: true } });
    try {
      await agent.webmcp.ready;
      // The agent's tool cannot be registered under a taken name, and the widget's is not offered to an agent that has the name already.
      const status = agent.webmcp.status();
      expect(status.problems?.map((p) => p.kind).sort(), status.message).to.deep.equal(['not-offered', 'not-registered']);
      expect(status.message).to.equal(status.problems!.map((p) => p.message).join('; '));
      let state: ConversationState = initialConversation();
      state = reduceConversation(state, { type: 'webmcp', status });
      const notices = state.items as unknown as Array<{ text: string; said: readonly [keyof typeof reportedNoticeWords, ...string[]] }>;
      expect(notices.map((n) => n.said[0]).sort()).to.deep.equal(['noticeWebmcpNotOffered', 'noticeWebmcpNotRegistered']);
      for (const { text, said } of notices) expect((reportedNoticeWords[said[0]] as (...a: string[]) => string)(...said.slice(1))).to.equal(text);
      expect(notices.map((n) => n.said[1])).to.deep.equal(['lookup_order', 'lookup_order']);
    } finally {
      widget.abort();
      agent.dispose();
      cleanupWebMCPPolyfill();
    }
  });

  it('the worker’s English for a file too many is the table’s, one file and more (its plural form in fr, ru, pl, ar, he)', async () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => new File(['x'], `f${i}.txt`, { type: 'text/plain' }));
    const refusal = async (max: number) => (await prepareAttachments(files(max + 1), { maxCount: max })).refused[0]!;
    for (const max of [1, 2, 5]) {
      const r = await refusal(max);
      expect(r.code).to.equal('too-many-attachments');
      expect(refusalText(r, attachmentTrayWords, String, String), `${max}`).to.equal(r.message);
    }
    expect((await refusal(1)).message).to.equal('"f1.txt" was not attached: at most 1 file goes with one message.');
    const said = async (tag: string, max: number) => {
      const catalog = await loadCatalog(tag);
      return refusalText(await refusal(max), catalogI18n(tag, catalog).words(attachmentTrayWords), catalog.format.bytes, String);
    };
    const FORMS: Record<string, Array<[number, string]>> = {
      fr: [[1, 'au plus 1 fichier.'], [2, 'au plus 2 fichiers.']],
      ru: [[1, 'не больше 1 файла.'], [2, 'не больше 2 файлов.'], [5, 'не больше 5 файлов.'], [21, 'не больше 21 файла.']],
      pl: [[1, 'najwyżej 1 plik.'], [2, 'najwyżej 2 pliki.'], [5, 'najwyżej 5 plików.'], [22, 'najwyżej 22 pliki.']],
      ar: [[1, 'أكثر من ملف واحد.'], [2, 'أكثر من ملفين.'], [5, 'أكثر من 5 ملفات.'], [11, 'أكثر من 11 ملفًا.'], [100, 'أكثر من 100 ملف.']],
      he: [[1, 'לכל היותר קובץ אחד.'], [2, 'לכל היותר 2 קבצים.']],
    };
    for (const [tag, forms] of Object.entries(FORMS)) for (const [max, end] of forms) expect(await said(tag, max), `${tag} ${max}`).to.include(end);
  });

  it('the WebMCP bridge’s notice where the browser has none is the table’s line, with its id (the page writes none of it)', async () => {
    const statuses: WebMcpStatus[] = [];
    const side = { tools: () => [], addTool: () => () => {}, defineTool: (() => {}) as never, schemasReady: async () => {}, toolHost: { admitOutside: () => {} } as never, callWorker: (() => {}) as never, report: (s: WebMcpStatus) => statuses.push(s) };
    (await startWebMcp({ expose: true }, side)).dispose();
    expect(statuses.map((s) => s.state)).to.deep.equal(['unavailable']);
    expect(statuses[0]!.message).to.equal(UNAVAILABLE);
    expect(statuses[0]!.notices).to.deep.equal([{ text: reportedNoticeWords.noticeWebmcpUnavailable, said: ['noticeWebmcpUnavailable'] }]);
  });

  it('pseudo locale: every word marked, each value drawn as it is (translate="no", its own direction)', () => {
    const boxes = draw(i18nOf(PSEUDO));
    for (const box of boxes) expect(hardCoded(box), box.textContent!).to.deep.equal([]);
    const values = boxes.flatMap((b) => [...b.querySelectorAll('[translate="no"]')].map((v) => [v.textContent, v.getAttribute('dir')]));
    expect(values).to.deep.equal(VALUES.map((v) => [v, 'auto']));
    // In English the reporter's sentence, whole (which has words outside any mark: the check can fail).
    for (const box of draw(i18nOf({}))) expect(hardCoded(box)).to.not.deep.equal([]);
  });

  it('ar: a command drawn in a right-to-left line reads left to right ("/files:summarise", its slash first)', async () => {
    const box = document.createElement('div');
    box.dir = 'rtl';
    document.body.append(box);
    render(renderNotice(reported().find((i) => (i as { said?: unknown[] }).said?.[0] === 'noticeNoMcpServers') as never, catalogI18n('ar', await loadCatalog('ar'))), box);
    const value = [...box.querySelectorAll<HTMLElement>('[translate="no"]')].find((v) => v.textContent === VALUES[4])!;
    expect([getComputedStyle(value).direction, getComputedStyle(value).unicodeBidi]).to.deep.equal(['ltr', 'isolate']);
    // Where the slash and the "f" after it are drawn: the slash on the left.
    const text = [...value.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
    const x = (i: number) => {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return range.getBoundingClientRect().left;
    };
    expect(x(0), 'the slash left of the "f"').to.be.lessThan(x(1));
  });

  for (const tag of ['de', 'ar', 'ru']) {
    it(`${tag}: no English left, the values untranslated`, async () => {
      const catalog = await loadCatalog(tag);
      const english = draw(i18nOf({})).map((b) => b.textContent!.trim());
      const shown = draw(catalogI18n(tag, catalog)).map((b) => b.textContent!.trim());
      for (const [i, text] of shown.entries()) {
        expect(text, english[i]).to.not.equal(english[i]);
        const own = VALUES.reduce((t, value) => t.split(value).join(' '), text);
        expect(own.replace(/\b(WebMCP|MCP|document\.modelContext)\b/g, ''), text).to.not.match(/\b(the|was|were|sent|kept|this|no|error|could|start|registered|offered|cannot|failed|none)\b/i);
      }
      for (const value of VALUES) expect(shown.join(' '), value).to.include(value);
      // One file and two take their own forms.
      if (tag === 'ru') expect([shown[2], shown[3]].map((t) => t!.slice(0, 5))).to.deep.equal(['Файл ', 'Файлы']);
    });
  }
});

describe('i18n: a notice in the log, in the language of now', function () {
  this.timeout(60_000);
  let f: ChatFixture | undefined;
  let again: ChatFixture | undefined;
  afterEach(() => {
    f?.remove();
    again?.remove();
  });

  it('the step limit’s notice is rewritten when the locale changes, and after a reload in another locale', async () => {
    const thread = `t-${crypto.randomUUID()}`;
    f = await chatOnMock([toolCallTurn([{ name: 'not_a_tool', args: {} }]), textTurn('x')], { attrs: { locale: 'en', thread, 'max-iterations': '1' } });
    const final = f.nextFinal();
    f.chat.send('go');
    await final;
    await f.chat.updateComplete;
    const notice = () => [...f!.chat.shadowRoot!.querySelectorAll('.notice')].map((n) => n.textContent!.trim()).join(' | ');
    expect(notice()).to.include('Stopped after 1 step:');
    f.chat.locale = 'de';
    await f.chat.updateComplete;
    await until(() => notice().includes('Nach 1 Schritt gestoppt'), 'the German notice');
    expect(notice()).to.not.include('Stopped after');
    f.remove();
    f = undefined;
    again = await chatOnMock([], { attrs: { locale: 'ar', thread } });
    const arabic = await until(() => [...again!.chat.shadowRoot!.querySelectorAll('.notice')].map((n) => n.textContent!.trim()).find((t) => t.includes('توقّف')), 'the Arabic notice after a reload', 20_000);
    expect(arabic).to.include('توقّف بعد خطوة واحدة');
  });
});

describe('i18n: a count in the log’s own lines picks its plural form', function () {
  this.timeout(30_000);
  type Lines = Parameters<typeof noticeText>[1];
  const wordsOf = async (tag: string): Promise<Lines> => (tag === 'en' ? i18nOf({}) : i18nOf((await loadCatalog(tag)).messages as Record<string, Word>)).words(noticeWords);
  /** The step limit's notice for `n` steps, and the marks of a result cut to `n` tokens and of messages folded to `n` tokens. */
  const said = async (tag: string, n: number): Promise<[string, string, string]> => {
    const w = await wordsOf(tag);
    const cut = { action: 'cut', messages: 1, before: 9000, after: n, contextTokens: 8192, result: true } as const;
    return [noticeText(['noticeStepLimit', n], w, String), contextNoteText(cut, w, String), contextNoteText({ ...cut, action: 'folded', messages: 4, result: undefined }, w, String)];
  };
  const FORMS: Record<string, Array<[number, string, string]>> = {
    // [n, the step limit's words, the tokens' words], each as written after the number
    en: [[1, 'Stopped after 1 step:', '1 token'], [2, 'Stopped after 2 steps:', '2 tokens'], [5, 'Stopped after 5 steps:', '5 tokens']],
    ru: [[1, 'после 1 шага:', '1 токен'], [3, 'после 3 шагов:', '3 токена'], [5, 'после 5 шагов:', '5 токенов'], [21, 'после 21 шага:', '21 токен'], [22, 'после 22 шагов:', '22 токена']],
    uk: [[1, 'після 1 кроку:', '1 токен'], [3, 'після 3 кроків:', '3 токени'], [5, 'після 5 кроків:', '5 токенів'], [21, 'після 21 кроку:', '21 токен']],
    pl: [[1, 'po 1 kroku:', '1 token'], [3, 'po 3 krokach:', '3 tokeny'], [5, 'po 5 krokach:', '5 tokenów'], [22, 'po 22 krokach:', '22 tokeny']],
    ar: [[1, 'بعد خطوة واحدة:', '1 رمز'], [2, 'بعد خطوتين:', '2 رمزان'], [5, 'بعد 5 خطوات:', '5 رموز'], [11, 'بعد 11 خطوة:', '11 رمزًا'], [100, 'بعد 100 خطوة:', '100 رمز']],
  };
  for (const [tag, forms] of Object.entries(FORMS)) {
    it(`${tag}: the step limit, a cut result's size and a shortened request's sizes, for ${forms.map(([n]) => n).join(', ')}`, async () => {
      for (const [n, steps, tokens] of forms) {
        const [notice, cut, folded] = await said(tag, n);
        expect(notice, `${tag} ${n}`).to.include(steps);
        expect(cut, `${tag} ${n}`).to.include(`9000 → ${tokens}`);
        expect(folded, `${tag} ${n}`).to.include(`9000 → ${tokens}`);
      }
    });
  }

  it('a notice as an older version stored it (its id and the number) draws in every language; labels written for the old parameters still work', async () => {
    // The reducer keeps the step limit as ['noticeStepLimit', max] — as it always has: a stored thread replays into the same data.
    const stored = { kind: 'notice', id: 'n1', text: 'Stopped after 1 steps: the step limit was reached before the task was finished.', said: ['noticeStepLimit', 1] } as const;
    const drawn = (i18n: I18n): string => {
      const { shown, draw } = drawingBoard();
      draw('n', renderNotice(stored as never, i18n));
      const text = shown.get('n')!.textContent!.trim();
      shown.get('n')!.remove();
      return text;
    };
    expect(drawn(i18nOf({}))).to.equal('Stopped after 1 step: the step limit was reached before the task was finished.');
    for (const [tag, start] of [['de', 'Nach 1 Schritt gestoppt'], ['ru', 'Остановлено после 1 шага'], ['ar', 'توقّف بعد خطوة واحدة']] as const) {
      const catalog = await loadCatalog(tag);
      expect(drawn(catalogI18n(tag, catalog)), tag).to.include(start);
    }
    // An app's own wording, written for the one parameter the message had.
    expect(drawn(i18nOf({ noticeStepLimit: (max: string) => `Halted at ${max}.` } as never))).to.equal('Halted at 1.');
  });
});

