// @ts-check
/**
 * Checks README.md's code blocks that cannot run alone (CI: `npm run
 * check:readme`; the runnable ones run in test/readme/readme-snippets.test.ts).
 * How a block is marked is in test/support/readme-snippets.js:
 *
 *   shell      `bash -n` parses it, and every `npm start`, `npm test`, `npm run X`
 *              names a script of package.json
 *   typecheck  compiled by tsc (strict, the repository's settings) with `pageloop`,
 *              `pageloop/agent-chat.js`, `pageloop/agent-trace.js`, `pageloop/testing` and `pageloop/react` resolving to the
 *              sources that build them, and React's types
 *   server     `node --check` parses it (an ES module)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readmeSnippets } from '../test/support/readme-snippets.js';

const root = resolve(new URL('..', import.meta.url).pathname);
const snippets = readmeSnippets(readFileSync(resolve(root, 'README.md'), 'utf8'));
const scripts = Object.keys(JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).scripts);
/** @type {string[]} */
const problems = [];

for (const s of snippets.filter((s) => s.kind === 'shell')) {
  const parsed = spawnSync('bash', ['-n'], { input: s.code, encoding: 'utf8' });
  if (parsed.status !== 0) problems.push(`README.md:${s.line}: bash cannot parse it: ${parsed.stderr.trim()}`);
  for (const [, run, direct] of s.code.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g)) {
    const name = run ?? direct ?? '';
    if (!scripts.includes(name)) problems.push(`README.md:${s.line}: \`npm ${run ? 'run ' : ''}${name}\`: package.json has no script "${name}"`);
  }
}

for (const s of snippets.filter((s) => s.kind === 'server')) {
  const parsed = spawnSync(process.execPath, ['--input-type=module', '--check'], { input: s.code, encoding: 'utf8' });
  if (parsed.status !== 0) problems.push(`README.md:${s.line}: Node cannot parse it: ${parsed.stderr.trim()}`);
}

const typed = snippets.filter((s) => s.kind === 'typecheck');
if (typed.length > 0) {
  // Inside the repository, so its node_modules and tsconfig.json apply.
  const dir = resolve(root, '.readme-check');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  try {
    const ext = (/** @type {string} */ lang) => ({ tsx: 'tsx', jsx: 'tsx', ts: 'ts', js: 'ts' })[lang] ?? 'ts';
    // Each block is its own program, as a reader who copies it into an app has it: two blocks
    // may each declare the same thing (e.g. <agent-chat>'s JSX type, by hand and through pageloop/react).
    for (const s of typed) {
      const file = `readme-${s.line}.${ext(s.lang)}`;
      writeFileSync(resolve(dir, file), `${s.code}\n`);
      writeFileSync(
        resolve(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: '../tsconfig.json',
          compilerOptions: {
            noEmit: true,
            types: [],
            baseUrl: '..',
            paths: { pageloop: ['src/index.ts'], 'pageloop/agent-chat.js': ['components/define.ts'], 'pageloop/agent-trace.js': ['components/trace/agent-trace-define.ts'], 'pageloop/testing': ['src/testing/index.ts'], 'pageloop/react': ['src/react/index.ts'] },
          },
          files: [file],
          include: [],
        }),
      );
      const tsc = spawnSync(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
      if (tsc.status !== 0) {
        const lines = tsc.stdout.trim().replace(/\.readme-check\/readme-(\d+)\.\w+\((\d+),(\d+)\)/g, (_m, line, l, c) => `README.md:${Number(line) + Number(l)}:${c}`);
        problems.push(`the typecheck block at README.md:${s.line} does not compile:\n${lines}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (problems.length > 0) {
  console.error(`check-readme:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`check-readme: ${snippets.length} code blocks; the ${snippets.length - snippets.filter((s) => s.kind === 'run' || s.kind === 'continues').length} that do not run parse and type-check`);
