/**
 * A deterministic, realistic assistant reply in markdown — headings,
 * paragraphs with inline marks and links, bullet and numbered lists, quotes,
 * tables and fenced code in several languages — of about `tokens` tokens
 * (4 characters a token, the usual rule of thumb), and its split into the
 * small deltas a streaming model sends.
 */
import { seededRandom } from './lib/stats.js';

/** Characters per token, for sizing replies. */
export const CHARS_PER_TOKEN = 4;

const WORDS = ('the agent calls a tool on the page and reads its result before it answers worker thread stream ' +
  'render memory vector search index query model token delta frame layout paint element shadow root event ' +
  'approval request history message function schema argument value order customer invoice shipping status').split(' ');

const CODE: Record<string, string[]> = {
  ts: ['const result = await agent.send(question);', 'for (const hit of hits) console.log(hit.id, hit.score.toFixed(3));', 'export function total(items: Item[]): number {', '  return items.reduce((sum, item) => sum + item.price * item.qty, 0);', '}'],
  python: ['def total(items):', '    return sum(i.price * i.qty for i in items)', 'for hit in hits:', '    print(hit.id, round(hit.score, 3))'],
  json: ['{', '  "id": "order-42",', '  "status": "shipped",', '  "items": [{ "sku": "A-1", "qty": 2 }]', '}'],
  bash: ['npm install pageloop', 'curl -s http://localhost:11434/v1/models | jq .data[0].id'],
};

/** A reply of about `tokens` tokens, the same for the same arguments. */
export function markdownReply(tokens: number, seed = 1): string {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const parts = words(6 + Math.floor(random() * 10)).split(' ');
    const mark = Math.floor(random() * 5);
    const i = Math.floor(random() * parts.length);
    if (mark === 0) parts[i] = `**${parts[i]}**`;
    if (mark === 1) parts[i] = `\`${parts[i]}()\``;
    if (mark === 2) parts[i] = `[${parts[i]}](https://example.com/${parts[i]})`;
    if (mark === 3) parts[i] = `_${parts[i]}_`;
    const text = parts.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 2 + Math.floor(random() * 4) }, sentence).join(' ');
  const blocks: (() => string)[] = [
    () => `## ${sentence().slice(0, -1)}`,
    paragraph,
    paragraph,
    () => Array.from({ length: 3 + Math.floor(random() * 4) }, () => `- ${sentence()}`).join('\n'),
    () => Array.from({ length: 3 + Math.floor(random() * 3) }, (_, i) => `${i + 1}. ${sentence()}`).join('\n'),
    () => {
      const lang = pick(Object.keys(CODE));
      const lines = Array.from({ length: 3 + Math.floor(random() * 8) }, () => pick(CODE[lang]!));
      return `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``;
    },
    () => `> ${sentence()} ${sentence()}`,
    () => ['| id | status | total |', '|---|---|---:|', ...Array.from({ length: 3 + Math.floor(random() * 4) }, (_, i) => `| order-${i} | ${pick(WORDS)} | ${(random() * 100).toFixed(2)} |`)].join('\n'),
  ];
  const target = tokens * CHARS_PER_TOKEN;
  let text = `# ${sentence().slice(0, -1)}\n\n`;
  while (text.length < target) text += `${pick(blocks)()}\n\n`;
  return text;
}

/** Splits `text` into deltas of 1–3 tokens each, as a model streams it. */
export function toDeltas(text: string, seed = 2): string[] {
  const random = seededRandom(seed);
  const deltas: string[] = [];
  for (let i = 0; i < text.length; ) {
    const size = CHARS_PER_TOKEN * (1 + Math.floor(random() * 3));
    deltas.push(text.slice(i, i + size));
    i += size;
  }
  return deltas;
}
