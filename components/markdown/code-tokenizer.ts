/**
 * A small single-pass tokenizer for highlighting code in replies: comments,
 * strings, numbers, keywords and called names, for a handful of common
 * languages. It is deliberately not a parser — a reply's code only needs to
 * be easier to read — and it replaces highlight.js, which cost ~24 KB gzipped
 * for the same eight languages.
 *
 * It works on chunks of whole lines and hands back the construct a chunk ends
 * inside (a block comment, a multi-line string), so a streaming code block can
 * be highlighted line by line as it arrives, each line scanned once.
 */

/** What a highlighted token is. */
export type TokenKind = 'keyword' | 'string' | 'number' | 'comment' | 'title';

/** A run of source text; `kind` is null for plain text. */
export interface CodeToken {
  kind: TokenKind | null;
  text: string;
}

/** A construct still open at the end of a chunk, which the next chunk continues. */
export interface OpenConstruct {
  kind: 'string' | 'comment';
  /** The text that closes it. */
  close: string;
  /** Whether a backslash escapes the next character inside it. */
  escapes: boolean;
}

/** The tokens of a chunk, and the construct it ends inside (null when none). */
export interface Tokenized {
  tokens: CodeToken[];
  open: OpenConstruct | null;
}

interface Grammar {
  keywords: ReadonlySet<string>;
  /** The line comment marker; `#` starts a comment only at the start of a word (shells need that, the rest do not mind). */
  line?: string;
  /** Block comment open and close. */
  block?: [string, string];
  /** Quote characters that start strings. */
  quotes: string;
  /** Quotes whose strings may span lines (backticks, Python's triple quotes). */
  multiline?: string;
  /** Quotes inside which a backslash escapes nothing. */
  raw?: string;
  /** Python: `'''` and `"""`. */
  triple?: boolean;
  /** Keywords match in any case (SQL). */
  caseless?: boolean;
  /** Markup: tag names are keywords, quotes count only inside tags. */
  tags?: boolean;
  /** Identifier characters beyond `\w` and `$` (CSS allows `-` and `@`). */
  word?: RegExp;
}

const words = (list: string): ReadonlySet<string> => new Set(list.split(' '));
const C_COMMENTS = { line: '//', block: ['/*', '*/'] as [string, string] };
const JS_WORDS =
  'break case catch class const continue default do else export extends finally for function if import in let new of return switch this throw try typeof var while async await true false null undefined';

const JS: Grammar = { ...C_COMMENTS, keywords: words(JS_WORDS), quotes: `'"\``, multiline: '`' };
const TS: Grammar = {
  ...JS,
  keywords: words(`${JS_WORDS} type interface enum implements private public readonly as any`),
};
const GRAMMARS: Record<string, Grammar> = {
  js: JS,
  ts: TS,
  json: { ...C_COMMENTS, keywords: words('true false null'), quotes: '"' },
  python: {
    line: '#',
    keywords: words('False None True and as async await class def elif else except for from if import in is lambda not or pass raise return try while with yield self'),
    quotes: `'"`,
    triple: true,
  },
  bash: {
    line: '#',
    keywords: words('if then else elif fi for while do done case esac function in return exit export local echo cd'),
    quotes: `'"`,
    multiline: `'"`,
    raw: "'",
  },
  css: {
    block: ['/*', '*/'],
    keywords: words('@media @import @keyframes important none auto'),
    quotes: `'"`,
    word: /[\w$@-]/,
  },
  html: { block: ['<!--', '-->'], keywords: words(''), quotes: `'"`, tags: true, word: /[\w$-]/ },
  sql: {
    line: '--',
    block: ['/*', '*/'],
    caseless: true,
    keywords: words('select from where and or not insert into values update set delete create table drop join left on as group by order having limit null is in like case when then else end'),
    quotes: `'"`,
    raw: `'"`,
  },
  go: {
    ...C_COMMENTS,
    keywords: words('break case chan const continue defer else for func go if import interface map package range return select struct switch type var nil true false'),
    quotes: '"`\'',
    multiline: '`',
    raw: '`',
  },
  rust: {
    ...C_COMMENTS,
    keywords: words('as async await break const else enum false fn for if impl in let loop match mod mut pub return self struct trait true type use where while Some None'),
    // Not `'`: it starts lifetimes (`'a`) as often as char literals.
    quotes: '"',
  },
};

/** Other names of the languages: `alias:name` pairs. */
const ALIASES = new Map(
  'javascript:js jsx:js typescript:ts tsx:ts py:python sh:bash shell:bash xml:html rs:rust'.split(' ').map((p) => p.split(':') as [string, string]),
);

