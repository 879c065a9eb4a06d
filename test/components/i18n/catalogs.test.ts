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
