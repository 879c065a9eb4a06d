// @ts-check
/**
 * Checks the documentation's code blocks that cannot run alone — README.md's
 * and the site's pages' (CI: `npm run check:readme`; the runnable ones run in
 * test/docs/doc-snippets-suite.ts). How a block is marked is in
 * test/support/doc-snippets.js:
 *
 *   shell      `bash -n` parses it, and every `npm start`, `npm test`, `npm run X`
 *              names a script of package.json (`shell app`: the reader's app's
 *              commands, so `bash -n` only)
 *   typecheck  compiled by tsc (strict, the repository's settings) with `pageloop`,
 *              `pageloop/agent-chat.js`, `pageloop/agent-trace.js`, `pageloop/testing`, `pageloop/react`, `pageloop/ag-ui` and the
 *              framework typings (`pageloop/solid`, `/preact`, `/jsx`, `/angular`) resolving to the
 *              sources that build them, and React's types
 *   server     `node --check` parses it (an ES module)
 *   vue        @vue/compiler-sfc parses it and compiles its template and script
 *              (`agent-chat` a custom element, as the page tells Vue to treat it)
 *   svelte     svelte/compiler compiles it (Svelte 5)
 *   json       JSON.parse reads it
 *
 * and README.md's relative links (into the site's pages, docs/…) name files
 * of the repository, so the front door's links cannot go stale.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { compile as compileSvelte } from 'svelte/compiler';
import { compileScript, compileTemplate, parse as parseVue } from 'vue/compiler-sfc';
import { docSnippets } from '../test/support/doc-snippets.js';

const root = resolve(new URL('..', import.meta.url).pathname);
const snippets = docSnippets(root);
const scripts = Object.keys(JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).scripts);
/** @type {string[]} */
const problems = [];
const at = (/** @type {import('../test/support/doc-snippets.js').Snippet} */ s) => `${s.file}:${s.line}`;

for (const s of snippets.filter((s) => s.kind === 'shell')) {
  const parsed = spawnSync('bash', ['-n'], { input: s.code, encoding: 'utf8' });
  if (parsed.status !== 0) problems.push(`${at(s)}: bash cannot parse it: ${parsed.stderr.trim()}`);
  if (s.flag === 'app') continue;
  for (const [, run, direct] of s.code.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g)) {
    const name = run ?? direct ?? '';
    if (!scripts.includes(name)) problems.push(`${at(s)}: \`npm ${run ? 'run ' : ''}${name}\`: package.json has no script "${name}" (a command for the reader's app is marked \`shell app\`)`);
  }
}

for (const s of snippets.filter((s) => s.kind === 'server')) {
  const parsed = spawnSync(process.execPath, ['--input-type=module', '--check'], { input: s.code, encoding: 'utf8' });
  if (parsed.status !== 0) problems.push(`${at(s)}: Node cannot parse it: ${parsed.stderr.trim()}`);
}

for (const s of snippets.filter((s) => s.kind === 'json')) {
  try {
    JSON.parse(s.code);
  } catch (error) {
    problems.push(`${at(s)}: not JSON: ${/** @type {Error} */ (error).message}`);
  }
}

for (const s of snippets.filter((s) => s.kind === 'vue')) {
  const { descriptor, errors } = parseVue(s.code, { filename: `${s.file}.vue` });
  if (errors.length > 0) problems.push(`${at(s)}: not a Vue component: ${errors.map(String).join('; ')}`);
  else {
    try {
      const script = descriptor.scriptSetup || descriptor.script ? compileScript(descriptor, { id: 'snippet' }) : undefined;
      const template = descriptor.template
        ? compileTemplate({ source: descriptor.template.content, filename: `${s.file}.vue`, id: 'snippet', compilerOptions: { isCustomElement: (tag) => tag === 'agent-chat', bindingMetadata: script?.bindings } })
        : undefined;
      if (template && template.errors.length > 0) problems.push(`${at(s)}: its template does not compile: ${template.errors.map(String).join('; ')}`);
    } catch (error) {
      problems.push(`${at(s)}: does not compile: ${/** @type {Error} */ (error).message}`);
    }
  }
}

for (const s of snippets.filter((s) => s.kind === 'svelte')) {
  try {
    compileSvelte(s.code, { filename: `${s.file}.svelte`, generate: 'client' });
  } catch (error) {
    problems.push(`${at(s)}: Svelte cannot compile it: ${/** @type {Error} */ (error).message}`);
  }
}

