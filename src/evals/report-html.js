// @ts-check
/**
 * The eval report as one self-contained HTML page: the verdict, a card of
 * numbers per target, accuracy and latency charts, the two targets side by
 * side (`--compare`), and the per-case table whose rows open onto every run —
 * its calls, its answer and, for a failure, the diff that explains it.
 *
 * Invariant: the page needs nothing but itself — no script, no stylesheet,
 * font or image from anywhere — so it can be attached to a CI run, mailed or
 * opened from disk years later; and everything the report's JSON says about a
 * run that failed is reachable from its row.
 */
import { SERIES, accuracyChart, clip, esc, latencyChart, metricValue, ms } from './report-charts.js';

/** @typedef {import('./runner.js').EvalReport} EvalReport */
/** @typedef {import('./summary.js').Stats} Stats */

const STYLE = `
:root{--bg:#fff;--fg:#1b1f24;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;--good:#1a7f37;--warn:#9a6700;--bad:#cf222e;--good-bg:#dafbe1;--warn-bg:#fff8c5;--bad-bg:#ffebe9;
--s1:#0969da;--s2:#bc4c00;--s3:#8250df;--s4:#1a7f37;--s5:#bf3989;--s6:#57606a;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--card:#151b23;--good:#3fb950;--warn:#d29922;--bad:#f85149;--good-bg:#12261e;--warn-bg:#272115;--bad-bg:#25171c;
--s1:#4493f8;--s2:#f0883e;--s3:#ab7df8;--s4:#3fb950;--s5:#f778ba;--s6:#9198a1}}
*{box-sizing:border-box}body{margin:0;padding:24px;background:var(--bg);color:var(--fg);font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:1100px;margin:0 auto}h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 10px}p.meta{color:var(--muted);margin:0 0 16px}
.verdict{padding:10px 14px;border-radius:6px;font-weight:600;margin:12px 0}.verdict.pass{background:var(--good-bg);color:var(--good)}.verdict.fail{background:var(--bad-bg);color:var(--bad)}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(250px,1fr));gap:12px}.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 14px}
.card h3{margin:0 0 6px;font-size:15px;display:flex;gap:8px;align-items:center}.swatch{width:12px;height:12px;border-radius:3px;display:inline-block;flex:none}
.big{font-size:28px;font-weight:700}.card dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:8px 0 0}.card dt{color:var(--muted)}.card dd{margin:0;font-variant-numeric:tabular-nums}
.charts{display:flex;flex-wrap:wrap;gap:16px}figure{margin:0;flex:1 1 420px;max-width:560px}figcaption{color:var(--muted);margin-bottom:4px}.chart{display:block;width:100%;height:auto;background:var(--card);border:1px solid var(--line);border-radius:8px}
.chart text{fill:var(--fg);font-size:11px}.chart .axis{fill:var(--muted)}.chart .grid{stroke:var(--line)}.chart .median{fill:var(--fg)}.chart .p90{stroke:var(--fg);stroke-width:2;stroke-dasharray:2 2}
.scroll{overflow-x:auto;border:1px solid var(--line);border-radius:8px}table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid var(--line);vertical-align:top}th{background:var(--card);font-weight:600;position:sticky;top:0}
td.rate{font-weight:600;white-space:nowrap}.good{color:var(--good)}.warn{color:var(--warn)}.bad{color:var(--bad)}td.rate.good{background:var(--good-bg)}td.rate.warn{background:var(--warn-bg)}td.rate.bad{background:var(--bad-bg)}
details summary{cursor:pointer;color:var(--muted)}details[open] summary{margin-bottom:6px}.run{border-left:3px solid var(--line);padding:2px 0 2px 8px;margin:6px 0}.run.fail{border-color:var(--bad)}.run.pass{border-color:var(--good)}
code,pre{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}pre{white-space:pre-wrap;word-break:break-word;margin:4px 0;background:var(--card);padding:6px 8px;border-radius:4px}
.facts{font-weight:400;font-size:12px;white-space:normal;margin-top:2px}.diff{color:var(--bad)}.muted{color:var(--muted)}.delta.up{color:var(--good)}.delta.down{color:var(--bad)}
@media (max-width:600px){body{padding:12px}.big{font-size:24px}th,td{padding:5px 6px}}`;

/**
 * The report as an HTML page.
 * @param {EvalReport} report @param {{ compare?: boolean }} [options]
 */
