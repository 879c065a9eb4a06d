// @ts-check
/**
 * The figures the bench reports: each with the baseline measured beside it in
 * the same run, its target, and what it means (the README's table is this list).
 */

/**
 * @typedef {object} Figure
 * @property {string} key        results.json key
 * @property {string} [baseline] key of the baseline measured in the same run
 * @property {'<=' | '>='} [op]  how the target compares
 * @property {number} [target]
 * @property {string} unit
 * @property {boolean} [ratio] the target is for value / baseline, not the value
 */

/** @type {Figure[]} */
export const FIGURES = [
  { key: 'loop.tool_roundtrip_ms_p50', baseline: 'loop.tool_roundtrip_inthread_ms_p50', op: '<=', target: 0.5, unit: 'ms' },
  { key: 'loop.iteration_overhead_ms_p50', baseline: 'loop.iteration_overhead_inthread_ms_p50', op: '<=', target: 1, unit: 'ms' },
  { key: 'loop.iteration_createagent_ms_p50', baseline: 'loop.iteration_ms_p50', unit: 'ms' },
  // One call's time on the page from its tool-call event to its tool-result event: a tool that needs approval, answered the moment it is asked, beside one that needs none (same agent setup, same run length).
  { key: 'loop.approval_roundtrip_ms_p50', baseline: 'loop.call_roundtrip_ms_p50', unit: 'ms' },
  // The flight recorder's cost: the worker's iteration overhead traced (the default) over untraced, both measured in the same run.
  { key: 'loop.trace_overhead_ratio', op: '<=', target: 1.05, unit: '×' },
  // The recorder's own time per iteration, timed around its observe in the bench worker (the ratio above includes what it leaves to the GC, and the machine's noise between runs).
  { key: 'loop.trace_observe_us', unit: 'µs' },
  // That as a share of the untraced iteration overhead, the same pair's.
  { key: 'loop.trace_observe_share', unit: '×' },
  // The same with the conversation stored (option `thread`): the journal's writes, the trace's among them, in each iteration.
  { key: 'loop.iteration_overhead_thread_ms_p50', baseline: 'loop.iteration_overhead_thread_untraced_ms_p50', unit: 'ms' },
  { key: 'loop.trace_overhead_thread_ratio', unit: '×' },
  { key: 'loop.cancel_stream_ms_p50', baseline: 'loop.cancel_stream_inthread_ms_p50', op: '<=', target: 100, unit: 'ms' },
  { key: 'loop.cancel_tool_ms_p50', baseline: 'loop.cancel_tool_inthread_ms_p50', op: '<=', target: 100, unit: 'ms' },
  { key: 'main.longtasks_worker', baseline: 'main.longtasks_inthread', op: '<=', target: 0, unit: 'tasks' },
  { key: 'main.longest_task_worker_ms', baseline: 'main.longest_task_inthread_ms', unit: 'ms' },
  // Issue 39: the AG-UI client — first token through <agent-chat agui-url> (client in the worker) beside the official HttpAgent alone in the page, same server; long tasks while a 20k-token remote reply streams.
  { key: 'agui.first_token_ms_p50', baseline: 'agui.first_token_httpagent_ms_p50', op: '<=', target: 1.1, unit: 'ms', ratio: true },
  { key: 'agui.first_token_sse_ms_p50', baseline: 'agui.first_token_httpagent_ms_p50', unit: 'ms' },
  { key: 'agui.first_token_shown_ms_p50', unit: 'ms' },
  { key: 'agui.longtasks', baseline: 'agui.longtasks_httpagent', op: '<=', target: 0, unit: 'tasks' },
  { key: 'agui.longest_task_ms', baseline: 'agui.longest_task_httpagent_ms', unit: 'ms' },
  { key: 'render.stream_5k_ms', baseline: 'render.naive_5k_ms', unit: 'ms' },
  { key: 'render.stream_20k_ms', baseline: 'render.naive_20k_ms', unit: 'ms' },
  { key: 'render.linearity', baseline: 'render.naive_linearity', op: '<=', target: 4.5, unit: '×' },
  { key: 'render.max_frame_ms', baseline: 'render.naive_max_frame_ms', op: '<=', target: 16, unit: 'ms' },
  // Issue 34: opening an imported thread of 30,000 tool calls (60,000 events; 3,000 calls in a quick run) in <agent-chat>, beside one of 199 (one window's worth); the longest task while it opens.
  { key: 'log.open_long_ms', baseline: 'log.baseline_open_199_calls_ms', unit: 'ms' },
  { key: 'log.open_ratio', unit: '×' },
  { key: 'log.replay_ms', baseline: 'log.baseline_replay_one_by_one_ms', unit: 'ms' },
  { key: 'log.replay_speedup', unit: '×' },
  { key: 'log.replay_events', unit: '' },
  { key: 'log.longest_task_long_ms', baseline: 'log.baseline_longest_task_199_ms', unit: 'ms' },
  { key: 'memory.query_100k_p50', baseline: 'memory.baseline_query_100k_p50', op: '<=', target: 10, unit: 'ms' },
  { key: 'memory.query_10k_p50', baseline: 'memory.baseline_query_10k_p50', op: '<=', target: 1, unit: 'ms' },
  { key: 'memory.cold_load_100k', baseline: 'memory.baseline_cold_load_100k', op: '<=', target: 500, unit: 'ms' },
  { key: 'memory.insert_per_s', baseline: 'memory.baseline_insert_per_s', op: '>=', target: 20000, unit: '/s' },
  { key: 'memory.recall_at_10', baseline: 'memory.baseline_recall_at_10', op: '>=', target: 0.99, unit: '' },
  { key: 'memory.resident_ratio', baseline: 'memory.baseline_resident_ratio', op: '<=', target: 1.3, unit: '×' },
  { key: 'bundle.page_gz_kb', baseline: 'bundle.baseline_inthread_page_gz_kb', op: '<=', target: 40, unit: 'KB' },
  // Issue 37: the page in German — the page up front plus the catalogs' table and the German catalog, loaded on first use.
  { key: 'bundle.page_with_locale_gz_kb', baseline: 'bundle.page_gz_kb', unit: 'KB' },
  // Issue 37: "the page bundle must not grow by more than ~1 KB gz" — the page as shipped minus the same build in plain English (i18n-cost.js).
  { key: 'bundle.page_i18n_cost_gz_kb', baseline: 'bundle.page_gz_kb', op: '<=', target: 1, unit: 'KB' },
  { key: 'bundle.worker_gz_kb', baseline: 'bundle.baseline_openai_gz_kb', op: '<=', target: 70, unit: 'KB' },
  // Issue 19: page up front ≤ 40, worker up front ≤ 70, core total ≤ 155 (the 110 KB goal is retired);
  // each opt-in capability (bundle-size.js, OPT_IN) is reported apart, with no target.
  { key: 'bundle.cdn_total_gz_kb', baseline: 'bundle.reference_deep_chat_gz_kb', op: '<=', target: 155, unit: 'KB' },
  { key: 'bundle.engine_gz_kb', unit: 'KB' },
  { key: 'bundle.genui_gz_kb', unit: 'KB' },
  { key: 'bundle.trace_view_gz_kb', unit: 'KB' },
  { key: 'bundle.attachments_gz_kb', unit: 'KB' },
  { key: 'bundle.telemetry_gz_kb', unit: 'KB' },
  { key: 'bundle.mcp_gz_kb', unit: 'KB' },
  { key: 'bundle.memory_gz_kb', unit: 'KB' },
  { key: 'bundle.doctor_gz_kb', unit: 'KB' },
  { key: 'bundle.webmcp_gz_kb', unit: 'KB' },
  { key: 'bundle.mcpauth_gz_kb', unit: 'KB' },
  { key: 'bundle.mcpapps_gz_kb', unit: 'KB' },
  { key: 'bundle.dom_tools_gz_kb', unit: 'KB' },
  { key: 'bundle.fetch_tool_gz_kb', unit: 'KB' },
  { key: 'bundle.threads_gz_kb', unit: 'KB' },
  { key: 'bundle.subagents_gz_kb', unit: 'KB' },
  { key: 'bundle.approvals_gz_kb', unit: 'KB' },
  { key: 'bundle.zod_mini_gz_kb', unit: 'KB' },
  { key: 'bundle.preview_gz_kb', unit: 'KB' },
  { key: 'bundle.plan_gz_kb', unit: 'KB' },
  { key: 'bundle.undo_gz_kb', unit: 'KB' },
  { key: 'bundle.workflows_gz_kb', unit: 'KB' },
  { key: 'context.fold_500_ms_p50', baseline: 'context.baseline_stringify_500_ms_p50', op: '<=', target: 5, unit: 'ms' },
  { key: 'context.fit_500_warm_ms_p50', baseline: 'context.baseline_stringify_500_ms_p50', unit: 'ms' },
  { key: 'thread.reload_500_ms', baseline: 'thread.baseline_idb_read_500_ms', op: '<=', target: 150, unit: 'ms' },
  { key: 'thread.stream_20k_ms', baseline: 'thread.baseline_stream_20k_no_thread_ms', unit: 'ms' },
  { key: 'thread.stream_20k_ratio', op: '<=', target: 1.05, unit: '×' },
  { key: 'thread.stream_longtasks', baseline: 'thread.baseline_stream_longtasks_no_thread', op: '<=', target: 0, unit: 'tasks' },
  { key: 'startup.ready_ms', baseline: 'startup.baseline_worker_echo_ms', op: '<=', target: 50, unit: 'ms' },
  { key: 'first_reply.longtasks', baseline: 'first_reply.longtasks_warm', op: '<=', target: 0, unit: 'tasks' },
  { key: 'first_reply.longest_task_ms', baseline: 'first_reply.longest_task_warm_ms', unit: 'ms' },
  { key: 'first_reply.runs_with_longtask', baseline: 'first_reply.runs_with_longtask_warm', unit: 'runs' },
  { key: 'first_reply.max_task_cpu_ms', baseline: 'first_reply.max_task_cpu_warm_ms', unit: 'ms' },
  { key: 'first_tool.longtasks', baseline: 'first_tool.longtasks_warm', op: '<=', target: 0, unit: 'tasks' },
  { key: 'first_tool.longest_task_ms', baseline: 'first_tool.longest_task_warm_ms', unit: 'ms' },
  { key: 'first_tool.runs_with_longtask', baseline: 'first_tool.runs_with_longtask_warm', unit: 'runs' },
  { key: 'first_tool.max_task_cpu_ms', baseline: 'first_tool.max_task_cpu_warm_ms', unit: 'ms' },
  // How long the first call ran as the page sees it (tool-start to tool-result events; batched, so ~0 when quick): fetching the tool's code, unless it was loaded in idle time before.
  { key: 'first_tool.tool_ms', baseline: 'first_tool.tool_warm_ms', unit: 'ms' },
  { key: 'first_approval.longtasks', baseline: 'first_approval.longtasks_warm', op: '<=', target: 0, unit: 'tasks' },
  { key: 'first_approval.longest_task_ms', baseline: 'first_approval.longest_task_warm_ms', unit: 'ms' },
  { key: 'first_approval.runs_with_longtask', baseline: 'first_approval.runs_with_longtask_warm', unit: 'runs' },
  { key: 'first_approval.max_task_cpu_ms', baseline: 'first_approval.max_task_cpu_warm_ms', unit: 'ms' },
  { key: 'first_approval.tool_ms', baseline: 'first_approval.tool_warm_ms', unit: 'ms' },
  { key: 'first_thread.longtasks', baseline: 'first_thread.longtasks_warm', op: '<=', target: 0, unit: 'tasks' },
  { key: 'first_thread.longest_task_ms', baseline: 'first_thread.longest_task_warm_ms', unit: 'ms' },
  { key: 'first_thread.runs_with_longtask', baseline: 'first_thread.runs_with_longtask_warm', unit: 'runs' },
  { key: 'first_thread.max_task_cpu_ms', baseline: 'first_thread.max_task_cpu_warm_ms', unit: 'ms' },
  { key: 'dom.query_1k_ms_p50', baseline: 'dom.baseline_qsa_1k_ms_p50', unit: 'ms' },
  { key: 'dom.query_1k_rebuilt_ms_p50', baseline: 'dom.baseline_qsa_1k_ms_p50', unit: 'ms' },
  { key: 'dom.query_20k_ms_p50', baseline: 'dom.baseline_qsa_20k_ms_p50', unit: 'ms' },
  { key: 'dom.query_20k_rebuilt_ms_p50', baseline: 'dom.baseline_qsa_20k_ms_p50', unit: 'ms' },
  { key: 'preview.draw_20_ms_p50', baseline: 'preview.baseline_draw_20_ms_p50', op: '<=', target: 16, unit: 'ms' },
  { key: 'preview.steps_20_ms_p50', unit: 'ms' },
  { key: 'preview.undo_all_20_ms_p50', baseline: 'preview.baseline_writes_20_ms_p50', unit: 'ms' },
  // Issue 36: a 200-component A2UI surface drawn by the chat's card (check, official processor and renderer), and one bound value changed by a new message, beside the same components as one plain Lit template.
  { key: 'a2ui.first_render_200_ms_p50', baseline: 'a2ui.baseline_first_render_200_ms_p50', unit: 'ms' },
  { key: 'a2ui.first_render_ratio', unit: '×' },
  { key: 'a2ui.update_one_ms_p50', baseline: 'a2ui.baseline_update_one_ms_p50', unit: 'ms' },
  { key: 'a2ui.update_one_ratio', unit: '×' },
  { key: 'a2ui.check_200_ms_p50', unit: 'ms' },
  { key: 'engine.tokens_per_s', baseline: 'engine.wllama_tokens_per_s', unit: 'tok/s' },
  { key: 'engine.wllama_tokens_per_s', baseline: 'engine.native_tokens_per_s', unit: 'tok/s' },
  { key: 'engine.tokens_per_s', baseline: 'engine.native_tokens_per_s', op: '>=', target: 0.5, unit: 'tok/s', ratio: true },
  { key: 'engine.ttft_ms', baseline: 'engine.wllama_ttft_ms', unit: 'ms' },
  { key: 'engine.wllama_ttft_ms', baseline: 'engine.native_ttft_ms', unit: 'ms' },
  { key: 'engine.cpu_ms_per_token', baseline: 'engine.wllama_cpu_ms_per_token', unit: 'ms' },
  { key: 'engine.wllama_cpu_ms_per_token', baseline: 'engine.native_cpu_ms_per_token', unit: 'ms' },
  { key: 'engine.wllama_cpu_ms_per_token', baseline: 'engine.wllama_default_kv_cpu_ms_per_token', unit: 'ms' },
  { key: 'engine.pageloop_cpu_ms_per_token', op: '<=', target: 0.2, unit: 'ms' },
  { key: 'engine.swiftshader_tokens_per_s', baseline: 'engine.tokens_per_s', unit: 'tok/s' },
  { key: 'engine.load_cache_ms', baseline: 'engine.load_network_ms', unit: 'ms' },
  { key: 'engine.load_opfs_ms', baseline: 'engine.load_network_ms', unit: 'ms' },
  { key: 'engine.longtasks_generating', baseline: 'engine.longtasks_idle', op: '<=', target: 0, unit: 'tasks' },
  { key: 'engine.longest_task_generating_ms', unit: 'ms' },
];