function grammarOf(language: string): Grammar | undefined {
  const name = language.toLowerCase();
  const key = ALIASES.get(name) ?? name;
  return Object.hasOwn(GRAMMARS, key) ? GRAMMARS[key] : undefined;
}

/** True when `language` (a fence's info word, any case) has a grammar here. */
export function isHighlightable(language: string): boolean {
  return grammarOf(language) !== undefined;
}

/** Digits and what may follow them in a literal: `0x1f`, `2.5e3`, `10px`, `1_000u32`. */
const NUMBER = /\d[\w.]*%?/y;
const WORD = /[\w$]/;

/**
 * Where the construct opened before `from` closes: the index just after its
 * closing text, or -1 when `src` ends first. A single-line construct also
 * ends (unterminated) at the end of its line.
 */
function closeOf(src: string, from: number, open: OpenConstruct, multiline: boolean): number {
  for (let j = from; j < src.length; j++) {
    const ch = src[j];
    if (open.escapes && ch === '\\') j++;
    else if (src.startsWith(open.close, j)) return j + open.close.length;
    else if (ch === '\n' && !multiline) return j;
  }
  return -1;
}

/**
 * Splits `src` into tokens. `open` is the construct the previous chunk of the
 * same block ended inside, if any. An unknown language gives one plain token.
 *
 * @example
 * tokenize('const s = "a // b"; // note', 'js').tokens
 * // → const(keyword) ' s = ' "a // b"(string) '; ' '// note'(comment)
 */
export function tokenize(src: string, language: string, open: OpenConstruct | null = null): Tokenized {
  const g = grammarOf(language);
  const tokens: CodeToken[] = [];
  if (!g) return { tokens: [{ kind: null, text: src }], open: null };
  const word = g.word ?? WORD;
  let i = 0;
  let plain = 0;
  let inTag = false;
  const emit = (kind: TokenKind, end: number): void => {
    if (plain < i) tokens.push({ kind: null, text: src.slice(plain, i) });
    if (end > i) tokens.push({ kind, text: src.slice(i, end) });
    i = plain = end;
  };
  /** Emits the construct starting at `i` whose content starts at `from`; false when it runs past the chunk. */
  const construct = (from: number, c: OpenConstruct, multiline: boolean): boolean => {
    const end = closeOf(src, from, c, multiline);
    emit(c.kind, end < 0 ? src.length : end);
    if (end >= 0 || !multiline) return true;
    open = c;
    return false;
  };
  if (open) {
    const carried = open;
    open = null;
    if (!construct(0, carried, true)) return { tokens, open };
  }
  while (i < src.length) {
    const ch = src[i]!;
    if (g.line && src.startsWith(g.line, i) && !(ch === '#' && i > 0 && !/\s/.test(src[i - 1]!))) {
      const end = src.indexOf('\n', i);
      emit('comment', end < 0 ? src.length : end);
    } else if (g.block && src.startsWith(g.block[0], i)) {
      if (!construct(i + g.block[0].length, { kind: 'comment', close: g.block[1], escapes: false }, true)) break;
    } else if (g.quotes.includes(ch) && (!g.tags || inTag)) {
      const quote = g.triple && src.startsWith(ch + ch + ch, i) ? ch + ch + ch : ch;
      const multiline = quote.length === 3 || (g.multiline ?? '').includes(ch);
      if (!construct(i + quote.length, { kind: 'string', close: quote, escapes: !(g.raw ?? '').includes(ch) }, multiline)) break;
    } else if (ch >= '0' && ch <= '9' && (i === 0 || !word.test(src[i - 1]!))) {
      NUMBER.lastIndex = i;
      NUMBER.test(src);
      emit('number', NUMBER.lastIndex);
    } else if (word.test(ch) && (i === 0 || !word.test(src[i - 1]!))) {
      let end = i + 1;
      while (end < src.length && word.test(src[end]!)) end++;
      const name = src.slice(i, end);
      const afterLt = g.tags && (src[i - 1] === '<' || (src[i - 1] === '/' && src[i - 2] === '<'));
      if (afterLt || g.keywords.has(g.caseless ? name.toLowerCase() : name)) emit('keyword', end);
      else if (src[end] === '(') emit('title', end);
      else i = end;
    } else {
      if (g.tags && ch === '<' && /[a-zA-Z/!?]/.test(src[i + 1] ?? '')) inTag = true;
      else if (ch === '>') inTag = false;
      i++;
    }
  }
  i = src.length;
  if (plain < i) tokens.push({ kind: null, text: src.slice(plain) });
  return { tokens, open };
}
