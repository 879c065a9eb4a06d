/**
 * `dom_query` on big pages: the selector runs on a public copy of the page
 * (src/tools/dom/public-view.ts), kept between calls. Measured on seeded pages
 * of about 1,000 and 20,000 elements (lists, forms with a password and a
 * hidden input, private regions, a few shadow roots): the median of warm
 * calls with the copy kept, and of calls after a change to the page (the copy
 * rebuilt: what every call cost before it was kept). Baseline, in the same
 * run: the raw `document.querySelectorAll` of the same selector on the page.
 */
import { createDomIndex } from '../src/tools/dom/element-index.js';
import { domTools } from '../src/tools/dom/read-tools.js';
import type { Tool } from '../src/types.js';
import { median, nextTask, seededRandom } from './lib/stats.js';

export interface DomBenchOptions {
  /** Calls measured per figure. */
  runs: number;
}

class BenchCard extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = '<p class="in-shadow">Card</p><slot></slot>';
  }
}

/** A page of about `elements` elements, seeded. */
function buildPage(elements: number, random: () => number): HTMLElement {
  if (!customElements.get('bench-card')) customElements.define('bench-card', BenchCard);
  const root = document.createElement('main');
  const parts: string[] = [];
  let count = 0;
  for (let s = 0; count < elements; s++) {
    const items = 5 + Math.floor(random() * 10);
    parts.push(`<section class="s${s % 7}"><h2>Section ${s}</h2><ul>`);
    for (let i = 0; i < items; i++) parts.push(`<li class="item${random() < 0.2 ? ' hot' : ''}"><a href="/p/${s}/${i}">Item ${i}</a> <span>${Math.floor(random() * 1000)}</span></li>`);
    parts.push('</ul>');
    if (s % 10 === 0) parts.push(`<form><input type="hidden" name="csrf" value="t${s}"><input type="password" value="pw${s}"><input name="q" value="x"><button>Go</button></form>`);
    if (s % 15 === 0) parts.push(`<div data-agent-private><span data-balance="${s}">${s}</span></div>`);
    if (s % 25 === 0) parts.push(`<bench-card><span>slotted ${s}</span></bench-card>`);
    parts.push('</section>');
    count += 3 + items * 3 + (s % 10 === 0 ? 5 : 0) + (s % 15 === 0 ? 2 : 0) + (s % 25 === 0 ? 2 : 0);
  }
  root.innerHTML = parts.join('');
  document.body.append(root);
  return root;
}

async function call(tool: Tool, args: unknown): Promise<void> {
  const checked = await tool.validate(args);
  if (!checked.ok) throw new Error(checked.error);
  await tool.execute(checked.value, { signal: new AbortController().signal, callId: 'bench' });
}

async function measure(elements: number, runs: number): Promise<{ kept: number; rebuilt: number; raw: number; count: number }> {
  const root = buildPage(elements, seededRandom(elements));
  const count = document.body.querySelectorAll('*').length;
  const query = domTools({ index: createDomIndex() }).find((t) => t.name === 'dom_query')!;
  const args = { selector: 'section.s3 li.hot a', limit: 5 };
  await call(query, args); // loads the reading code, builds the copy
  const kept: number[] = [];
  const rebuilt: number[] = [];
  const raw: number[] = [];
  for (let r = 0; r < runs; r++) {
    await nextTask();
    let t0 = performance.now();
    await call(query, args);
    kept.push(performance.now() - t0);

    // One attribute changed: the next call builds the copy again.
    root.firstElementChild!.setAttribute('data-run', String(r));
    await nextTask();
    t0 = performance.now();
    await call(query, args);
    rebuilt.push(performance.now() - t0);

    t0 = performance.now();
    document.querySelectorAll(args.selector);
    raw.push(performance.now() - t0);
  }
  root.remove();
  return { kept: median(kept), rebuilt: median(rebuilt), raw: median(raw), count };
}

/** Runs the suite; figures keyed `dom.*`. */
export async function runDomBench(options: DomBenchOptions): Promise<Record<string, number>> {
  const small = await measure(1_000, options.runs);
  const large = await measure(20_000, options.runs);
  return {
    'dom.query_1k_ms_p50': small.kept,
    'dom.query_1k_rebuilt_ms_p50': small.rebuilt,
    'dom.baseline_qsa_1k_ms_p50': small.raw,
    'dom.elements_1k': small.count,
    'dom.query_20k_ms_p50': large.kept,
    'dom.query_20k_rebuilt_ms_p50': large.rebuilt,
    'dom.baseline_qsa_20k_ms_p50': large.raw,
    'dom.elements_20k': large.count,
  };
}
