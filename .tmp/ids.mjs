import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
const root='/work/wt/p45-bundle';
const result = await build({ stdin: { contents: "export { catalog } from './components/i18n/locales/de.ts';", resolveDir: root, loader: 'ts' }, bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent' });
const m = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
const ids = Object.keys(m.catalog.messages);
const out = readFileSync(root+'/dist/cdn/agent-chat.js','utf8');
let lower=[], upper=[];
for (const id of ids) { const n = (out.match(new RegExp(`\\b${id}\\b`,'g'))||[]).length; if (n) (/[A-Z]/.test(id)?upper:lower).push(`${id}:${n}`); }
console.log(ids.length, 'lower', lower.join(' ')); console.log('upper', upper.join(' '));