export function reportHtml(report, options = {}) {
  const names = report.targets.map((t) => t.name);
  const colour = (/** @type {string} */ name) => SERIES[names.indexOf(name) % SERIES.length];
  const runs = report.runs.length;
  const parts = [
    `<h1>pageloop eval — ${esc(report.dataset.name)}</h1>`,
    `<p class="meta">${report.dataset.cases} cases × ${names.length} target${names.length === 1 ? '' : 's'} × ${report.settings.repeats} repeat${report.settings.repeats === 1 ? '' : 's'} = ${runs} runs through the real loop in headless Chromium · ${new Date(report.createdAt).toUTCString()} · ${ms(report.durationMs)}</p>`,
    verdict(report),
    `<h2>Targets</h2><div class="cards">${report.targets.map((t) => card(t, /** @type {Stats} */ (report.summary[t.name]), colour(t.name))).join('')}</div>`,
    `<h2>Charts</h2><div class="charts">${figure('Accuracy per target', accuracyChart(report.summary))}${figure('Latency of each run, send to final answer (bar: median, dashes: 90th percentile)', latencyChart(report.summary, report.runs, 'totalMs', 'Latency of each run, send to final answer'))}${figure('Latency to the first output (text, reasoning or a call)', latencyChart(report.summary, report.runs, 'firstTokenMs', 'Latency to the first output of each run'))}</div>`,
    options.compare && names.length === 2 ? compare(report, /** @type {[string, string]} */ (names)) : '',
    `<h2>Cases</h2>${caseTable(report, names)}`,
    report.pageErrors.length ? `<h2>Page errors</h2><pre>${esc(report.pageErrors.join('\n'))}</pre>` : '',
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>pageloop eval — ${esc(report.dataset.name)}</title><style>${STYLE}</style></head><body><main>${parts.join('\n')}</main></body></html>\n`;
}

/** @param {string} caption @param {string} chart */
function figure(caption, chart) {
  return `<figure><figcaption>${esc(caption)}</figcaption>${chart}</figure>`;
}

/** @param {EvalReport} report */
function verdict(report) {
  return report.thresholds
    .map((t) => {
      const label = `${t.metric} ≥ ${(t.min * 100).toFixed(0)} %`;
      return t.passed ? `<div class="verdict pass">Threshold met: ${esc(label)} on every target.</div>` : `<div class="verdict fail">Threshold missed: ${esc(label)} fails for ${esc(t.failing.join(', '))}.</div>`;
    })
    .join('');
}

/** @param {EvalReport['targets'][number]} target @param {Stats} s @param {string} colour */
function card(target, s, colour) {
  const formats = Object.entries(s.formats).map(([f, n]) => `${f} ${n}`).join(', ') || '—';
  const repairs = Object.entries(s.repairs).map(([r, n]) => `${r} ×${n}`).join(', ') || 'none';
  const what = target.kind === 'engine' ? `in-page engine · ${target.gguf}` : `${target.model} · ${target.baseURL}`;
  const row = (/** @type {string} */ k, /** @type {string} */ v) => `<dt>${k}</dt><dd>${v}</dd>`;
  return `<section class="card"><h3><span class="swatch" style="background:${colour}"></span>${esc(target.name)}</h3><div class="muted">${esc(what)}</div>
<div class="big ${rateClass(s.passRate)}">${pct(s.passRate)}</div><div class="muted">of ${s.runs} runs passed</div><dl>
${row('tool calls', rate(s.toolCallAccuracy))}${row('arguments', rate(s.argAccuracy))}${row('answers', rate(s.answerPassRate))}
${row('errors', String(s.errors))}${row('retries', String(s.retries))}${row('repairs', esc(repairs))}${row('formats', esc(formats))}
${row('tokens', `${s.tokens.prompt.toLocaleString('en')} in · ${s.tokens.completion.toLocaleString('en')} out`)}
${target.modelLoadMs ? row('model load', target.modelLoadMs.map(ms).join(', ')) : ''}${row('first output', dist(s.firstTokenMs))}${row('total', dist(s.totalMs))}${row('cost', s.cost === null ? '—' : `${s.cost.toFixed(4)}`)}</dl></section>`;
}

/**
 * The two targets side by side: each metric and its change, and the cases whose pass rate differs.
 * @param {EvalReport} report @param {[string, string]} names
 */
function compare(report, [a, b]) {
  const sa = /** @type {Stats} */ (report.summary[a]);
  const sb = /** @type {Stats} */ (report.summary[b]);
  const rows = /** @type {const} */ ([
    ['Cases passed', 'passRate'],
    ['Tool calls', 'toolCallAccuracy'],
    ['Arguments', 'argAccuracy'],
    ['Answers', 'answerPassRate'],
  ]).map(([label, key]) => {
    const va = metricValue(sa[key]);
    const vb = metricValue(sb[key]);
    return `<tr><th scope="row">${label}</th><td>${va === null ? 'n/a' : pct(va)}</td><td>${vb === null ? 'n/a' : pct(vb)}</td><td>${delta(va, vb, 1, (d) => `${d > 0 ? '+' : '−'}${Math.abs(d * 100).toFixed(1)} pt`)}</td></tr>`;
  });
  const p50 = (/** @type {Stats} */ s) => s.firstTokenMs.p50;
  rows.push(`<tr><th scope="row">Median first output</th><td>${p50(sa) === null ? 'n/a' : ms(/** @type {number} */ (p50(sa)))}</td><td>${p50(sb) === null ? 'n/a' : ms(/** @type {number} */ (p50(sb)))}</td><td>${delta(p50(sa), p50(sb), -1, (d) => `${d > 0 ? '+' : '−'}${ms(Math.abs(d))}`)}</td></tr>`);
  const tokens = (/** @type {Stats} */ s) => s.tokens.prompt + s.tokens.completion;
  rows.push(`<tr><th scope="row">Tokens</th><td>${tokens(sa).toLocaleString('en')}</td><td>${tokens(sb).toLocaleString('en')}</td><td>${delta(tokens(sa), tokens(sb), -1, (d) => `${d > 0 ? '+' : '−'}${Math.abs(d).toLocaleString('en')}`)}</td></tr>`);
  if (sa.cost !== null || sb.cost !== null) rows.push(`<tr><th scope="row">Cost</th><td>${sa.cost === null ? 'n/a' : sa.cost.toFixed(4)}</td><td>${sb.cost === null ? 'n/a' : sb.cost.toFixed(4)}</td><td>${delta(sa.cost, sb.cost, -1, (d) => `${d > 0 ? '+' : '−'}${Math.abs(d).toFixed(4)}`)}</td></tr>`);
  rows.push(`<tr><th scope="row">Median latency</th><td>${sa.totalMs.p50 === null ? 'n/a' : ms(sa.totalMs.p50)}</td><td>${sb.totalMs.p50 === null ? 'n/a' : ms(sb.totalMs.p50)}</td><td>${delta(sa.totalMs.p50, sb.totalMs.p50, -1, (d) => `${d > 0 ? '+' : '−'}${ms(Math.abs(d))}`)}</td></tr>`);
  const differ = report.cases.filter((c) => c.byTarget[a]?.passRate !== c.byTarget[b]?.passRate);
  const list = differ.length
    ? `<ul>${differ.map((c) => `<li><a href="#case-${esc(c.id)}">${esc(c.id)}</a>: ${pct(/** @type {Stats} */ (c.byTarget[a]).passRate)} → ${pct(/** @type {Stats} */ (c.byTarget[b]).passRate)}</li>`).join('')}</ul>`
    : '<p class="muted">Every case passed as often on both.</p>';
  return `<h2>${esc(a)} vs ${esc(b)}</h2><div class="scroll"><table><thead><tr><th scope="col">metric</th><th scope="col">${esc(a)}</th><th scope="col">${esc(b)}</th><th scope="col">change</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>
<h3>Cases that differ (${differ.length})</h3>${list}`;
}

/** @param {EvalReport} report @param {string[]} names */
function caseTable(report, names) {
  const head = `<tr><th scope="col">case</th>${names.map((n) => `<th scope="col">${esc(n)}</th>`).join('')}</tr>`;
  const rows = report.cases.map((c) => {
    const cells = names.map((n) => {
      const s = /** @type {Stats} */ (c.byTarget[n]);
      const runs = report.runs.filter((r) => r.caseId === c.id && r.target === n);
      return `<td class="rate ${rateClass(s.passRate)}">${pct(s.passRate)}${caseFacts(s)}${runDetails(runs)}</td>`;
    });
    return `<tr id="case-${esc(c.id)}"><td><strong>${esc(c.id)}</strong><br><span class="muted">${esc(clip(c.turns.join(' ⏎ '), 90))}</span>${expectation(c.expect)}</td>${cells.join('')}</tr>`;
  });
  return `<div class="scroll"><table><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/**
 * One case's numbers on one target, under its pass rate: the rates that apply to it,
 * how the replies were read (and repaired, retried), latency, tokens and cost.
 * @param {Stats} s
 */
function caseFacts(s) {
  const rates = /** @type {const} */ ([['calls', s.toolCallAccuracy], ['args', s.argAccuracy], ['answer', s.answerPassRate]])
    .filter(([, r]) => r.value !== null)
    .map(([label, r]) => `${label} ${pct(/** @type {number} */ (r.value))}`);
  const repairs = Object.values(s.repairs).reduce((a, b) => a + b, 0);
  const read = [Object.keys(s.formats).join(', '), repairs ? `${repairs} repair${repairs === 1 ? '' : 's'}` : '', s.retries ? `${s.retries} retr${s.retries === 1 ? 'y' : 'ies'}` : ''];
  const lines = [
    rates.join(' · '),
    read.filter(Boolean).join(' · '),
    [s.firstTokenMs.p50 === null ? '' : `first ${ms(s.firstTokenMs.p50)}`, s.totalMs.p50 === null ? '' : `total ${ms(s.totalMs.p50)}`].filter(Boolean).join(' · '),
    `${s.tokens.prompt}+${s.tokens.completion} tokens${s.cost === null ? '' : ` · cost ${s.cost.toFixed(4)}`}`,
  ];
  return `<div class="facts muted">${lines.filter(Boolean).map(esc).join('<br>')}</div>`;
}

/** @param {unknown} expect */
function expectation(expect) {
  const e = /** @type {import('./eval-types.js').Expectation | undefined} */ (expect);
  if (!e) return '';
  const calls = e.calls === undefined ? '' : e.calls.length === 0 ? 'expects no call' : `expects ${e.calls.map((c) => `${c.name}(${c.args ? JSON.stringify(c.args) : '…'})`).join(e.order === 'any' ? ' & ' : ' → ')}`;
  return calls ? `<br><code class="muted">${esc(clip(calls, 120))}</code>` : '';
}

/** @param {import('./summary.js').RunResult[]} runs */
function runDetails(runs) {
  const items = runs.map((r) => {
    const calls = r.calls.length ? r.calls.map((c) => `${c.name}(${JSON.stringify(c.args)})${c.status && c.status !== 'ok' ? ` [${c.status}]` : ''}`).join('\n') : 'no calls';
    const facts = [`${r.finalReason}`, r.firstTokenMs === null ? '' : `first ${ms(r.firstTokenMs)}`, `total ${ms(r.totalMs)}`, r.formats.join(', '), r.repairs.length ? `repairs: ${r.repairs.join(', ')}` : '', r.retries ? `retries: ${r.retries}` : '', `${r.tokens.prompt}+${r.tokens.completion} tokens`, r.cost === null ? '' : `cost ${r.cost.toFixed(4)}`].filter(Boolean).join(' · ');
    return `<div class="run ${r.pass ? 'pass' : 'fail'}"><strong>#${r.repeat + 1} ${r.pass ? 'pass' : 'fail'}</strong> <span class="muted">${esc(facts)}</span>
<pre>${esc(calls)}</pre><pre>${esc(r.answer || '(no answer)')}</pre>${r.failures.length ? `<pre class="diff">${esc(r.failures.join('\n'))}</pre>` : ''}</div>`;
  });
  return `<details><summary>${runs.length} run${runs.length === 1 ? '' : 's'}</summary>${items.join('')}</details>`;
}

/** @param {number | null} a @param {number | null} b @param {1 | -1} better Which sign is an improvement. @param {(d: number) => string} show */
function delta(a, b, better, show) {
  if (a === null || b === null) return '<span class="muted">—</span>';
  const d = b - a;
  if (Math.abs(d) < 1e-9) return '<span class="muted">same</span>';
  return `<span class="delta ${d * better > 0 ? 'up' : 'down'}">${esc(show(d))}</span>`;
}

/** @param {import('./summary.js').Rate} r */
function rate(r) {
  return r.value === null ? '<span class="muted">n/a</span>' : `<span class="${rateClass(r.value)}">${pct(r.value)}</span> <span class="muted">of ${r.of}</span>`;
}

/** @param {import('./summary.js').Distribution} d */
function dist(d) {
  return d.p50 === null || d.p90 === null ? '—' : `p50 ${ms(d.p50)} · p90 ${ms(d.p90)}`;
}

/** @param {number} v */
function pct(v) {
  return `${(v * 100).toFixed(v === 1 || v === 0 ? 0 : 1)} %`;
}

/** @param {number} v */
function rateClass(v) {
  return v >= 0.9 ? 'good' : v >= 0.6 ? 'warn' : 'bad';
}
