import { expect } from 'chai';
import { MarkdownStream } from '../../components/markdown/markdown-stream.js';
import { renderMarkdown } from '../../components/markdown/markdown-render.js';

/**
 * A stream whose passes run only when the test says so, on a clock that
 * never advances (so no pass runs out of budget): `flush` runs one pass,
 * `finish` finishes the reply and runs passes until it is all rendered.
 */
function manual(): { md: MarkdownStream; flush: () => void; finish: () => void } {
  let pending: (() => void) | undefined;
  const md = new MarkdownStream({ schedule: (render) => (pending = render), now: () => 0 });
  const flush = (): void => {
    const render = pending;
    pending = undefined;
    render?.();
  };
  return {
    md,
    flush,
    finish: () => {
      md.finish();
      for (let i = 0; i < 1000 && pending; i++) flush();
    },
  };
}

describe('markdown-stream', () => {
  it('renders markdown as it streams, and the same as a whole parse at the end', () => {
    const { md, flush, finish } = manual();
    const text = '# Title\n\nSome **bold** and `code`.\n\n- one\n- two\n\n> quote\n\nLast line.';
    // One character at a time, rendering after every third: block boundaries land everywhere.
    [...text].forEach((ch, i) => {
      md.append(ch);
      if (i % 3 === 0) flush();
    });
    finish();
    const root = md.element;
    expect(root.querySelector('h1')?.textContent).to.equal('Title');
    expect(root.querySelector('strong')?.textContent).to.equal('bold');
    expect(root.querySelectorAll('li')).to.have.length(2);
    expect(root.querySelector('blockquote')?.textContent?.trim()).to.equal('quote');
    expect(root.textContent).to.contain('Last line.');
  });

  it('does not draw the marks of bold, strike-through, a code span or a link it is still streaming as text', () => {
    const { md, flush, finish } = manual();
    const steps: Array<[string, string]> = [
      ['**A-2', ''],
      ['** is `re', 'A-2 is '],
      ['ady` and ~~no', 'A-2 is ready and '],
      ['t~~ see [the docs](https://exa', 'A-2 is ready and not see '],
      ['mple.com) now', 'A-2 is ready and not see the docs now'],
    ];
    for (const [delta, shown] of steps) {
      md.append(delta);
      flush();
      expect(md.element.textContent, delta).to.equal(shown);
      expect(md.element.textContent, delta).not.to.match(/\*\*|~~|`|\]\(/);
    }
    expect(md.element.querySelector('strong')?.textContent).to.equal('A-2');
    expect(md.element.querySelector('a')?.getAttribute('href')).to.equal('https://example.com');
    // Unclosed at the end of the reply: the whole text, as a whole parse shows it.
    md.append(' and **more');
    finish();
    const whole = document.createElement('div');
    whole.append(renderMarkdown('**A-2** is `ready` and ~~not~~ see [the docs](https://example.com) now and **more'));
    expect(md.element.textContent).to.equal(whole.textContent).and.to.contain('**more');
  });

  it('never touches a block again once a later block has started on a complete line, with one after it', () => {
    const { md, flush } = manual();
    md.append('First paragraph.\n\nSecond');
    flush();
    expect(md.element.querySelector('.markdown-group p')).to.equal(null); // "Second" may still become anything
    md.append(' grows\nand');
    flush();
    expect(md.element.querySelector('.markdown-group p')).to.equal(null); // with "and…" it may still start a table
    md.append(' grows.\n');
    flush();
    const first = md.element.querySelector('.markdown-group p');
    expect(first?.textContent).to.equal('First paragraph.');
    md.append('More.');
    flush();
    expect(md.element.querySelector('p')).to.equal(first);
    expect(md.element.textContent).to.contain('Second grows\nand grows.\nMore.');
  });

  it('does not freeze a block before a last line that may still change what it is', () => {
    const { md, flush, finish } = manual();
    // A table, then "#" at a chunk's end: a heading only until "hashtag" arrives and makes it a table row.
    md.append('| a | b |\n| - | - |\n#');
    flush();
    md.append('hashtag | c\n');
    finish();
    expect(md.element.querySelector('h1')).to.equal(null);
    expect(md.element.querySelectorAll('tbody tr')).to.have.length(1);
  });

  it('gives references made before a link reference definition their link, and keeps titles', () => {
    const { md, flush, finish } = manual();
    md.append('See [the docs] and [more][m].\n\nAnother paragraph.\n\n');
    flush();
    md.append('[the docs]: https://example.com/docs\n');
    flush();
    md.append('  "Docs title"\n\n[m]: https://example.com/m\n');
    finish();
    const links = [...md.element.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.com/docs', 'https://example.com/m']);
    expect(links[0]!.getAttribute('title')).to.equal('Docs title');
  });

  it('lets an unclosed <a> in one block not change later blocks', () => {
    const text = '<a href="x">open\n\nSee https://example.org/a here.\n';
    const { md, flush, finish } = manual();
    md.append(text.slice(0, 20));
    flush();
    md.append(text.slice(20));
    finish();
    const whole = document.createElement('div');
    whole.append(renderMarkdown(text));
    expect(md.element.querySelector('a[href="https://example.org/a"]')).to.not.equal(null);
    expect(whole.querySelector('a[href="https://example.org/a"]')).to.not.equal(null);
  });

  it('keeps a code fence’s whole info string as its language', () => {
    const { md, flush, finish } = manual();
    md.append('```foo+bar baz\nx\n');
    flush();
    md.append('```\n');
    finish();
    expect(md.element.querySelector('pre code')?.className).to.equal('language-foo+bar');
  });

  it('streams an open code fence as text and parses it once when it closes', () => {
    const { md, flush, finish } = manual();
    md.append('```js\nconst a = 1;\n');
    flush();
    const code = md.element.querySelector('pre code');
    expect(code?.textContent).to.equal('const a = 1;\n');
    md.append('const b = "<b>not bold</b>";\n');
    flush();
    expect(md.element.querySelector('pre code')).to.equal(code);
    expect(md.element.querySelector('b')).to.equal(null);
    md.append('```\n\nAfter.');
    finish();
    expect(md.element.querySelectorAll('pre')).to.have.length(1);
    expect(md.element.querySelector('pre code')?.textContent).to.contain('const b = "<b>not bold</b>";');
    expect(md.element.querySelector('p')?.textContent).to.equal('After.');
  });

  it('keeps a list open across a blank line until a non-list block follows', () => {
    const { md, flush, finish } = manual();
    md.append('- a\n\n');
    flush();
    md.append('- b\n\nText');
    flush();
    finish();
    expect(md.element.querySelectorAll('ul')).to.have.length(1);
    expect(md.element.querySelectorAll('li')).to.have.length(2);
  });

  it('keeps every frozen block node as it was first rendered', () => {
    const { md, flush, finish } = manual();
    const paragraph = 'word '.repeat(40).trim() + '.\n\n';
    const seen: Element[] = [];
    for (let i = 0; i < 300; i++) {
      md.append(paragraph);
      flush();
      seen.push(...[...md.element.querySelectorAll('.markdown-group > p')].slice(seen.length));
    }
    finish();
    const final = [...md.element.querySelectorAll('p')];
    expect(final).to.have.length(300);
    // The nodes frozen along the way are the very nodes at the end: none was re-rendered.
    expect(seen.every((node, i) => final[i] === node)).to.equal(true);
    expect(seen.length).to.be.greaterThan(290);
  });

  it('drops script, event handlers and javascript: links', () => {
    const { md, finish } = manual();
    (window as unknown as { __xss?: boolean }).__xss = false;
    md.append('<img src=x onerror="window.__xss=true"> <script>window.__xss=true</script>\n\n[click](javascript:window.__xss=true) [ok](https://example.com)\n\n<a href="https://example.org" onclick="window.__xss=true">x</a>');
    finish();
    document.body.append(md.element);
    try {
      expect(md.element.querySelector('script, img, [onerror], [onclick]')).to.equal(null);
      const links = [...md.element.querySelectorAll('a')];
      expect(links.some((a) => (a.getAttribute('href') ?? '').startsWith('javascript'))).to.equal(false);
      const ok = links.find((a) => a.getAttribute('href') === 'https://example.com');
      expect(ok?.getAttribute('target')).to.equal('_blank');
      expect(ok?.getAttribute('rel')).to.contain('noopener');
      expect((window as unknown as { __xss?: boolean }).__xss).to.equal(false);
    } finally {
      md.element.remove();
    }
  });

  it('highlights a finished code block in the pass that renders it', () => {
    const { md, finish } = manual();
    md.append('Some code:\n\n```js\nconst x = 1; // one\n```\n');
    finish();
    const code = md.element.querySelector('pre code')!;
    expect(code.querySelector('.tok-keyword')?.textContent).to.equal('const');
    expect(code.querySelector('.tok-number')?.textContent).to.equal('1');
    expect(code.querySelector('.tok-comment')?.textContent).to.equal('// one');
    expect(code.textContent).to.equal('const x = 1; // one\n');
  });

  it('highlights a streaming code block line by line, the open line as plain text', () => {
    const { md, flush, finish } = manual();
    md.append('```py\ns = """a doc\nstring""" # c\nx = "unterminated');
    flush();
    const code = md.element.querySelector('pre code')!;
    expect([...code.querySelectorAll('.tok-string')].map((e) => e.textContent).join('')).to.equal('"""a doc\nstring"""');
    expect(code.querySelector('.tok-comment')?.textContent).to.equal('# c');
    // The line still arriving is shown, not yet highlighted.
    expect(code.textContent).to.equal('s = """a doc\nstring""" # c\nx = "unterminated');
    expect(code.querySelectorAll('.tok-string')).to.have.length(1);
    md.append('"\n```\n\nAfter.');
    finish();
    expect(md.element.querySelector('pre code')).to.equal(code);
    expect(code.textContent).to.equal('s = """a doc\nstring""" # c\nx = "unterminated"\n');
    expect([...code.querySelectorAll('.tok-string')].at(-1)?.textContent).to.equal('"unterminated"');
    expect(md.element.querySelector('p')?.textContent).to.equal('After.');
  });

  it('keeps an unclosed fence at the end of a finished reply as code', () => {
    const { md, flush, finish } = manual();
    md.append('```js\nlet a = "open');
    flush();
    finish();
    expect(md.element.querySelectorAll('pre')).to.have.length(1);
    // As a whole render has it: an unclosed fence's last line is ended with a newline.
    expect(md.element.querySelector('pre code')?.textContent).to.equal('let a = "open\n');
    expect(md.element.querySelector('.tok-string')?.textContent).to.equal('"open');
  });

  it('removes a fence’s indentation from its lines, as a whole parse does', () => {
    const { md, flush, finish } = manual();
    md.append('  ```\n  a\n    b\n c\n  ```\n');
    flush();
    finish();
    expect(md.element.querySelector('pre code')?.textContent).to.equal('a\n  b\nc\n');
  });

  it('does not render on finish(); renderComplete resolves once it is all shown', async () => {
    const { md, flush } = manual();
    md.append('# Done\n\nAll of it.');
    md.finish();
    expect(md.element.querySelector('h1')).to.equal(null);
    let resolved = false;
    const complete = md.renderComplete.then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).to.equal(false);
    flush();
    await complete;
    expect(md.element.querySelector('h1')?.textContent).to.equal('Done');
    expect(md.element.querySelector('p')?.textContent).to.equal('All of it.');
  });
});

describe('markdown-stream: work is linear in the reply’s length', function () {
  // Thousands of passes: slow on a busy shared machine, however linear.
  this.timeout(90_000);
  /** Counts the characters handed to marked's block lexer while `body` runs. */
  async function lexedChars(body: () => unknown): Promise<number> {
    const { Lexer } = await import('marked');
    const original = Lexer.prototype.lex;
    let total = 0;
    Lexer.prototype.lex = function (this: InstanceType<typeof Lexer>, src: string) {
      total += src.length;
      return original.call(this, src);
    };
    try {
      body();
    } finally {
      Lexer.prototype.lex = original;
    }
    return total;
  }

  function stream(text: string, piece: number): MarkdownStream {
    const { md, flush, finish } = manual();
    for (let i = 0; i < text.length; i += piece) {
      md.append(text.slice(i, i + piece));
      flush();
    }
    finish();
    return md;
  }

  it('a long reply of paragraphs, lists and headings is lexed a bounded number of times per character', async () => {
    const unit = '## Section\n\nA paragraph with **bold**, `code` and a [link](https://example.com) in it.\n\n- one item\n- two items\n\n';
    const text = unit.repeat(400); // ~45k characters, ~10k tokens
    const lexed = await lexedChars(() => stream(text, 16));
    // Quadratic re-parsing would lex ~text.length²/32 ≈ 60M characters.
    expect(lexed).to.be.greaterThan(text.length * 0.9); // the count sees the lexer at all
    expect(lexed).to.be.lessThan(text.length * 12);
  });

  it('a long code block streams without being lexed as markdown, and is lexed once when it closes', async () => {
    const text = '```js\n' + 'const value = compute(1, 2, 3);\n'.repeat(2000) + '```\n\nDone.';
    let md: MarkdownStream | undefined;
    const lexed = await lexedChars(() => (md = stream(text, 16)));
    // The text around the fence, and the block once (one match of the fence rule, to check its text against).
    expect(lexed).to.be.greaterThan(text.length * 0.9);
    expect(lexed).to.be.lessThan(text.length + 200);
    expect(md!.element.querySelector('pre code')?.textContent).to.equal('const value = compute(1, 2, 3);\n'.repeat(2000));
    expect(md!.element.querySelectorAll('pre code .tok-keyword')).to.have.length(2000);
    expect(md!.element.querySelector('p')?.textContent).to.equal('Done.');
  });
});
