/**
 * Preview and undo on a big page (issue 38): a 20-step action (20 `fill`s)
 * on a page of about 20,000 elements.
 *
 * - `preview.draw_20_ms_p50`: the 20 steps' previews worked out by the
 *   tool (`fill`'s `preview`, reading each field) and drawn by the overlay
 *   (`<agent-preview-outlines>`: 20 rects read, 20 outlines built in the top
 *   layer), until the overlay's layout is done (a box's rect read forces it):
 *   the main-thread time of showing the preview (`preview.steps_20_ms_p50`:
 *   the part spent working out the steps). Baseline
 *   `preview.baseline_draw_20_ms_p50`: the same 20 rects read and 20
 *   absolutely placed boxes written straight into the page, laid out the same way.
 * - `preview.undo_all_20_ms_p50`: the page's side of Undo all of the 20
 *   calls, through `PageToolHost.undoTool` (as the worker asks it), each
 *   putting a field's old value back with `input` and `change`. Baseline
 *   `preview.baseline_writes_20_ms_p50`: the same 20 values written directly
 *   (native setter, `input`, `change`) on the same fields.
 *
 * Medians of `runs` runs, each after a task boundary; the page is rebuilt for neither.
 */
import { domActions } from '../src/tools/dom/act-tools.js';
import { createDomIndex } from '../src/tools/dom/element-index.js';
import { domTools } from '../src/tools/dom/read-tools.js';
import { fillField } from '../src/tools/dom/input-events.js';
import { PageToolHost } from '../src/page/page-tool-host.js';
import { previewOutlines } from '../components/approvals/preview-overlay.js';
import type { PreviewStep, PreviewStepInfo, Tool } from '../src/types.js';
import { median, nextTask, seededRandom } from './lib/stats.js';

export interface PreviewBenchOptions {
  runs: number;
}

const STEPS = 20;

/** A page of about `elements` elements with `STEPS` text fields spread through it. */
function buildPage(elements: number, random: () => number): { root: HTMLElement; fields: HTMLInputElement[] } {
  const root = document.createElement('main');
  const parts: string[] = [];
  let count = 0;
  const every = Math.floor(elements / 5 / STEPS / 12);
  let field = 0;
  for (let s = 0; count < elements; s++) {
    const items = 8 + Math.floor(random() * 8);
    parts.push(`<section><h2>Section ${s}</h2><ul>`);
    for (let i = 0; i < items; i++) parts.push(`<li><a href="/p/${s}/${i}">Item ${i}</a> <span>${Math.floor(random() * 1000)}</span></li>`);
    parts.push('</ul>');
    if (field < STEPS && s % Math.max(1, every) === 0) parts.push(`<label>Field ${field} <input class="bench-field" value="old ${field++}"></label>`);
    parts.push('</section>');
    count += 3 + items * 3 + 2;
  }
  root.innerHTML = parts.join('');
  document.body.append(root);
  return { root, fields: [...root.querySelectorAll<HTMLInputElement>('input.bench-field')] };
}

const context = (callId: string) => ({ callId, signal: new AbortController().signal });

export async function runPreviewBench(options: PreviewBenchOptions): Promise<Record<string, number>> {
  const { root, fields } = buildPage(20_000, seededRandom(38));
  if (fields.length !== STEPS) throw new Error(`the page has ${fields.length} fields, not ${STEPS}`);
  const elements = document.body.querySelectorAll('*').length;
  const index = createDomIndex();
  const outline = domTools({ index, maxTokens: 200_000 }).find((t) => t.name === 'page_outline')!;
  await outline.execute({}, context('outline'));
  const ids = fields.map((f) => index.indexOf(f));
  const tools = domActions({ index });
  const fill = tools.find((t) => t.name === 'fill') as Tool<{ index: number; value: string }>;
  const host = new PageToolHost({ deliver: () => {} });
  host.setTools(tools);
  const overlay = previewOutlines();
  // Warm: the actions' code loaded, the overlay defined and shown once.
  await fill.preview!({ index: ids[0]!, value: 'x' }, context('warm'));
  overlay.show('warm', [fields[0]!], [{ text: 'warm', target: 'shown' }]);
  overlay.hide('warm');

  const draw: number[] = [];
  const stepsOnly: number[] = [];
  const baselineDraw: number[] = [];
  const undo: number[] = [];
  const writes: number[] = [];
  for (let r = 0; r < options.runs; r++) {
    // The preview: 20 steps worked out, then drawn and laid out.
    await nextTask();
    let t0 = performance.now();
    const steps: PreviewStep[] = [];
    for (let i = 0; i < STEPS; i++) steps.push((await fill.preview!({ index: ids[i]!, value: `new ${i}` }, context(`p${i}`))) as PreviewStep);
    const worked = performance.now();
    const info: PreviewStepInfo[] = steps.map((s) => ({ text: s.text, target: 'shown', from: s.from!, to: s.to! }));
    overlay.show(`run${r}`, steps.map((s) => s.target ?? null), info);
    overlay.shadowRoot!.lastElementChild!.getBoundingClientRect();
    draw.push(performance.now() - t0);
    stepsOnly.push(worked - t0);
    overlay.hide(`run${r}`);

    // Baseline: the same rects read, the same number of boxes written into the page and laid out.
    await nextTask();
    t0 = performance.now();
    const layer = document.createElement('div');
    for (const field of fields) {
      const rect = field.getBoundingClientRect();
      const box = document.createElement('div');
      box.textContent = `${field.value} → x`;
      Object.assign(box.style, { position: 'fixed', left: `${rect.left - 3}px`, top: `${rect.top - 3}px`, width: `${rect.width + 6}px`, height: `${rect.height + 6}px`, border: '2px solid blue' });
      layer.append(box);
    }
    document.body.append(layer);
    layer.lastElementChild!.getBoundingClientRect();
    baselineDraw.push(performance.now() - t0);
    layer.remove();

    // Undo all: 20 fills made by the tool, then taken back last first as the worker asks the page.
    const results: unknown[] = [];
    for (let i = 0; i < STEPS; i++) results.push(await fill.execute({ index: ids[i]!, value: `run ${r} ${i}` }, context(`r${r}c${i}`)));
    await nextTask();
    t0 = performance.now();
    for (let i = STEPS - 1; i >= 0; i--) {
      const outcome = await host.undoTool('fill', { index: ids[i]!, value: `run ${r} ${i}` }, results[i], `r${r}c${i}`);
      if (outcome.status !== 'ok') throw new Error(`undo ${i} failed: ${outcome.error}`);
    }
    undo.push(performance.now() - t0);
    if (fields.some((f, i) => f.value !== `old ${i}`)) throw new Error('Undo all did not put every value back');

    // Baseline: the same 20 writes done directly, as the undo does them.
    for (let i = 0; i < STEPS; i++) fields[i]!.value = `run ${r} ${i}`;
    await nextTask();
    t0 = performance.now();
    for (let i = STEPS - 1; i >= 0; i--) fillField(fields[i]!, `old ${i}`);
    writes.push(performance.now() - t0);
  }
  root.remove();
  return {
    'preview.draw_20_ms_p50': median(draw),
    'preview.baseline_draw_20_ms_p50': median(baselineDraw),
    'preview.steps_20_ms_p50': median(stepsOnly),
    'preview.undo_all_20_ms_p50': median(undo),
    'preview.baseline_writes_20_ms_p50': median(writes),
    'preview.elements': elements,
  };
}
