/**
 * Every English table of `<agent-chat>` (as components/element-words.ts
 * lists them as types), for the catalog and leftover checks.
 */
import { directionOf } from '../../../components/i18n/direction.js';
import { approvalWords } from '../../../components/approvals/approval-words.js';
import { attachmentWords } from '../../../components/attachments/attachment-words.js';
import { attachmentTrayWords } from '../../../components/attachments/attachment-tray-words.js';
import { composerWords } from '../../../components/composer/composer-words.js';
import { conversationWords } from '../../../components/conversation/conversation-words.js';
import { toolCardWords } from '../../../components/tool-cards/tool-card-words.js';
import { traceWords } from '../../../components/trace/trace-words.js';
import { agentTraceWords } from '../../../components/trace/agent-trace-words.js';
import { doctorWords } from '../../../components/doctor/doctor-words.js';
import { threadWords } from '../../../components/threads/thread-words.js';
import { mcpWords } from '../../../components/mcp/mcp-words.js';
import { commandWords } from '../../../components/composer/command-words.js';
import { errorWords } from '../../../components/conversation/error-words.js';
import { planWords } from '../../../components/conversation/plan-words.js';
import { subAgentWords } from '../../../components/conversation/sub-agent-words.js';
import { engineWords } from '../../../components/engine-progress-words.js';
import { undoWords } from '../../../components/tool-cards/undo-words.js';
import { previewWords } from '../../../components/approvals/preview-words.js';
import { tooLongWords } from '../../../components/composer/too-long-words.js';
import { a2uiWords } from '../../../components/a2ui/a2ui-words.js';
import { activityWords } from '../../../components/activity/activity-words.js';
import { noticeWords } from '../../../components/conversation/notice-words.js';
import { reportedNoticeWords } from '../../../components/conversation/reported-notice-words.js';
import { tabWords } from '../../../components/threads/tab-notice.js';
import { diagnosisLines } from '../../../src/diagnosis-lines.js';
import type { ElementWords } from '../../../components/element-words.js';
import { render, type nothing, type TemplateResult } from 'lit';
import type { I18n, Word, Words } from '../../../components/i18n/index.js';
import type { Catalog } from '../../../components/i18n/words.js';
import { loadCatalog } from '../../../components/i18n/catalogs.js';

export const TABLES = { conversationWords, composerWords, approvalWords, toolCardWords, attachmentWords, attachmentTrayWords, traceWords, agentTraceWords, doctorWords, threadWords, mcpWords, commandWords,
  planWords, subAgentWords, engineWords, undoWords, previewWords, tooLongWords, a2uiWords, activityWords, errorWords, noticeWords, reportedNoticeWords, tabWords, diagnosisLines };

/** Every message by id (the test checks that no id is in two tables). */
export const ENGLISH: { [id: string]: Word } = Object.assign({}, ...Object.values(TABLES));

// The list above and the `labels` type list the same tables: an id missing here is a type error.
const everyId: Record<keyof ElementWords, true> = Object.fromEntries(Object.keys(ENGLISH).map((id) => [id, true])) as Record<keyof ElementWords, true>;
void everyId;

/** Every message, marked: a text between ⟪ and ⟫, a function's text too (the pseudo locale of the leftover checks). */
export const PSEUDO: Record<string, Word> = Object.fromEntries(
  Object.entries(ENGLISH).map(([id, word]) => [
    id,
    typeof word === 'string'
      ? `⟪${word}⟫`
      : // As many parameters as the English (an error's message is used only when its values fit it).
        Object.defineProperty((...args: never[]) => `⟪${(word as (...a: never[]) => string)(...args)}⟫`, 'length', { value: word.length }),
  ]),
);

/**
 * What a person reads or hears in `root` and the shadow roots inside it: each
 * element's own text, aria-label, title, placeholder — except inside `data`
 * (a selector: what is data, not the element's words).
 */
export function shownTexts(root: ParentNode, data: string): string[] {
  const texts: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) texts.push(...shownTexts(el.shadowRoot, data));
    if (el.closest(data)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value?.trim()) texts.push(value.trim());
    }
    const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
    if (own) texts.push(own);
  }
  return texts;
}

/**
 * The texts of `root` holding a word (two letters or more) outside the marks
 * (⟪…⟫, nested marks too): hard-coded words. `data` (a selector) and the
 * data's own words (`dataWords`) are left out.
 */
export function unmarked(root: ParentNode, data: string, dataWords: readonly string[] = []): string[] {
  return shownTexts(root, data).filter((text) => {
    let rest = text;
    for (const d of dataWords) rest = rest.split(d).join(' ');
    for (let before = ''; before !== rest; ) [before, rest] = [rest, rest.replace(/⟪[^⟪⟫]*⟫/g, ' ')];
    return /\p{L}{2,}/u.test(rest);
  });
}

/** An `I18n` whose messages are `messages`' (English where it has none), with `format`. */
export function i18nOf(messages: Record<string, Word>, format?: Catalog['format'], dir: 'ltr' | 'rtl' = 'ltr'): I18n {
  return {
    locale: 'x',
    dir,
    format,
    words: <T extends Words>(english: T): T => Object.fromEntries(Object.keys(english).map((id) => [id, Object.hasOwn(messages, id) ? messages[id] : english[id]])) as T,
    message: (id) => messages[id],
  };
}

/** Views drawn each into a box of its own on the page, by name: `draw(name, view)` adds one. */
export function drawingBoard(): { shown: Map<string, HTMLElement>; draw(name: string, view: TemplateResult | typeof nothing): void } {
  const shown = new Map<string, HTMLElement>();
  return {
    shown,
    draw(name, view) {
      const box = document.createElement('div');
      document.body.append(box);
      render(view, box);
      shown.set(name, box);
    },
  };
}

/**
 * What each drawing of `draw` shows in English, by name (its texts of three letters
 * or more, outside `data`), the drawings cleared: what the same drawings in another
 * language must not show.
 */
export async function englishShown(draw: (i18n: I18n) => Promise<Map<string, HTMLElement>>, clear: (shown: Map<string, HTMLElement>) => void, data: string): Promise<Map<string, Set<string>>> {
  const en = await draw(i18nOf({}));
  const english = new Map([...en].map(([name, box]) => [name, new Set(shownTexts(box, data).filter((t) => /[A-Za-z]{3}/.test(t)))]));
  clear(en);
  return english;
}

/** The `I18n` of locale `tag`'s catalog, in the locale's direction. */
export const catalogI18n = (tag: string, catalog: Catalog): I18n => i18nOf(catalog.messages as Record<string, Word>, catalog.format, directionOf(tag));

/** Locale `tag`'s catalog with the doctor's lines among its messages (they are a chunk of their own, `Catalog.doctor`). */
export async function wholeCatalog(tag: string): Promise<Catalog> {
  const catalog = await loadCatalog(tag);
  return { ...catalog, messages: { ...catalog.messages, ...(await catalog.doctor()).doctor } };
}
