import { expect } from 'chai';
import { tokenize, isHighlightable, type CodeToken } from '../../components/markdown/code-tokenizer.js';

/** The tokens as `kind:text` strings, plain runs left out. */
function marked(tokens: CodeToken[]): string[] {
  return tokens.filter((t) => t.kind !== null).map((t) => `${t.kind}:${t.text}`);
}

describe('code-tokenizer', () => {
  it('tiles its input: the tokens put back together are the source', () => {
    const src = 'const a = "x"; // c\n/* b\nc */ let n = 0x1f + 2.5e3;\nfoo(`t\n${a}`)\n';
    expect(tokenize(src, 'js').tokens.map((t) => t.text).join('')).to.equal(src);
  });

  it('finds keywords, strings, numbers, comments and called names', () => {
    expect(marked(tokenize('return max(1, "a") // done', 'ts').tokens)).to.deep.equal([
      'keyword:return',
      'title:max',
      'number:1',
      'string:"a"',
      'comment:// done',
    ]);
  });

  it('keeps comment markers inside strings as string', () => {
    expect(marked(tokenize('const url = "http://x.org/*a*/"; # no', 'js').tokens)).to.deep.equal([
      'keyword:const',
      'string:"http://x.org/*a*/"',
    ]);
    expect(marked(tokenize("s = 'a # b' # real", 'python').tokens)).to.deep.equal(["string:'a # b'", 'comment:# real']);
  });

  it('does not end a string at an escaped quote', () => {
    expect(marked(tokenize('x = "say \\"hi\\" // not" + 1', 'js').tokens)).to.deep.equal([
      'string:"say \\"hi\\" // not"',
      'number:1',
    ]);
  });

  it('ends an unterminated single-line string at its line, and at the end of a streaming chunk', () => {
    const { tokens, open } = tokenize('a = "open\nb = 2', 'js');
    expect(marked(tokens)).to.deep.equal(['string:"open', 'number:2']);
    expect(open).to.equal(null);
    const end = tokenize('let s = "still typing', 'js');
    expect(marked(end.tokens)).to.deep.equal(['keyword:let', 'string:"still typing']);
    expect(end.open).to.equal(null);
  });

  it('carries a block comment or multi-line string open at a chunk end into the next chunk', () => {
    const first = tokenize('x = 1 /* starts\n', 'js');
    expect(first.open).to.deep.include({ kind: 'comment', close: '*/' });
    const second = tokenize('still */ y = 2\n', 'js', first.open);
    expect(marked(second.tokens)).to.deep.equal(['comment:still */', 'number:2']);
    expect(second.open).to.equal(null);
    const doc = tokenize('d = """doc\n', 'python');
    expect(marked(tokenize('more"""\n', 'python', doc.open).tokens)).to.deep.equal(['string:more"""']);
  });

  it('knows each language’s comments and keywords', () => {
    expect(marked(tokenize('echo $#x # note', 'bash').tokens)).to.deep.equal(['keyword:echo', 'comment:# note']);
    expect(marked(tokenize('SELECT id FROM t -- all', 'sql').tokens)).to.deep.equal(['keyword:SELECT', 'keyword:FROM', 'comment:-- all']);
    // In Rust a quote starts a lifetime as often as a char: neither is taken for a string.
    expect(marked(tokenize('fn f<\'a>(s: &\'a str) { let n = "x"; }', 'rust').tokens)).to.deep.equal([
      'keyword:fn',
      'keyword:let',
      'string:"x"',
    ]);
    expect(marked(tokenize('func f() string { return `raw\\` }', 'go').tokens)).to.deep.equal([
      'keyword:func',
      'title:f',
      'keyword:return',
      'string:`raw\\`',
    ]);
    expect(marked(tokenize('a { margin: 4px; } /* c */', 'css').tokens)).to.deep.equal(['number:4px', 'comment:/* c */']);
    expect(marked(tokenize('{"a": [1, true, null]}', 'json').tokens)).to.deep.equal(['string:"a"', 'number:1', 'keyword:true', 'keyword:null']);
  });

  it('in markup, highlights tag names and quotes inside tags only', () => {
    expect(marked(tokenize('<p class="x">Don\'t</p><!-- c -->', 'html').tokens)).to.deep.equal([
      'keyword:p',
      'string:"x"',
      'keyword:p',
      'comment:<!-- c -->',
    ]);
  });

  it('knows languages by their common names and leaves unknown ones plain', () => {
    expect(isHighlightable('TypeScript')).to.equal(true);
    expect(isHighlightable('sh')).to.equal(true);
    expect(isHighlightable('toString')).to.equal(false);
    expect(tokenize('if (x) {}', 'brainfudge').tokens).to.deep.equal([{ kind: null, text: 'if (x) {}' }]);
  });
});
