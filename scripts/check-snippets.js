// @ts-check
/**
 * Checks the documentation's code blocks that cannot run alone — README.md's
 * and the site's pages' (CI: `npm run check:readme`; the runnable ones run in
 * test/docs/doc-snippets.test.ts). How a block is marked is in
 * test/support/doc-snippets.js:
 *
 *   shell      `bash -n` parses it, and every `npm start`, `npm test`, `npm run X`
 *              names a script of package.json (`shell app`: the reader's app's
 *              commands, so `bash -n` only)
 *   typecheck  compiled by tsc (strict, the repository's settings) with `pageloop`,
 *              `pageloop/agent-chat.js`, `pageloop/agent-trace.js`, `pageloop/testing` and `pageloop/react` resolving to the
 *              sources that build them, and React's types
 *   server     `node --check` parses it (an ES module)
 *   vue        @vue/compiler-sfc parses it and compiles its template and script
 *              (`agent-chat` a custom element, as the page tells Vue to treat it)
 *   svelte     svelte/compiler compiles it (Svelte 5)
 *   json       JSON.parse reads it
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

const typed = snippets.filter((s) => s.kind === 'typecheck');
if (typed.length > 0) {
  // Inside the repository, so its node_modules and tsconfig.json apply.
  const dir = resolve(root, '.snippet-check');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  try {
    const ext = (/** @type {string} */ lang) => ({ tsx: 'tsx', jsx: 'tsx', ts: 'ts', js: 'ts' })[lang] ?? 'ts';
    // Each block is its own program, as a reader who copies it into an app has it: two blocks
    // may each declare the same thing (e.g. <agent-chat>'s JSX type, by hand and through pageloop/react).
    for (const s of typed) {
      const file = `snippet-${s.index}.${ext(s.lang)}`;
      writeFileSync(resolve(dir, file), `${s.code}\n`);
      writeFileSync(
        resolve(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: '../tsconfig.json',
          compilerOptions: {
            noEmit: true,
            types: [],
            baseUrl: '..',
            paths: { pageloop: ['src/index.ts'], 'pageloop/agent-chat.js': ['components/define.ts'], 'pageloop/agent-trace.js': ['components/agent-trace-define.ts'], 'pageloop/testing': ['src/testing/index.ts'], 'pageloop/react': ['src/react/index.ts'] },
          },
          files: [file],
          include: [],
        }),
      );
      const tsc = spawnSync(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
      if (tsc.status !== 0) {
        const lines = tsc.stdout.trim().replace(/\.snippet-check\/snippet-\d+\.\w+\((\d+),(\d+)\)/g, (_m, l, c) => `${s.file}:${s.line + Number(l)}:${c}`);
        problems.push(`the typecheck block at ${at(s)} does not compile:\n${lines}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (problems.length > 0) {
  console.error(`check-snippets:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
const files = new Set(snippets.map((s) => s.file)).size;
const running = snippets.filter((s) => s.kind === 'run' || s.kind === 'continues').length;
const prose = snippets.filter((s) => s.kind === 'text').length;
console.log(`check-snippets: ${snippets.length} code blocks in ${files} files; the ${snippets.length - running - prose} that do not run parse, compile or type-check (${running} run in npm test, ${prose} are text)`);
