// @ts-check
/**
 * Which chunks of the standalone bundle (dist/cdn) belong to an opt-in
 * capability, by the pattern of their names. The bench (bundle-size.js)
 * counts them apart from the core; test/cdn/opt-in-loads.test.ts checks that
 * a page that uses none of them fetches none of them. No imports: the test
 * imports this in the browser.
 */

/**
 * The opt-in capabilities: chunks a page loads only when the app uses them,
 * each reported apart from the core as `bundle.<name>_gz_kb` (issue 19). A new
 * capability loaded on first use (MCP, trace export, …) is one more row: the
 * pattern of its lazy chunk's name.
 */
export const OPT_IN = {
  /** The in-page engine: the agent worker imports it only when an agent is given `engine` (issue 15); the element's progress line (engine-progress.ts) with the engine's first status. */
  engine: /gguf-engine|engine-code|engine-progress/,
  /**
   * Generative UI (issue 20): the card rendering loads when the agent first has a tool with
   * `render`, the answer desk and `agent.answer` on a render-and-wait tool's first call.
   */
  genui: /tool-view|user-answers/,
  /** The trace view (issue 23): `<agent-chat>` loads `<agent-trace>` when its trace drawer first opens (`/trace`, a Trace button). */
  trace_view: /agent-trace/,
  /**
   * Attachments (issue 21): the agent worker loads their preparation (checks, image downscaling) on the
   * first file, the code that writes content parts with the first request carrying one, the thread
   * file's bytes section on the first export or import that has one, the server refusals' words on
   * the first failed request that carried an image; the element its chips, thumbnails, file links and
   * image dialog (attachment-tray, attachment-view) with the first file added or shown.
   */
  attachments: /attachment-prep|attachment-parts|attachment-tray|attachment-view|thread-file-attachments|vision-refusal/,
  /**
   * Telemetry (issue 23): the official OpenTelemetry SDK and OTLP exporter, loaded in the worker on
   * the first span sent to a collector (`telemetry.otlp`; the protobuf exporter only for
   * `protocol: 'protobuf'`), and on the page by `spanProcessorListener` (the span converter).
   */
  telemetry: /otlp-export|otlp-protobuf|otel-span/,
  /** WebMCP both ways (issue 22): the bridge loads when an agent is made with `webmcp` (src/page/webmcp/). */
  webmcp: /webmcp-bridge/,
  /** The MCP sign-in (issue 22): the worker's provider for servers with `oauth`, the page's popup when one needs signing in (src/mcp-auth/, src/page/mcp-auth/). */
  mcpauth: /sign-in-popup|worker-provider/,
  /** The MCP client (issue 22): the hub and the official client package (`@modelcontextprotocol/client`) load in the worker when an agent has `mcp` servers, the servers drawer in the page when the element has them, the question panels with a server's first question (elicitation); the checks of its schemas (outside-schema: re2js, a linear-time regular expression engine, for patterns a server sends) with the first MCP tool. */
  mcp: /mcp-hub|mcp-connection|mcp-drawer|mcp-elicitation-form|outside-schema/,
  /**
   * MCP Apps (issue 22): the card's frame and the host side of the extension (the official AppBridge
   * with the v2 client's Protocol it builds on), loaded by the element the first time a card shows an app.
   */
  mcpapps: /mcp-app-frame/,
  /**
   * Memory (`memory` option, `createMemory()`): the agent worker imports the engine on the first
   * memory call, and `createMemory()` starts the memory worker; an agent without memory loads neither.
   */
  memory: /memory-engine|memory-worker/,
  /**
   * A2UI surfaces (issue 36): the page loads the catalogs, the check and `render_a2ui` (src/page/a2ui/a2ui.ts) when an agent
   * is made with `a2ui`, and the element the official renderer (`@a2ui/lit`) with the first card that shows a surface (a2ui-views).
   */
  a2ui: /(^|\/)a2ui-/,
  /** The doctor (issue 23): its checks load in the worker on the first `agent.diagnose()`, the checklist's view on the first `/doctor`. */
  doctor: /diagnose-|doctor-report/,
  /**
   * The built-in page tools `domTools()` and `domActions()`: what reads the page (outline, query,
   * text) and what acts on it (click, fill, select) loads on the model's first call of one of them;
   * an app that does not give the agent these tools never loads it.
   */
  dom_tools: /read-impl|act-impl/,
  /**
   * The thread list of `<agent-chat show-threads>` (components/threads/thread-list.ts): loaded the first time
   * `show-threads` is on (components/threads/thread-list-slot.ts); a chat without it never loads it.
   */
  threads: /thread-list/,
  /**
   * Approvals: the approval panels (approve, deny with a reason, edit the arguments, always allow) and
   * their styles load with the first call that waits for approval, or once the element has a page tool
   * that needs approval (components/approvals/approval-controller.ts); the "Always allowed" list (permissions-list)
   * the first time a tool is allowed for good, which only an approval does. A chat whose calls never wait
   * loads neither.
   */
  approvals: /approval-panel|permissions-list/,
  /**
   * Tool previews (a page tool's `preview`): the page's desk (src/page/preview-desk.ts) loads the first time a call
   * of a tool with `preview` waits for approval, the element's outlines over the page (preview-overlay) the first time
   * such a preview is shown. A page whose tools have no `preview` loads neither.
   */
  preview: /preview-desk|preview-overlay/,
  /** Planning (`planning` option): the element's plan view (components/conversation/plan-view.ts) loads with the first plan to show, which only the `update_plan` tool of an agent with `planning` makes. */
  plan: /plan-view/,
  /** Sub-agents (`subAgents` option): the element's view of a sub-agent's work (sub-agent-view.ts, its styles) loads with the first `dispatch_agent` card that has one to show. */
  subagents: /sub-agent-view/,
  /** Workflows (`workflows` option): the worker's code that starts a workflow's run (src/agent/workflow.ts) loads with the first `agent.runWorkflow()` (`/workflow name` in the element). */
  workflows: /worker-workflow-/,
  /**
   * Undo (`agent.undo`, `agent.undoRun`): the worker's code that takes calls back (src/agent/undo.ts) loads with the first undo asked for;
   * the element's Undo buttons (components/tool-cards/undo-bar-view.ts) with the first done card of a tool that declares `undo`.
   */
  undo: /worker-undo-|undo-bar-view/,
  /**
   * The AG-UI client (option `agui`, issue 39): the official `@ag-ui/client` and the remote loop load in the
   * worker with the first run on a remote agent (src/worker/agui/); the element's activity card with the
   * first activity a remote agent sends. An agent without `agui` loads neither.
   */
  agui: /worker-agui|activity-card/,
  /**
   * `pageloop/ag-ui` (issue 39 §2): `toAgUiAgent`, a pageloop agent as an AG-UI agent, with the official
   * `@ag-ui/client` it extends and rxjs — `dist/cdn/ag-ui.js`, an entry an app imports beside the bundle, whole.
   */
  ag_ui_agent: /(^|\/)ag-ui\.js$/,
  /** The built-in `fetchTool()`: the request, its redirect guard and the HTML-to-text reader load in the worker on its first call. */
  fetch_tool: /fetch-request/,
  /**
   * Tools whose parameters are zod-mini (or `zod/v4/core`) schemas: the converter that writes their JSON
   * Schema (src/tools/zod-json-schema.ts) loads with the first one defined; classic zod schemas carry
   * their own, and JSON Schema needs none.
   */
  zod_mini: /zod-json-schema/,
  /**
   * Localisation (issue 37): for a language other than English, `<agent-chat>` loads the catalogs'
   * table (components/i18n/catalogs.ts) and that one locale's catalog (components/i18n/locales/*.ts,
   * with the `Intl` formats they share), and that locale's doctor lines (`doctor-<tag>-*.js`) with the
   * doctor's checklist; this figure sums all 17 catalogs and their doctor lines, of which a page loads one.
   */
  locales: /(?:^|\/)(?:catalogs|intl-formats|de|fr|es|pt-BR|it|nl|pl|tr|ru|uk|ja|ko|zh-CN|zh-TW|ar|he|hi)-[A-Z0-9]{8}\.js/,
};
