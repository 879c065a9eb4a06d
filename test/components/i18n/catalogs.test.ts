// Every shipped catalog holds every message of the element, with the same
// parameters, each used in the text; and dates and numbers come out in the
// locale's own format (issue 37).
import { expect } from 'chai';
import { SHIPPED, loadCatalog, matchLocale } from '../../../components/i18n/catalogs.js';
import { directionOf } from '../../../components/i18n/direction.js';
import type { Catalog } from '../../../components/i18n/words.js';
import { ENGLISH, TABLES, wholeCatalog } from './element-words.js';
import { diagnosisLines } from '../../../src/diagnosis-lines.js';

const OTHERS = SHIPPED.filter((tag) => tag !== 'en');
/** `text` with its no-break spaces (which `Intl` writes in French and German numbers) as plain ones. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('i18n: the catalogs', () => {
  it('ships the 18 languages the issue names', () => {
    expect([...SHIPPED].sort()).to.deep.equal(['ar', 'de', 'en', 'es', 'fr', 'he', 'hi', 'it', 'ja', 'ko', 'nl', 'pl', 'pt-BR', 'ru', 'tr', 'uk', 'zh-CN', 'zh-TW']);
  });

  it('no id is in two English tables', () => {
    const count = Object.values(TABLES).reduce((n, table) => n + Object.keys(table).length, 0);
    expect(Object.keys(ENGLISH).length).to.equal(count);
  });

  it('every id is in the guide’s table of messages (docs-site/guide/localisation.md), with its parameters', async () => {
    const guide = await (await fetch('/docs-site/guide/localisation.md')).text();
    const missing = Object.entries(ENGLISH).filter(([id, word]) => {
      if (typeof word === 'string') return !guide.includes(`\`${id}\``);
      const params = new RegExp(`\`${id}\\(([\\w, ]*)\\)\``).exec(guide)?.[1];
      return params === undefined || params.split(',').filter((p) => p.trim()).length !== word.length;
    });
    expect(missing.map(([id]) => id)).to.deep.equal([]);
  });

  for (const tag of OTHERS) {
    it(`${tag}: every id, nothing more, each with the English parameters, each parameter written into the text`, async () => {
      const catalog: Catalog = await wholeCatalog(tag);
      expect(Object.keys(catalog.messages).sort()).to.deep.equal(Object.keys(ENGLISH).sort());
      for (const [id, english] of Object.entries(ENGLISH)) {
        const word = catalog.messages[id];
        expect(typeof word, id).to.equal(typeof english);
        if (typeof english === 'string') {
          expect(word, id).to.be.a('string').and.not.equal('');
          // A place (`{tool}`, `{server}`) is kept, and no other is made up.
          const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
          expect(places(word as string), `${id} keeps its places`).to.deep.equal(places(english));
          continue;
        }
        const fn = word as (...args: unknown[]) => string;
        expect(fn.length, `${id}: parameters`).to.equal(english.length);
        if (id === 'attachedCount') {
          for (const n of [1, 2, 5, 22]) expect(fn(n), `${id}(${n})`).to.be.a('string').and.match(/\S/);
          expect(fn(22)).to.include('22');
          continue;
        }
        const markers = Array.from({ length: english.length }, (_, i) => `⟦${i}⟧`);
        const text = fn(...markers);
        for (const [i, marker] of markers.entries()) {
          if (text.includes(marker)) continue;
          // A count that picks the plural form, with the number written by another parameter (a formatted one) or
          // in the form itself ("1 message"): used when the text changes with it.
          const withCount = (n: number) => fn(...markers.map((m, j) => (j === i ? n : m)));
          expect(withCount(1), `${id} uses parameter ${i}`).to.not.equal(withCount(5));
          expect(withCount(5), `${id}(5) writes the number`).to.satisfy((t: string) => t.includes('5') || markers.some((m, j) => j !== i && t.includes(m)));
        }
      }
    });
  }

  it('the doctor’s lines are not in a catalog’s messages: each locale’s are a chunk of their own (loaded with the doctor’s checklist), with every line', async () => {
    for (const tag of OTHERS) {
      const catalog = await loadCatalog(tag);
      expect(Object.keys(catalog.messages).filter((id) => Object.hasOwn(diagnosisLines, id)), tag).to.deep.equal([]);
      expect(Object.keys((await catalog.doctor()).doctor).sort(), tag).to.deep.equal(Object.keys(diagnosisLines).sort());
    }
  });

  it('a count followed by its noun takes the noun’s plural form (the too-long warning: en, ru, uk, pl, ar)', async () => {
    type Fn = (...a: unknown[]) => string;
    const words = async (tag: string): Promise<Record<string, Fn>> => (tag === 'en' ? ENGLISH : (await loadCatalog(tag)).messages) as Record<string, Fn>;
    const window = async (tag: string, n: number) => (await words(tag)).tooLongWindow!(String(n), n);
    const trim = async (tag: string, n: number) => (await words(tag)).trimToFit!(String(n), n);
    expect([await window('en', 1), await window('en', 8192)]).to.deep.equal(['1 token', '8192 tokens']);
    expect(await trim('en', 1)).to.equal('Trim to fit (1 character)');
    expect([await window('ru', 8192), await window('ru', 4096), await window('ru', 21)]).to.deep.equal(['8192 токена', '4096 токенов', '21 токен']);
    expect([await trim('ru', 22), await trim('ru', 21)]).to.deep.equal(['Обрезать до 22 символов', 'Обрезать до 21 символа']);
    expect([await window('uk', 8192), await window('uk', 4096)]).to.deep.equal(['8192 токени', '4096 токенів']);
    expect([await window('pl', 8192), await window('pl', 4096), await trim('pl', 3)]).to.deep.equal(['8192 tokeny', '4096 tokenów', 'Przytnij do 3 znaków']);
    expect([await window('ar', 1), await window('ar', 2), await window('ar', 5), await window('ar', 11), await window('ar', 8192), await window('ar', 8200)]).to.deep.equal(['رمز واحد', 'رمزان', '5 رموز', '11 رمزًا', '8192 رمزًا', '8200 رمز']);
    // "about N tokens (M characters)": Russian takes the genitive after "about", the nominative in the parenthesis.
    expect((await words('ru')).tooLongText!('21', '84', 'x', 21, 84)).to.include('около 21 токена (84 символа)');
  });

  describe('a count picks the plural form of the words beside it', () => {
    type Fn = (...a: unknown[]) => string;
    // A catalog's messages and its doctor's lines (a chunk of their own, loaded with the checklist).
    const words = async (tag: string): Promise<Record<string, Fn>> => {
      if (tag === 'en') return ENGLISH as Record<string, Fn>;
      const catalog = await loadCatalog(tag);
      return { ...catalog.messages, ...(await catalog.doctor()).doctor } as Record<string, Fn>;
    };
    const SAMPLE = [0, 1, 2, 5, 11, 21, 100];
    /** Every message with a count: its number parameters by position (each the same number as a text parameter beside it, or written by the message itself). */
    const COUNTED: Record<string, readonly number[]> = {
      attachedCount: [0], refusedCount: [2], tooLongText: [3, 4], tooLongWindow: [1], tooLongWindowAssumed: [1], trimToFit: [1], showEarlier: [2, 3], showAll: [1],
      noticeStepLimit: [1], logContextSizes: [3], logContextFolded: [0], logContextDropped: [0], logContextCutResult: [2], planCount: [2], planFailedCount: [1],
      planBlockedCount: [1], noticeNotKept: [0], noticeNotKeptFull: [0], subAgentCalls: [0], doctorFailedCount: [0], doctorWarningCount: [0], doctorAllPassed: [0],
      doctorSkippedCount: [0], mcpConnectedCount: [2], messageCount: [0], moreCharacters: [1], traceDropped: [0], traceSpansInThread: [2, 3], traceSummary: [4, 5],
      factRetries: [0], noteContextSizes: [3], noteContextMessages: [2], dxModelListed: [1], dxSourceLlamaSlots: [0], dxQuirkArgsPieces: [0],
    };
    /** Where 1 means "the only one" ("the one check passed"), not a plural form: 1 is left out of the comparison. */
    const ONLY_ONE = new Set(['doctorAllPassed', 'dxModelListed']);
    /** `text` with the number `n` written "#" wherever it stands alone. */
    const hashed = (text: string, n: number): string => text.replace(new RegExp(`(?<!\\d|\\d[.,])${n}(?!\\d|[.,]\\d)`, 'g'), '#');
    /** `id` said of `n`: every parameter `n`, a number where it is one, its text elsewhere (the same number formatted, a name); the number then written "#". */
    const sayOf = (fn: Fn, id: string, n: number): string => hashed(fn(...Array.from({ length: fn.length }, (_, i) => (COUNTED[id]!.includes(i) ? n : String(n)))), n);

    it('every English message whose words (or parameters) take a count is in the list', () => {
      const counted = Object.entries(ENGLISH).flatMap(([id, word]) => {
        if (typeof word !== 'function') return [];
        const fn = word as Fn;
        const markers = Array.from({ length: fn.length }, (_, i) => `⟦${'abcdefgh'[i]}⟧`);
        const plain = String(fn(...markers));
        // A parameter the English text does not write is a count (its number written by another one), as is one its words change with.
        const positions = markers.flatMap((m, i) => {
          const said = (n: number) => hashed(String(fn(...markers.map((x, j) => (j === i ? n : x)))), n);
          return !plain.includes(m) || (!/(?<!\d)1(?!\d)/.test(plain) && said(1) !== said(5)) ? [i] : [];
        });
        return positions.length ? [id] : [];
      });
      expect(counted.filter((id) => !Object.hasOwn(COUNTED, id))).to.deep.equal([]);
    });

    for (const tag of SHIPPED) {
      it(`${tag}: the same words for every count of one plural form (${SAMPLE.join(', ')})`, async () => {
        const messages = await words(tag);
        const rules = new Intl.PluralRules(tag);
        for (const id of Object.keys(COUNTED)) {
          const byForm = new Map<string, Set<string>>();
          // A number the message writes of its own ("1 通のメッセージ", one message) cannot be told from the count: that count is left out.
          const own = messages[id]!(...Array.from({ length: messages[id]!.length }, (_, i) => (COUNTED[id]!.includes(i) ? NaN : '⟦⟧'))).match(/\d+/g) ?? ([] as string[]);
          // A language without plural forms may still say one file as "this file": there, 1 is not a form of the others.
          const single = rules.resolvedOptions().pluralCategories.length === 1;
          for (const n of SAMPLE.filter((n) => !((ONLY_ONE.has(id) || single) && n === 1) && !own.includes(String(n)))) {
            const form = rules.select(n);
            byForm.set(form, (byForm.get(form) ?? new Set()).add(sayOf(messages[id]!, id, n)));
          }
          for (const [form, said] of byForm) expect([...said], `${tag} ${id} (${form})`).to.have.length(1);
        }
      });
    }

    /** The plan's counts and the long log's button, as each language writes them for 0, 1, 2, 5, 11, 21, 100 (with 7 tasks in all). */
    const FORMS: Record<string, Record<string, readonly string[]>> = {
      fr: {
        planCount: ['0 sur 7 terminée', '1 sur 7 terminée', '2 sur 7 terminées', '5 sur 7 terminées', '11 sur 7 terminées', '21 sur 7 terminées', '100 sur 7 terminées'],
        planBlockedCount: ['0 bloquée', '1 bloquée', '2 bloquées', '5 bloquées', '11 bloquées', '21 bloquées', '100 bloquées'],
        showEarlier: ['Afficher 0 plus ancien (0 masqué)', 'Afficher 1 plus ancien (1 masqué)', 'Afficher 2 plus anciens (2 masqués)', 'Afficher 5 plus anciens (5 masqués)', 'Afficher 11 plus anciens (11 masqués)', 'Afficher 21 plus anciens (21 masqués)', 'Afficher 100 plus anciens (100 masqués)'],
      },
      he: {
        planCount: ['0 מתוך 7 הושלמו', '1 מתוך 7 הושלמה', '2 מתוך 7 הושלמו', '5 מתוך 7 הושלמו', '11 מתוך 7 הושלמו', '21 מתוך 7 הושלמו', '100 מתוך 7 הושלמו'],
        planFailedCount: ['0 נכשלו', '1 נכשלה', '2 נכשלו', '5 נכשלו', '11 נכשלו', '21 נכשלו', '100 נכשלו'],
        planBlockedCount: ['0 חסומות', '1 חסומה', '2 חסומות', '5 חסומות', '11 חסומות', '21 חסומות', '100 חסומות'],
        showEarlier: ['הצגת 0 פריטים קודמים (0 פריטים מוסתרים)', 'הצגת הפריט הקודם (פריט אחד מוסתר)', 'הצגת 2 פריטים קודמים (2 פריטים מוסתרים)', 'הצגת 5 פריטים קודמים (5 פריטים מוסתרים)', 'הצגת 11 פריטים קודמים (11 פריטים מוסתרים)', 'הצגת 21 פריטים קודמים (21 פריטים מוסתרים)', 'הצגת 100 פריטים קודמים (100 פריטים מוסתרים)'],
      },
      ar: {
        planCount: ['لم تُنجز أي مهمة من 7', 'أُنجزت مهمة واحدة من 7', 'أُنجزت مهمتان من 7', 'أُنجز 5 من 7', 'أُنجز 11 من 7', 'أُنجز 21 من 7', 'أُنجز 100 من 7'],
        planFailedCount: ['فشلت 0 مهمة', 'فشلت مهمة واحدة', 'فشلت مهمتان', 'فشلت 5 مهام', 'فشلت 11 مهمة', 'فشلت 21 مهمة', 'فشلت 100 مهمة'],
        planBlockedCount: ['0 مهمة متوقفة', 'مهمة واحدة متوقفة', 'مهمتان متوقفتان', '5 مهام متوقفة', '11 مهمة متوقفة', '21 مهمة متوقفة', '100 مهمة متوقفة'],
        showEarlier: ['عرض 0 عنصر سابق (0 عنصر غير معروض)', 'عرض العنصر السابق (عنصر واحد غير معروض)', 'عرض العنصرين السابقين (عنصران غير معروضين)', 'عرض 5 عناصر سابقة (5 عناصر غير معروضة)', 'عرض 11 عنصرًا سابقًا (11 عنصرًا غير معروض)', 'عرض 21 عنصرًا سابقًا (21 عنصرًا غير معروض)', 'عرض 100 عنصر سابق (100 عنصر غير معروض)'],
      },
      ru: {
        planBlockedCount: ['0 заблокировано', '1 заблокирована', '2 заблокированы', '5 заблокировано', '11 заблокировано', '21 заблокирована', '100 заблокировано'],
        showEarlier: ['Показать 0 предыдущих (из 0 скрытых)', 'Показать 1 предыдущий (из 1 скрытого)', 'Показать 2 предыдущих (из 2 скрытых)', 'Показать 5 предыдущих (из 5 скрытых)', 'Показать 11 предыдущих (из 11 скрытых)', 'Показать 21 предыдущий (из 21 скрытого)', 'Показать 100 предыдущих (из 100 скрытых)'],
      },
      pl: {
        planFailedCount: ['0 nieudanych', '1 nieudane', '2 nieudane', '5 nieudanych', '11 nieudanych', '21 nieudanych', '100 nieudanych'],
        planBlockedCount: ['0 zablokowanych', '1 zablokowane', '2 zablokowane', '5 zablokowanych', '11 zablokowanych', '21 zablokowanych', '100 zablokowanych'],
        showEarlier: ['Pokaż 0 wcześniejszych elementów (0 ukrytych)', 'Pokaż 1 wcześniejszy element (1 ukryty)', 'Pokaż 2 wcześniejsze elementy (2 ukryte)', 'Pokaż 5 wcześniejszych elementów (5 ukrytych)', 'Pokaż 11 wcześniejszych elementów (11 ukrytych)', 'Pokaż 21 wcześniejszych elementów (21 ukrytych)', 'Pokaż 100 wcześniejszych elementów (100 ukrytych)'],
      },
    };
    const ARGS: Record<string, (n: number) => unknown[]> = {
      planCount: (n) => [String(n), '7', n],
      planFailedCount: (n) => [String(n), n],
      planBlockedCount: (n) => [String(n), n],
      showEarlier: (n) => [String(n), String(n), n, n],
    };
    for (const [tag, ids] of Object.entries(FORMS)) {
      it(`${tag}: the plan's counts and "show earlier" for ${SAMPLE.join(', ')}`, async () => {
        const messages = await words(tag);
        for (const [id, said] of Object.entries(ids)) expect(SAMPLE.map((n) => messages[id]!(...ARGS[id]!(n))), `${tag} ${id}`).to.deep.equal(said);
      });
    }
  });

  it('numbers, byte sizes, dates and relative times in the locale’s format', async () => {
    const de = (await loadCatalog('de')).format;
    expect(plain(de.count(1234567))).to.equal('1.234.567');
    expect(plain(de.percent(0.3))).to.equal('30 %');
    expect(plain(de.bytes(2.5 * 1024))).to.equal('2,5 kB');
    expect(plain(de.date(Date.UTC(2026, 9, 26, 12)))).to.equal('26. Okt. 2026');
    const fr = (await loadCatalog('fr')).format;
    expect(plain(fr.count(1234567))).to.equal('1 234 567');
    expect(plain(fr.bytes(3 * 1024 * 1024))).to.equal('3 Mo');
    const now = Date.UTC(2026, 9, 26, 12);
    expect(de.relative(now - 5 * 60_000, now)).to.equal('vor 5 Minuten');
    expect(de.relative(now - 86_400_000, now)).to.equal('gestern');
    const ja = (await loadCatalog('ja')).format;
    expect(plain(ja.date(Date.UTC(2026, 9, 26, 12)))).to.equal('2026年10月26日');
    const hi = (await loadCatalog('hi')).format;
    expect(plain(hi.count(1234567))).to.equal('12,34,567');
    const ar = (await loadCatalog('ar')).format;
    // The month's Arabic name (the digits are Latin or Arabic-Indic, as the browser's CLDR has it for `ar`).
    expect(ar.date(Date.UTC(2026, 9, 26, 12))).to.include('أكتوبر');
  });

  it('matches a page’s tag to the nearest catalog, and its writing direction', () => {
    expect(matchLocale('de-AT')).to.equal('de');
    expect(matchLocale('pt-PT')).to.equal('pt-BR');
    expect(matchLocale('zh-Hant-HK')).to.equal('zh-TW');
    expect(matchLocale('zh')).to.equal('zh-CN');
    expect(matchLocale('iw')).to.equal('he');
    expect(matchLocale('fa-IR')).to.equal('en');
    expect(directionOf('ar-EG')).to.equal('rtl');
    expect(directionOf('he')).to.equal('rtl');
    expect(directionOf('fa')).to.equal('rtl');
    expect(directionOf('de')).to.equal('ltr');
  });
});
