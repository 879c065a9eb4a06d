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
  /** Line comment markers. */
  line?: string[];
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
  /** `#` starts a comment only at the start of a word (shells). */
  hashWord?: boolean;
  /** Markup: tag names are keywords, quotes count only inside tags. */
  tags?: boolean;
  /** Rust: `'` starts a string only as a char literal (`'a'`), not a lifetime (`'a`). */
  charQuote?: boolean;
  /** Identifier characters beyond `\w` and `$` (CSS allows `-` and `@`). */
  word?: RegExp;
}

const words = (list: string): ReadonlySet<string> => new Set(list.split(' '));
const C_COMMENTS = { line: ['//'], block: ['/*', '*/'] as [string, string] };
const JS_WORDS =
  'break case catch class const continue debugger default delete do else export extends finally for function if import in instanceof let new of return super switch this throw try typeof var void while with yield async await static get set true false null undefined';

const JS: Grammar = { ...C_COMMENTS, keywords: words(JS_WORDS), quotes: `'"\``, multiline: '`' };
const TS: Grammar = {
  ...JS,
  keywords: words(`${JS_WORDS} type interface enum implements namespace declare abstract private protected public readonly as is keyof infer never unknown any satisfies override string number boolean`),
};
const GRAMMARS: Record<string, Grammar> = {
  js: JS,
  ts: TS,
  json: { ...C_COMMENTS, keywords: words('true false null'), quotes: '"' },
  python: {
    line: ['#'],
    keywords: words('False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case self'),
    quotes: `'"`,
    triple: true,
  },
  bash: {
    line: ['#'],
    hashWord: true,
    keywords: words('if then else elif fi for while until do done case esac function in return exit export local readonly unset echo cd source set shift'),
    quotes: `'"`,
    multiline: `'"`,
    raw: "'",
  },
  css: {
    block: ['/*', '*/'],
    keywords: words('@media @import @keyframes @supports @font-face important inherit initial unset none auto'),
    quotes: `'"`,
    word: /[\w$@-]/,
  },
  html: { block: ['<!--', '-->'], keywords: words(''), quotes: `'"`, tags: true, word: /[\w$-]/ },
  sql: {
    line: ['--'],
    block: ['/*', '*/'],
    caseless: true,
    keywords: words('select from where and or not insert into values update set delete create table drop alter add index view join inner left right outer full on as group by order having limit offset distinct union all null is in between like exists case when then else end primary key foreign references default unique begin commit rollback with returning asc desc true false'),
    quotes: `'"`,
    raw: `'"`,
  },
  go: {
    ...C_COMMENTS,
    keywords: words('break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false iota'),
    quotes: '"`\'',
    multiline: '`',
    raw: '`',
  },
  rust: {
    ...C_COMMENTS,
    keywords: words('as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while Some None Ok Err'),
    quotes: `"'`,
    charQuote: true,
  },
};

const ALIASES: Record<string, string> = {
  javascript: 'js', jsx: 'js', mjs: 'js', cjs: 'js',
  typescript: 'ts', tsx: 'ts',
  jsonc: 'json',
  py: 'python',
  sh: 'bash', shell: 'bash', zsh: 'bash',
  xml: 'html', svg: 'html',
  golang: 'go',
  rs: 'rust',
};

function grammarOf(language: string): Grammar | undefined {
  const name = language.toLowerCase();
  const key = Object.hasOwn(ALIASES, name) ? ALIASES[name]! : name;
  return Object.hasOwn(GRAMMARS, key) ? GRAMMARS[key] : undefined;
}

/** True when `language` (a fence's info word, any case) has a grammar here. */
export function isHighlightable(language: string): boolean {
  return grammarOf(language) !== undefined;
}

const NUMBER = /0[xXbBoO][\da-fA-F_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?[a-zA-Z%]*/y;
const CHAR_LITERAL = /'(?:\\.[^'\n]*|[^\\'\n])'/y;
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
  if (!g) return { tokens: src ? [{ kind: null, text: src }] : [], open: null };
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
    const line = g.line?.find((m) => src.startsWith(m, i));
    if (line && !(g.hashWord && i > 0 && !/\s/.test(src[i - 1]!))) {
      const end = src.indexOf('\n', i);
      emit('comment', end < 0 ? src.length : end);
    } else if (g.block && src.startsWith(g.block[0], i)) {
      if (!construct(i + g.block[0].length, { kind: 'comment', close: g.block[1], escapes: false }, true)) break;
    } else if (g.quotes.includes(ch) && (!g.tags || inTag)) {
      if (g.charQuote && ch === "'") {
        CHAR_LITERAL.lastIndex = i;
        if (CHAR_LITERAL.test(src)) emit('string', CHAR_LITERAL.lastIndex);
        else i++;
        continue;
      }
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
