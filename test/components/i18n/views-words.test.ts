// The views loaded on first use that had English of their own (issue 37):
// the plan, a sub-agent's work, the in-page model's progress, the Undo bar,
// a call's preview (its panel and its outlines on the page), the too-long
// warning, an AG-UI activity card, an A2UI surface card and its notes, the
// long log's "Show earlier" and the elicitation form's choice hints. Each is
// drawn in every state with marked words (⟪…⟫, a pseudo locale): a word
// outside the marks is hard-coded, and the check names it. Then each state in
// German and Arabic: no text of the English drawing is left. Last, the
// too-long warning and the plan in the element itself, in Arabic.
import { expect } from 'chai';
import { html } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { live } from 'lit/directives/live.js';
import '../../../components/define.js';
import { loadCatalog } from '../../../components/i18n/catalogs.js';
import type { I18n, Word } from '../../../components/i18n/index.js';
import { renderPlan } from '../../../components/conversation/plan-view.js';
import { renderSubAgent } from '../../../components/conversation/sub-agent-view.js';
import { initialConversation } from '../../../components/conversation/conversation-state.js';
import { LogWindow } from '../../../components/conversation/log-window.js';
import type { ConversationState, ToolCallItem } from '../../../components/conversation/conversation-types.js';
import { renderEngineProgress } from '../../../components/engine-progress.js';
import { UndoBarView } from '../../../components/tool-cards/undo-bar-view.js';
import { renderApproval } from '../../../components/approvals/approval-panel.js';
import { approvalWords } from '../../../components/approvals/approval-words.js';
import { previewWords } from '../../../components/approvals/preview-words.js';
import { previewOutlines } from '../../../components/approvals/preview-overlay.js';
import { renderTooLong } from '../../../components/composer/too-long.js';
import { renderActivity } from '../../../components/activity/activity-card.js';
import { surfaceCard } from '../../../components/a2ui/a2ui-views.js';
import { a2uiWords } from '../../../components/a2ui/a2ui-words.js';
import { renderQuestions } from '../../../components/mcp/mcp-elicitation-form.js';
import { mcpWords } from '../../../components/mcp/mcp-words.js';
import type { EngineStatus, PlanTask, Tool } from '../../../src/types.js';
import { errorTurn, textTurn } from '../../../src/testing/chunks.js';
import { conversationSpeech } from '../../../components/conversation/conversation-words.js';
import { PSEUDO, catalogI18n, drawingBoard, englishShown, i18nOf, shownTexts, unmarked } from './element-words.js';
import { chatOnMock, part, typeAndEnter, until, type ChatFixture } from '../helpers.js';

/** Data, not the element's words: what the model, a server or the tool wrote, and the user's values. */
const DATA = 'code, pre, textarea, [translate="no"], .plan-task-title, .plan-note, .plan-current, .activity-type, .activity-field, .step-text, .step-from, .step-to, .approval-label strong, .mcp-data';

/** The texts holding a word outside the marks, the data's own words (`data`) left out. */
const hardCoded = (root: ParentNode, data: readonly string[] = []): string[] => unmarked(root, DATA, data);

const TASKS: PlanTask[] = [
  { id: 'a', title: 'Tâche un', status: 'completed' },
  { id: 'b', title: 'Tâche deux', status: 'in_progress', dependsOn: ['a'] },
  { id: 'c', title: 'Tâche trois', status: 'failed', note: 'ça casse' },
  { id: 'd', title: 'Tâche quatre', status: 'blocked', dependsOn: ['c'] },
  { id: 'e', title: 'Tâche cinq', status: 'pending' },
];

const call = (over: Partial<ToolCallItem>): ToolCallItem => ({ kind: 'tool-call', id: 'c1', name: 'fill_x', argsText: '{}', status: 'done', runId: 'r1', ...over });