// A runnable js block is type-checked too (strict, as checkJs checks JavaScript): a reader's
// editor or a TypeScript app flags what it gets wrong (a span's endTime that may be undefined).
// A block that goes on from the one before is left out.
const typed = snippets.filter((s) => s.kind === 'typecheck' || ((s.kind === 'run' || s.kind === 'calls') && s.lang === 'js'));
if (typed.length > 0) {
  // Each block is its own program, as a reader who copies it into an app has it: two blocks
  // may each declare the same thing (e.g. <agent-chat>'s JSX type, by hand and through
  // pageloop/react). The programs share one compiler host that keeps every file it parsed
  // (lib files, pageloop's sources), so each block costs its own checking, not a new parse.
  // The files live inside the repository, so its node_modules and tsconfig.json apply.
  const dir = resolve(root, '.snippet-check');
  const config = ts.parseJsonConfigFileContent(
    {
      extends: '../tsconfig.json',
      compilerOptions: {
        noEmit: true,
        allowJs: true,
        checkJs: true,
        types: [],
        baseUrl: '..',
        paths: { pageloop: ['src/index.ts'], 'pageloop/agent-chat.js': ['components/define.ts'], 'pageloop/agent-trace.js': ['components/trace/agent-trace-define.ts'], 'pageloop/testing': ['src/testing/index.ts'], 'pageloop/react': ['frameworks/react/index.ts'], 'pageloop/ag-ui': ['src/ag-ui/index.ts'], 'pageloop/solid': ['frameworks/solid.ts'], 'pageloop/preact': ['frameworks/preact.ts'], 'pageloop/jsx': ['frameworks/jsx.ts'], 'pageloop/angular': ['frameworks/angular.ts'] },
      },
      files: [],
    },
    ts.sys,
    dir,
  );
  const host = ts.createCompilerHost(config.options);
  const parsed = new Map();
  const getSourceFile = host.getSourceFile.bind(host);
  /** @type {Map<string, string>} */
  const blocks = new Map();
  host.getSourceFile = (name, languageVersion, onError, fresh) => {
    const code = blocks.get(name);
    if (code !== undefined) return ts.createSourceFile(name, code, languageVersion, true);
    if (!parsed.has(name)) parsed.set(name, getSourceFile(name, languageVersion, onError, fresh));
    return parsed.get(name);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => blocks.has(name) || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => blocks.get(name) ?? readFile(name);
  const ext = (/** @type {string} */ lang) => ({ tsx: 'tsx', jsx: 'tsx', ts: 'ts', js: 'ts' })[lang] ?? 'ts';
  // A block that is a module and touches nothing global cannot clash with another such block,
  // so those are checked together in one program (one checker, not one per block: minutes
  // saved). A program of its own for a script (its names are global), a block with `declare
  // global`/`declare module`, JSX (whose element types a framework's typings declare globally)
  // or a framework's typings: what one declares must not make another pass. Each program
  // reuses the one before's structure (module resolutions).
  const fileOf = (/** @type {import('../test/support/doc-snippets.js').Snippet} */ s) =>
    // A runnable block is checked as the JavaScript it is (strict, checkJs: JSDoc casts count), as a reader's editor checks it.
    resolve(dir, `snippet-${s.index}.${s.kind === 'typecheck' ? ext(s.lang) : 'js'}`);
  const alone = (/** @type {import('../test/support/doc-snippets.js').Snippet} */ s) =>
    !/^\s*(import|export)\b/m.test(s.code) || /\bdeclare\s+(global|module)\b/.test(s.code) || s.lang === 'tsx' || s.lang === 'jsx' || /['"]pageloop\/(react|solid|preact|jsx|angular)['"]/.test(s.code);
  const programs = [typed.filter((s) => !alone(s)), ...typed.filter(alone).map((s) => [s])].filter((group) => group.length > 0);
  /** @type {import('typescript').Program | undefined} */
  let previous;
  for (const group of programs) {
    for (const s of group) blocks.set(fileOf(s), `${s.code}\n`);
    const program = ts.createProgram({ rootNames: group.map(fileOf), options: config.options, host, oldProgram: previous });
    previous = program;
    const shared = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
    for (const s of group) {
      const file = fileOf(s);
      // The block's own diagnostics: the checker reads what it uses of pageloop's sources,
      // which `npm run typecheck` checks whole (checking every file for each block took minutes).
      const source = program.getSourceFile(file);
      const diagnostics = [...shared, ...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      if (diagnostics.length === 0) continue;
      const lines = diagnostics.map((d) => {
        const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
        const place = !d.file ? '' : d.file.fileName === file && where ? `${s.file}:${s.line + 1 + where.line}:${where.character + 1}: ` : `${relative(root, d.file.fileName)}: `;
        return `${place}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
      problems.push(`the ${s.kind === 'typecheck' ? 'typecheck' : 'js'} block at ${at(s)} does not compile as TypeScript:\n  ${lines.join('\n  ')}`);
    }
    for (const s of group) blocks.delete(fileOf(s));
  }
}

const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
for (const [, target] of readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
  if (target && !/^[a-z]+:/.test(target) && !existsSync(resolve(root, target))) problems.push(`README.md links to ${target}, which the repository does not have`);
}

if (problems.length > 0) {
  console.error(`check-snippets:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
const files = new Set(snippets.map((s) => s.file)).size;
const running = snippets.filter((s) => s.kind === 'run' || s.kind === 'calls' || s.kind === 'continues').length;
const prose = snippets.filter((s) => s.kind === 'text').length;
console.log(`check-snippets: ${snippets.length} code blocks in ${files} files; the ${snippets.length - running - prose} that do not run parse, compile or type-check (${running} run in npm test, ${prose} are text)`);
