// @ts-check
/**
 * The HTML report's charts as inline SVG (no script, no external asset):
 * accuracy per target (grouped bars) and the latency of every run (a strip of
 * dots per target with its median and 90th percentile marked).
 *
 * Invariant: every chart carries its numbers as text too (`<title>` on each
 * mark, an `aria-label` summary), so it reads without colour or sight.
 */

/** @typedef {import('./summary.js').Stats} Stats */
/** @typedef {import('./summary.js').RunResult} RunResult */

/** Colours per target (a colour-blind-safe palette), as CSS variables the report's styles define. */
export const SERIES = ['var(--s1)', 'var(--s2)', 'var(--s3)', 'var(--s4)', 'var(--s5)', 'var(--s6)'];

const METRICS = /** @type {const} */ ([
  ['passRate', 'Cases passed'],
  ['toolCallAccuracy', 'Tool calls'],
  ['argAccuracy', 'Arguments'],
  ['answerPassRate', 'Answers'],
]);

/**
 * @param {unknown} v
 * @returns {number | null}
 */
export function metricValue(v) {
  if (typeof v === 'number') return v;
  const value = /** @type {{ value?: unknown } | null} */ (v)?.value;
  return typeof value === 'number' ? value : null;
}

/**
 * Grouped horizontal bars: for each metric, one bar per target, 0–100 %.
 * @param {Record<string, Stats>} summary
 */
export function accuracyChart(summary) {
  const names = Object.keys(summary);
  const bar = 16;
  const group = names.length * (bar + 4) + 14;
  const left = 110;
  const width = 560;
  // Room on the right for a full bar's label ("100.0 %").
  const plot = width - left - 60;
  const height = METRICS.length * group + 24;
  /** @type {string[]} */
  const marks = [];
  /** @type {string[]} */
  const said = [];
  METRICS.forEach(([key, label], m) => {
    const y0 = m * group + 8;
    marks.push(`<text x="${left - 8}" y="${y0 + (names.length * (bar + 4)) / 2 + 4}" text-anchor="end" class="label">${label}</text>`);
    names.forEach((name, i) => {
      const value = metricValue(/** @type {any} */ (summary[name])[key]);
      const y = y0 + i * (bar + 4);
      const text = value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`;
      said.push(`${label}, ${name}: ${text}`);
      const w = value === null ? 0 : Math.max(1, value * plot);
      marks.push(`<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${bar}" rx="2" fill="${SERIES[i % SERIES.length]}"><title>${esc(`${name} — ${label}: ${text}`)}</title></rect>`);
      marks.push(`<text x="${left + w + 6}" y="${y + bar - 4}" class="value">${text}</text>`);
    });
  });
  const grid = [0, 0.25, 0.5, 0.75, 1].map((f) => `<line x1="${left + f * plot}" x2="${left + f * plot}" y1="0" y2="${height - 18}" class="grid"/><text x="${left + f * plot}" y="${height - 4}" text-anchor="middle" class="axis">${f * 100}%</text>`);
  return svg(width, height, `Accuracy per target. ${said.join('. ')}.`, [...grid, ...marks].join(''));
}

/**
 * Each run's latency as a dot on a row per target, with the median (a bar) and the 90th percentile (a tick).
 * @param {Record<string, Stats>} summary @param {RunResult[]} runs @param {'totalMs' | 'firstTokenMs'} field @param {string} title
 */
export function latencyChart(summary, runs, field, title) {
  const names = Object.keys(summary);
  const values = runs.map((r) => r[field]).filter((v) => typeof v === 'number');
  const max = niceMax(Math.max(1, ...values));
  const left = 110;
  const width = 560;
  const plot = width - left - 20;
  const row = 34;
  const height = names.length * row + 30;
  const x = (/** @type {number} */ v) => left + (v / max) * plot;
  /** @type {string[]} */
  const marks = [];
  /** @type {string[]} */
  const said = [];
  names.forEach((name, i) => {
    const y = i * row + 18;
    const colour = SERIES[i % SERIES.length];
    const d = /** @type {Stats} */ (summary[name])[field];
    marks.push(`<text x="${left - 8}" y="${y + 4}" text-anchor="end" class="label">${esc(clip(name, 16))}</text>`);
    // The median and the 90th percentile under the dots, so no run hides behind them.
    if (d.p50 !== null) marks.push(`<rect x="${x(d.p50) - 1}" y="${y - 12}" width="2" height="24" class="median"><title>${esc(`${name} median ${ms(d.p50)}`)}</title></rect>`);
    if (d.p90 !== null) marks.push(`<line x1="${x(d.p90)}" x2="${x(d.p90)}" y1="${y - 10}" y2="${y + 10}" class="p90"><title>${esc(`${name} 90th percentile ${ms(d.p90)}`)}</title></line>`);
    runs.forEach((r, k) => {
      const v = r[field];
      if (r.target !== name || typeof v !== 'number') return;
      // A small deterministic jitter, so equal times stay visible as several dots.
      const jitter = ((k * 7919) % 11) - 5;
      marks.push(`<circle cx="${x(v).toFixed(1)}" cy="${y + jitter}" r="3" fill="${colour}" fill-opacity="0.7"><title>${esc(`${r.caseId} #${r.repeat + 1}: ${ms(v)}`)}</title></circle>`);
    });
    said.push(`${name}: median ${d.p50 === null ? 'n/a' : ms(d.p50)}, 90th percentile ${d.p90 === null ? 'n/a' : ms(d.p90)}`);
  });
  const grid = [0, 0.25, 0.5, 0.75, 1].map((f) => `<line x1="${left + f * plot}" x2="${left + f * plot}" y1="0" y2="${height - 18}" class="grid"/><text x="${left + f * plot}" y="${height - 4}" text-anchor="middle" class="axis">${ms(f * max)}</text>`);
  return svg(width, height, `${title}. ${said.join('. ')}.`, [...grid, ...marks].join(''));
}

/** @param {number} width @param {number} height @param {string} label @param {string} body */
function svg(width, height, label, body) {
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}" preserveAspectRatio="xMinYMin meet">${body}</svg>`;
}

/** A round axis end above `v`. @param {number} v */
function niceMax(v) {
  const step = 10 ** Math.floor(Math.log10(v));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * step).find((c) => c >= v) ?? v;
}

/** Milliseconds for people. @param {number} v */
export function ms(v) {
  return v >= 10_000 ? `${(v / 1000).toFixed(0)} s` : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`;
}

/** @param {string} s @param {number} n */
export function clip(s, n) {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** HTML-escapes text and attribute values. @param {unknown} s */
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