function subAgentState(running: boolean): ConversationState {
  return { ...initialConversation(), running, step: running ? { n: 2, max: 8 } : null, items: [call({ id: 's1' }), call({ id: 's2' })] };
}

const undoTool = { name: 'fill_x', description: 'x', parameters: { type: 'object' }, execute: () => 1, undo: () => {} } as unknown as Tool;

/**
 * Every state of every view, drawn with `i18n` into one container each: the
 * names say which. A2UI's card and the page's outlines are elements with
 * shadow roots of their own, walked as well.
 */
async function drawAll(i18n: I18n): Promise<Map<string, HTMLElement>> {
  const { shown, draw } = drawingBoard();
  draw('plan', renderPlan(TASKS, i18n));
  const parts = { guard, markdown: async () => ({ renderMarkdown: (t: string) => document.createRange().createContextualFragment(t) }), i18n };
  const card = (item: ToolCallItem) => html`<code>${item.name}</code>`;
  draw('sub-agent working', renderSubAgent(subAgentState(true), card, parts));
  draw('sub-agent finished', renderSubAgent(subAgentState(false), card, parts));
  const engine: EngineStatus[] = [
    { state: 'downloading', loaded: 30e6, total: 120e6 },
    { state: 'downloading', loaded: 30e6 },
    { state: 'loading', source: 'cache' },
    { state: 'loading', source: 'network' },
    { state: 'error', code: 'model-file', message: '⟪x⟫' },
    { state: 'ready', cacheWarning: '⟪x⟫' },
  ] as EngineStatus[];
  engine.forEach((status, i) => draw(`engine ${status.state} ${i}`, renderEngineProgress(status, i18n)));
  const host = { addController() {}, removeController() {}, requestUpdate() {}, updateComplete: Promise.resolve(true) };
  const items = [call({ id: 'u1' }), call({ id: 'u2' }), call({ id: 'u3', undo: { status: 'undone' } }), call({ id: 'u4', runId: 'r2', undo: { status: 'failed', error: '⟪x⟫' } })];
  const undo = new UndoBarView(host, { agent: () => ({}) as never, tools: () => [undoTool], items: () => items, busy: () => false, failed() {}, i18n });
  items.forEach((item) => draw(`undo ${item.id}`, undo.draw(item)));
  const request = { callId: 'p1', name: 'fill_x', args: {} };
  const handlers = { answer() {}, edit() {} };
  const preview = { steps: [{ text: '42', from: '', to: 'b', target: 'shown' }, { text: '42', target: 'gone' }, { text: '42', private: true, target: 'hidden' }] as const, error: '⟪x⟫' };
  draw('preview', renderApproval(request, undefined, undefined, handlers, live, i18n.words(approvalWords), preview, i18n.words(previewWords)));
  draw('too long', renderTooLong({ text: 'x'.repeat(90_000), tokens: 22_500, window: { tokens: 8192, assumed: false } }, { sendAnyway() {}, trim() {} }, i18n));
  draw('too long, assumed window', renderTooLong({ text: 'x'.repeat(90_000), tokens: 22_500, window: { tokens: 8192, assumed: true } }, { sendAnyway() {}, trim() {} }, i18n));
  draw('activity', renderActivity({ kind: 'activity', id: 'activity:1', activityType: 'search', content: { query: 'shoes' } }, i18n));
  draw('log window', new LogWindow(host).renderEarlier(450, i18n));
  const fields = { f1: { type: 'array', enum: ['r', 'g'], minItems: 1, maxItems: 2 }, f2: { type: 'array', enum: ['r'], minItems: 1, maxItems: 1 }, f3: { type: 'array', enum: ['r'], minItems: 1 }, f4: { type: 'array', enum: ['r'], maxItems: 2 } };
  const open = { request: { id: 'e1', server: 'srv', message: '⟪x⟫', fields, required: [] }, values: {} } as never;
  draw('elicitation', renderQuestions([open], [], { answer() {}, set() {}, dismiss() {} }, i18n.words(mcpWords)));
  // A2UI: a surface still drawing, and each note an action can leave.
  const a2ui = i18n.words(a2uiWords);
  draw('a2ui drawing', surfaceCard([], { partial: true, words: a2ui }));
  for (const id of ['a2uiNotSentElsewhere', 'a2uiSentAtEnd', 'a2uiSent', 'a2uiNotSent'] as const) draw(`a2ui ${id}`, surfaceCard([], { note: [id, '“book”'], words: a2ui }));
  // The page's outlines of a preview: a step from "" to a value.
  const target = document.createElement('input');
  document.body.append(target);
  const outlines = previewOutlines();
  outlines.i18n = i18n;
  document.body.append(outlines);
  outlines.show('p1', [target], [{ text: '42', from: '', to: 'b', target: 'shown' }]);
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const box = document.createElement('div');
  box.append(outlines);
  shown.set('page outlines', box);
  target.remove();
  for (const el of shown.values()) for (const card of el.querySelectorAll('pageloop-a2ui-surface')) await (card as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  return shown;
}

function clear(shown: Map<string, HTMLElement>): void {
  for (const box of shown.values()) {
    for (const outline of box.querySelectorAll('agent-preview-outlines')) (outline as HTMLElement & { hide(id: string): void }).hide('p1');
    box.remove();
  }
}

describe('i18n: the views loaded on first use, every state', function () {
  this.timeout(30_000);

  it('every word from a table: none hard-coded (a pseudo locale marks each)', async () => {
    const shown = await drawAll(i18nOf(PSEUDO));
    try {
      // The scene shows what it should: a check that finds nothing would prove nothing.
      expect(shown.get('plan')!.querySelector('.plan-title')!.textContent).to.equal('⟪Plan⟫');
      expect(shown.get('undo u2')!.textContent).to.include('⟪Undo all⟫');
      expect(shown.get('a2ui drawing')!.querySelector('pageloop-a2ui-surface')!.shadowRoot!.textContent).to.include('⟪Drawing…⟫');
      expect(shown.get('page outlines')!.querySelector('agent-preview-outlines')!.shadowRoot!.textContent).to.include('⟪(empty)⟫');
      expect(shown.get('elicitation')!.textContent).to.include('⟪Choose 1 to 2.⟫');
      for (const [name, box] of shown) expect(hardCoded(box, ['srv', 'search', 'shoes', 'query']), name).to.deep.equal([]);
    } finally {
      clear(shown);
    }
  });

  // The check above holds only if the drawing without the words shows English: the same scene, in English, is all hard-coded words.
  it('the same scene with English words has words outside any mark (the check can fail)', async () => {
    const shown = await drawAll(i18nOf({}));
    try {
      for (const name of ['plan', 'sub-agent working', 'undo u2', 'preview', 'too long', 'log window', 'elicitation', 'a2ui drawing', 'a2ui a2uiSent', 'page outlines', 'engine loading 2']) {
        expect(hardCoded(shown.get(name)!, ['srv', 'search', 'shoes', 'query']), name).to.not.deep.equal([]);
      }
    } finally {
      clear(shown);
    }
  });

  for (const tag of ['de', 'ar']) {
    it(`${tag}: no text of the English drawing is left, in any state`, async () => {
      const catalog = await loadCatalog(tag);
      const english = await englishShown(drawAll, clear, DATA);
      const shown = await drawAll(catalogI18n(tag, catalog));
      try {
        const own = new Set(Object.values(catalog.messages).filter((w): w is string => typeof w === 'string'));
        for (const [name, box] of shown) {
          const left = shownTexts(box, DATA).filter((t) => english.get(name)!.has(t) && !own.has(t));
          expect(left, `${tag} ${name}`).to.deep.equal([]);
        }
        expect(shown.get('undo u2')!.textContent).to.include(tag === 'de' ? 'Alles rückgängig' : 'التراجع عن الكل');
        // Numbers in the locale's format: 22.500 tokens in German.
        if (tag === 'de') expect(shown.get('too long')!.textContent!.replace(/\s+/g, ' ')).to.include('etwa 22.500 Tokens');
      } finally {
        clear(shown);
      }
    });
  }
});

describe('i18n: the new states in the element', function () {
  this.timeout(30_000);
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  it('ar: the too-long warning in Arabic, right to left', async () => {
    f = await chatOnMock([textTurn('ok')], { attrs: { locale: 'ar', 'context-tokens': '4096' } });
    await f.chat.updateComplete;
    await typeAndEnter(f.chat, 'word '.repeat(4000));
    const warning = await until(() => part<HTMLElement>(f!.chat, 'too-long'), 'the warning');
    await f.chat.updateComplete;
    expect(warning.textContent).to.include('أرسل على أي حال');
    expect(warning.textContent).to.not.match(/Send anyway|tokens/);
    expect(getComputedStyle(warning).direction).to.equal('rtl');
  });
});

describe('i18n: the library’s errors by code', function () {
  this.timeout(30_000);
  let f: ChatFixture | undefined;
  afterEach(() => f?.remove());

  /** The chat's error banner after a model server answered HTTP 400. */
  async function failed(attrs: Record<string, string>, labels?: Record<string, Word>): Promise<HTMLElement> {
    f = await chatOnMock([errorTurn(400, 'model "nope" not found')], { attrs });
    if (labels) f.chat.labels = labels;
    const final = f.nextFinal();
    f.chat.send('hi');
    await final;
    return until(() => part<HTMLElement>(f!.chat, 'error'), 'the error banner');
  }

  for (const [tag, said] of [['de', 'Der Modellserver hat mit einem Fehler geantwortet (HTTP 400).'], ['ja', 'モデルサーバーがエラーを返しました（HTTP 400）。']] as const) {
    it(`${tag}: an HTTP error in the catalog’s words with its status, the English message as the raw detail`, async () => {
      const banner = await failed({ locale: tag });
      expect(banner.dataset.code).to.equal('http');
      const text = banner.querySelector('.error-text')!;
      expect(text.querySelector('.error-said')!.textContent).to.equal(said);
      const detail = part<HTMLDetailsElement>(f!.chat, 'error-detail')!;
      expect(detail.open).to.equal(false);
      expect(detail.querySelector('[translate="no"]')!.textContent).to.include('model "nope" not found').and.include('HTTP 400');
      expect(detail.querySelector('summary')!.textContent).to.equal(tag === 'de' ? 'Details' : '詳細');
    });
  }

  it('en: the error’s own message, no detail; an app’s label for the code wins, with the status', async () => {
    const banner = await failed({ locale: 'en' });
    expect(banner.querySelector('.error-text')!.textContent).to.include('model "nope" not found');
    expect(part(f!.chat, 'error-detail')).to.equal(null);
    f!.remove();
    const labelled = await failed({ locale: 'en' }, { errHttp: (status: string) => `Our server said no (${status}).` });
    expect(labelled.querySelector('.error-said')!.textContent).to.equal('Our server said no (400).');
  });

  it('a code without a message, or an error without the values its message needs, keeps its English message', async () => {
    const catalog = await loadCatalog('de');
    const speech = conversationSpeech(i18nOf(catalog.messages as Record<string, Word>, catalog.format));
    expect(speech.error!('no-such-code', undefined)).to.equal(undefined);
    expect(speech.error!('http', undefined)).to.equal(undefined);
    expect(speech.error!('http', { status: 502 })).to.equal('Der Modellserver hat mit einem Fehler geantwortet (HTTP 502).');
    expect(speech.error!('timeout', { seconds: 1200 })).to.equal('Der Modellserver hat nicht innerhalb von 1.200 s geantwortet.');
    expect(speech.error!('busy', undefined)).to.match(/^Es läuft bereits eine Antwort/);
  });
});