/** @param {number | undefined} value */
function show(value) {
  if (value === undefined || Number.isNaN(value)) return '—';
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  if (Math.abs(value) >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

/**
 * The table `npm run bench` prints: figure, value, baseline, ratio, target, met.
 * @param {Record<string, number>} results
 * @returns {string}
 */
export function formatTable(results) {
  const rows = [['figure', 'value', 'baseline', 'ratio', 'target', 'met']];
  for (const f of FIGURES) {
    if (!(f.key in results)) continue;
    const value = results[f.key];
    const base = f.baseline ? results[f.baseline] : undefined;
    const ratio = value !== undefined && base !== undefined && base !== 0 ? `${show(value / base)}×` : '—';
    const target = f.op ? `${f.op} ${show(f.target)}${f.ratio ? '×' : ''}` : '—';
    const measured = f.ratio ? (base ? value / base : undefined) : value;
    const met = f.op && measured !== undefined && f.target !== undefined ? (f.op === '<=' ? measured <= f.target : measured >= f.target) ? 'yes' : 'NO' : '';
    rows.push([f.key, `${show(value)} ${f.unit}`.trim(), base === undefined ? '—' : `${show(base)} ${f.unit}`.trim(), ratio, target, met]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r, ri) => {
    const line = r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    return ri === 0 ? `${line}\n${widths.map((w) => '─'.repeat(w)).join('  ')}` : line;
  }).join('\n');
}
