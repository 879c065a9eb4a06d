/**
 * `<agent-chat>`: a drop-in chat for a pageloop agent. The class only; the
 * tag is registered by `define.ts`, so importing this file has no side effects.
 *
 * The element renders events: what the log shows comes from the agent's
 * events (live, or a stored thread's `agent.events()`) through one reducer.
 * Its concerns live in controllers: the agent's life (`AgentController`), the
 * reply renderers (`ReplyRenderers`) and scroll stickiness (`ScrollController`);
 * the composer's draft and commands are `Composer`'s. The class wires them and renders.
 *
 * The events take one route inside: the conversation's signal
 * (`ConversationSignal`), which folds each event into the log's state and then
 * tells every controller that subscribed (approvals, permissions, threads,
 * the tab notice, MCP); the page's `agent-event` is its last listener
 * (`AgentEventOutlet`), which holds `final` until the answer is drawn as it
 * will stay. Each room of components/ is reached through its face (index.ts).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { createAgent } from '../src/page/create-agent.js';
import type { Agent, AgentEvent, AgentOptions, EngineStatus, Run, SendOptions } from '../src/types.js';
import { AgentChatSettings } from './agent-chat-settings.js';
import { agentChatSheets } from './agent-chat.styles.js';
import { AgentController } from './agent-controller.js';
import { AgentEventOutlet } from './agent-event-outlet.js';
import { AppContextSync } from './app-context-sync.js';
import { LazyView, piecesLoaded } from './lazy-view.js';
import { elementOptions } from './element-options.js';
import { ScrollController } from './scroll-controller.js';
import { ApprovalController, PermissionsPanel, PreviewOutlines } from './approvals/index.js';
import { Attachments, shownAttachments } from './attachments/index.js';
import { Composer, composerWords, refusedBeforeStart } from './composer/index.js';
import { loadActivityCard } from './activity/index.js';
import { Localizer } from './i18n/index.js';
import { ConversationSignal, errorAction, Expansions, LogWindow, ReplyRenderers, RetryCountdownSlot, conversationSpeech, conversationWords, loadPlanView, loadSubAgentView, type ConversationAction, type LogItem, type ToolCallItem } from './conversation/index.js';
import { renderAssistantMessage, renderContextNote, renderContinue, renderNotice, renderErrorBanner, renderStatusBar, renderSuggestions, renderUserMessage } from './conversation/index.js';
import { doctorInputs, renderDoctor, startDoctor } from './doctor/index.js';
import { loadRenderer } from './markdown/index.js';
import { McpPanel } from './mcp/index.js';
import { TabNotice, ThreadListSlot, READ_ONLY_REASON, tabWords } from './threads/index.js';
import { ToolCards, ToolViews, UndoBar, warmUpTools, type SubAgentDrawing } from './tool-cards/index.js';
import { TraceDrawer } from './trace/index.js';
import { isSurfaceActivity, loadA2uiViews, showsSurface } from './a2ui/index.js';

/**
 * A chat with an in-page agent: streams its replies as markdown, shows each
 * tool call as a card, asks the user before tools that need approval run.
 *
 * @summary A drop-in chat for a pageloop agent.
 *
 * @attr show-threads - Show the thread list (part `threads`): new, open, rename, delete. Without `thread`, a new thread is opened.
 * @attr gguf - URL of a GGUF model to run inside the page (llama.cpp in WebAssembly) instead of calling an endpoint.
 * @attr gpu - With `gguf`: `auto` (default) runs the model on the GPU through WebGPU when the browser can, `off` on the CPU only.
 * @attr placeholder - The composer's placeholder.
 * @attr mcp-app-sandbox - URL of the MCP Apps sandbox proxy page (`mcp-app-sandbox.html` from dist/; default: that name beside the page).
 * @attr theme - `light`, `dark` or `auto` (default: follows `prefers-color-scheme`).
 * @attr locale - The language shown (`de`, `pt-BR`, `ar`…; 18 shipped); default: the page's `lang`, then the browser's. The writing direction follows it.
 * @prop {AgentChatLabels} labels - The app's own wording of any message, by id (a text, or a function of the message's parameters); over the locale's.
 *
 * @prop {Tool[]} tools - The page's tools; may be set before or after the element connects.
 * @prop {EngineOptions} engine - The in-page engine's options, e.g. `{ gguf: file }` for a picked `File`; wins over `gguf`.
 * @prop {Agent} agent - The agent this element drives (read-only; created on first use).
 * @prop {Record<string, unknown>} context - The app's state by name (the open record, the user's role), sent with each model request; see `agent.context`.
 * @prop {McpServerOptions[]} mcp - The MCP servers whose tools join the agent's, as option `mcp`; a new list starts a new agent.
 * @prop {Record<string, WorkflowTemplate>} workflows - Named task templates, started with `/workflow name …` (Tab completes; `/help` lists them).
 * @fires {CustomEvent<AgentEvent>} agent-event - Every event of the agent loop; bubbles and is composed.
 * @fires {CustomEvent<ThreadChangeDetail>} thread-change - The element changed its `thread` attribute (`detail.reason`: `open`, `new`, `deleted`).
 * @csspart log - The scrolling conversation (a polite live region).
 * @csspart log-earlier - Above a long log's latest 200 items: the button that draws the 200 before them ("Show 200 earlier (N not shown)").
 * @csspart message - A message; also carries `user` or `assistant`.
 * @csspart user - A user message.
 * @csspart assistant - An assistant message.
 * @csspart thinking - The collapsed reasoning of an assistant message.
 * @csspart tool-call - A tool call card.
 * @csspart tool-progress - A running call's progress (from `tool-progress` events).
 * @csspart mcp-servers - The agent's MCP servers (a disclosure; option `mcp`): each server (`mcp-server`), its state, tools and Reconnect (`mcp-reconnect-button`).
 * @csspart mcp-server - One MCP server's row (`data-state`: connecting, connected, failed).
 * @csspart mcp-reconnect-button - Connects that server again.
 * @csspart mcp-sign-in - An `oauth` server's sign-in state (`data-sign-in`: needed, signed-in, failed).
 * @csspart mcp-sign-in-button - Signs in to that server (its popup opens from the click).
 * @csspart mcp-sign-out-button - Signs out of that server (`agent.mcp.signOut`).
 * @csspart mcp-skipped - A server's tools left out, each with why (an input schema that cannot be compiled).
 * @csspart mcp-tool-limit - Why none of a server's tools is offered: it lists more than a server may offer unpicked (128), and how to pick.
 * @csspart mcp-resources - "Attach a resource": the servers' resources (`mcp-resource` buttons), attached to the next message as files.
 * @csspart mcp-resource - One resource to attach.
 * @csspart mcp-attachment - A resource attached to the next message (a chip with ×).
 * @csspart mcp-app - An MCP App in its tool's card (`<pageloop-mcp-app>`, its sandboxed frame; attribute `mcp-app-sandbox`).
 * @csspart tool-view - A tool's own UI in its card (`defineTool({ render })`), slotted from the element's light DOM.
 * @csspart requested-by - The mark "browser agent" on the card of a call a browser agent asked for through WebMCP (not the model).
 * @csspart webmcp-status - The line saying WebMCP is unavailable in this browser, or what it refused (option `webmcp`).
 * @csspart tool-raw - The "Raw" disclosure of a rendered card: its arguments and result as JSON.
 * @csspart approval - The approval panel of a call awaiting approval.
 * @csspart a2ui-surface - An A2UI surface (option `a2ui`) in its card: drawn from a `render_a2ui` call's arguments as they stream, or from a tool result's `a2ui` messages.
 * @csspart preview-steps - In an approval panel: what the call will do (its tool's `preview`), a list of steps.
 * @csspart preview-step - One step: its number, what will happen, old → new, and a note when its target is hidden or gone; hovering or focusing it highlights its outline on the page (`<agent-preview-outlines>`).
 * @csspart undo-button - On a done call whose tool declares `undo`: takes it back (`agent.undo`).
 * @csspart undo-all-button - On the last call of a run whose finished calls can all be undone: takes them back, last first (`agent.undoRun`).
 * @csspart undo-status - What came of an undo: "Undone", or why it could not be undone.
 * @csspart mcp-elicitation - An MCP server's question to the user (elicitation): its message and form, above the composer.
 * @csspart mcp-elicitation-button - Its Accept, Decline and Cancel buttons (`data-action`).
 * @csspart approve-button - Approves the call.
 * @csspart deny-button - Denies the call.
 * @csspart edit-button - Opens the argument editor.
 * @csspart always-button - Approves the call and every later call of that tool.
 * @csspart suggestion - An answer suggested by the model's question.
 * @csspart input - The composer's text area.
 * @csspart send-button - Sends the input.
 * @csspart stop-button - Stops the running reply.
 * @csspart continue-button - Continue: after a reply stopped at its step limit (runs the loop on, `agent.retry()`), or one the page was closed or reloaded in (`agent.resume()`).
 * @csspart error - The error banner: the message as formatted text (its markdown, sanitised; a long one clamped to three lines; never taller than 40% of the element).
 * @csspart error-more-button - On a long error: "Show more" / "Show less".
 * @csspart error-copy-button - On a long error: copies its whole text.
 * @csspart error-raw - On a long error, opened: a disclosure "Raw text" with the error's code and its message as the server wrote it.
 * @csspart error-detail - On an error written in the element's language (by its `code`): the error's own English message, behind a disclosure.
 * @csspart show-all-button - Under a very long message (a big paste, a reply of thousands of lines), drawn bounded until opened: "Show all" / "Show less".
 * @csspart step - "step n of max" while running.
 * @csspart usage - Tokens of the last model call and how full the context is.
 * @csspart too-long - The composer's warning before sending a message too long for the context window.
 * @csspart too-long-button - Its Send anyway and Trim to fit buttons (`data-action` `send`, `trim`).
 * @csspart context-note - The quiet mark where older turns were folded or a tool result cut to fit the context.
 * @csspart sub-agent - A sub-agent's work inside its `dispatch_agent` card (a disclosure, closed by default).
 * @csspart plan - The agent's plan (a disclosure: n of m done, the tasks); closes itself when every task is finished.
 * @csspart activity - A remote AG-UI agent's activity (option `agui`): a card updated in place, `data-activity-type` its type (an `a2ui-surface` with `a2ui_operations` draws its surface through the A2UI renderer, part `a2ui-surface` inside).
 * @csspart workflow - The mark "Workflow: name" on the message that started a workflow run.
 * @csspart completions - Command or workflow names that Tab completes, under the input while a command is typed.
 * @csspart deny-reason-button - The "Deny with reason…" disclosure of an approval panel.
 * @csspart deny-reason - Its text field: the reason the model is told.
 * @csspart deny-reason-submit - Its Deny button.
 * @csspart engine-progress - The in-page model's download/loading progress (a `<progress>` inside), or why it failed.
 * @csspart retry - The wait before a retry, counting down the seconds left.
 * @csspart threads - The thread list (a disclosure), with `show-threads`.
 * @csspart thread - One thread's row in the list (the open one has `aria-current="true"`).
 * @csspart new-thread-button - Starts a new thread.
 * @csspart delete-thread-button - Deletes a thread (asks to confirm).
 * @csspart confirm-delete-button - Confirms the deletion.
 * @csspart permissions - The tools allowed for good ("Always allowed", a disclosure).
 * @csspart revoke-button - Takes one of those tools back: its calls ask again.
 * @csspart nudge - The quiet line where the model, having announced an action without calling a tool, was reminded once (option `nudge`).
 * @csspart tab-notice - "Open in another tab": this tab shows the thread read-only while another tab writes it (the composer is disabled).
 * @csspart approval-elsewhere - In a follower (with `approval`): a call that waits for approval in the tab that writes the thread, without buttons.
 * @csspart doctor - The doctor's checklist in the log (`/doctor`): each check's status in words, what was found, and the fix.
 * @csspart trace-button - "Trace" under a message: opens the trace of the run it started.
 * @csspart trace - The trace drawer (`/trace`, or a Trace button): the run's `<agent-trace>` waterfall, over the top of the log; Escape closes it.
 * @csspart trace-close-button - Closes the trace drawer.
 * @csspart trace-dialog - In an element under 480 px wide (a sidebar): the modal `<dialog>` the trace opens in instead of the drawer, as wide as the viewport allows (up to 44rem); focus stays in it, Escape closes it.
 * @csspart trace-runs - In the trace: the run picker (forwarded from `<agent-trace>`, as are the trace parts below).
 * @csspart trace-summary - In the trace: the run's length, outcome, spans and dropped spans.
 * @csspart trace-dropped - In the trace: the note that older spans were dropped (size cap).
 * @csspart trace-tree - In the trace: the waterfall, a nested list of spans.
 * @csspart trace-span - In the trace: one span's row (a disclosure; `data-kind` is `agent`, `chat`, `tool` or `other`).
 * @csspart trace-bar - In the trace: a span's bar on the run's time axis.
 * @csspart trace-details - In the trace: every attribute and event of a span.
 * @csspart trace-error - In the trace: why it could not be shown.
 * @csspart attach-button - Attach files (a file picker); files can also be dropped on the element or pasted.
 * @csspart drop-target - The target shown over the element while files are dragged over it.
 * @csspart attachments - The files of the message being written (chips under the input).
 * @csspart attachment - One of them: thumbnail or type, name, size.
 * @csspart attachment-remove - Its remove button.
 * @csspart attachment-error - Files just refused, each saying why (count, size, type); the typed text stays.
 * @csspart message-attachments - The files of a sent message or a tool result: thumbnails, download links.
 * @csspart attachment-thumbnail - An image's thumbnail there; a click opens it larger.
 * @csspart attachment-download - A file's download link there.
 * @csspart attachment-dialog - The dialog showing an image larger (Escape closes it).
 *
 * @cssproperty --agent-chat-font - Font family.
 * @cssproperty --agent-chat-mono-font - Font family of code.
 * @cssproperty --agent-chat-font-size - Base font size.
 * @cssproperty --agent-chat-radius - Corner radius.
 * @cssproperty --agent-chat-spacing - Base spacing.
 * @cssproperty --agent-chat-bg - Background.
 * @cssproperty --agent-chat-fg - Text colour.
 * @cssproperty --agent-chat-muted - Secondary text colour.
 * @cssproperty --agent-chat-border - Border colour.
 * @cssproperty --agent-chat-surface - Background of buttons and chips.
 * @cssproperty --agent-chat-user-bg - Background of user messages.
 * @cssproperty --agent-chat-user-fg - Text colour of user messages.
 * @cssproperty --agent-chat-assistant-bg - Background of assistant messages.
 * @cssproperty --agent-chat-accent - Accent (primary buttons, links).
 * @cssproperty --agent-chat-accent-fg - Text on the accent colour.
 * @cssproperty --agent-chat-danger - Errors and denials.
 * @cssproperty --agent-chat-danger-bg - Background of the error banner.
 * @cssproperty --agent-chat-success - Finished tool calls.
 * @cssproperty --agent-chat-warning-bg - Background of approval panels.
 * @cssproperty --agent-chat-code-bg - Background of code.
 * @cssproperty --agent-chat-focus - Focus ring.
 * @cssproperty --agent-chat-code-keyword - Highlighted keywords in code.
 * @cssproperty --agent-chat-code-string - Highlighted strings in code.
 * @cssproperty --agent-chat-code-number - Highlighted numbers and literals in code.
 * @cssproperty --agent-chat-code-title - Highlighted function and class names in code.
 *
 * @example
 * <agent-chat base-url="http://localhost:11434/v1" model="qwen3:4b"></agent-chat>
 * <script type="module">
 *   document.querySelector('agent-chat').tools = [myTool];
 * </script>
 */
export class AgentChat extends AgentChatSettings {
  static override styles = agentChatSheets;

  /**
   * The conversation: the log's state, and the one route by which the
   * agent's events reach the controllers below (each subscribes to it) and,
   * after them, the page (`#outlet`). Nothing inside listens to `agent-event`.
   */
  /** The element's language: its catalog (a chunk per locale), `labels`, `lang` and `dir`. */
  readonly #i18n = new Localizer(this);
  readonly #conversation = new ConversationSignal(() => this.requestUpdate(), (event) => this.#outlet.send(event));
  /** What the in-page engine is doing (from its events); `idle` for an endpoint. */
  #engineStatus: EngineStatus = { state: 'idle' };

  readonly #agent = new AgentController(this, {
    options: () => elementOptions(this, this.engineOptions()),
    create: (options) => this.createAgent(options),
    event: (event) => this.#conversation.event(event),
    opening: () => this.#conversation.expectStored(),
    // Shown under what was shown since the agent started (a message sent meanwhile is newer than the store).
    stored: (events) => this.#conversation.restore(events),
    replaced: () => ((this.#engineStatus = { state: 'idle' }), this.#tabs.reset(), this.#reset()),
    ready: () => void warmUpTools(this.#replies.load(), () => this.tools),
  });
  readonly #tabs = new TabNotice(this, { agent: () => this.agent, conversation: this.#conversation, show: (s) => (this.#reset(), this.#conversation.replace(s)) });
  /** A long log draws its latest items only; earlier ones a page at a time on demand. */
  readonly #window = new LogWindow(this);
  /** Which long messages (and the long error) are opened: the rest are drawn bounded (long-text.ts). */
  readonly #long = new Expansions(this);
  readonly #replies = new ReplyRenderers(this, () => this.#conversation.state.items, () => this.#scroll.follow(), () => this.renderRoot);
  /** The error banner's markdown: the replies' renderer (loaded and warmed by them, its styles adopted). */
  readonly #errorMarkdown = () => this.#replies.load().then(loadRenderer);
  readonly #scroll = new ScrollController(this, () => this.renderRoot.querySelector<HTMLElement>('.log'));
  readonly #composer = new Composer(this, {
    i18n: this.#i18n,
    busy: () => this.#conversation.state.running || this.#agent.busy || this.#attachments.busy,
    attached: () => this.#attachments.ready.length > 0,
    // The window the app set, else the one the last usage reported, else the agent's default, 8192 (assumed).
    window: () => {
      const tokens = this.contextTokens ?? this.#conversation.state.usage?.contextTokens;
      return tokens ? { tokens, assumed: false } : { tokens: 8192, assumed: true };
    },
    send: (text) => {
      try {
        const files = this.#attachments.ready;
        const run = this.send(text, this.#mcp.sendOptions(files));
        this.#attachments.sent();
        // Refused before it started: the files go back beside the text (composer.ts gives the text back).
        void refusedBeforeStart(run).then((refused) => refused && this.#attachments.returned(files));
        return run;
      } catch (err) {
        this.#apply(errorAction(err));
        return undefined;
      }
    },
    commands: {
      workflows: () => this.workflows ?? {},
      startWorkflow: (name, input) => this.#carryOn((agent) => agent.runWorkflow(name, input)),
      prompt: (command) => void this.#mcp.runPrompt(command, { send: (text) => this.send(text, this.#mcp.sendOptions([])), notice: (text, said) => this.#apply({ type: 'notice', text, ...(said ? { said } : {}) }) }),
      mcpHelp: () => this.#mcp.help(),
      notice: (text) => this.#apply({ type: 'notice', text }),
      i18n: this.#i18n,
      stop: () => this.agent.cancel(),
      doctor: () => void startDoctor(this.agent, (action) => this.#apply(action), this.renderRoot),
      trace: () => this.#trace.show(),
      clear: async () => {
        if (this.#conversation.state.running) this.agent.cancel();
        this.#reset();
        await this.agent.clear();
      },
    },
  });

  readonly #approvals = new ApprovalController(this, {
    conversation: this.#conversation,
    tools: () => this.tools,
    answeredElsewhere: () => this.#tabs.readOnly,
    answered: (request, answer) => {
      // Another tab writes this thread: only its writer can answer.
      if (this.#tabs.readOnly) return (this.#apply({ type: 'error', message: READ_ONLY_REASON, retryable: false, code: 'thread-busy' }), false);
      this.agent.respond(request.callId, answer);
      this.#outlines.event({ type: 'approval-answered', callId: request.callId });
      this.#apply({ type: 'approval-answered', callId: request.callId, approve: answer.approve });
      return true;
    },
    root: () => this.renderRoot,
    hover: (callId, step) => this.#outlines.hover(callId, step),
    i18n: this.#i18n,
  });
  /** The previews of calls waiting for approval, outlined on the page. */
  readonly #outlines = new PreviewOutlines(this, () => this.#agent.current, (callId) => this.#approvals.order(callId), this.#i18n);
  readonly #contextSync = new AppContextSync(this, { agent: () => this.#agent.current, context: () => this.context, refused: (err) => this.#apply(errorAction(err)) });
  // Only the tab that writes the thread can answer a call that waits for the user.
  readonly #cards = new ToolCards(this);
  readonly #undo = new UndoBar(this, {
    agent: () => this.agent,
    tools: () => this.tools,
    items: () => this.#conversation.state.items,
    busy: () => this.#conversation.state.running || this.#tabs.readOnly,
    failed: (err) => this.#apply(errorAction(err)),
    i18n: this.#i18n,
  });
  readonly #views = new ToolViews(this, { agent: () => this.#agent.current, readOnly: () => this.#tabs.readOnly, items: () => this.#conversation.state.items });
  readonly #threads = new ThreadListSlot(this, this.#conversation, this.#i18n);
  // The plan, the engine's progress, a sub-agent's work: chunks of their own, loaded with the first plan, engine status or sub-agent.
  readonly #plan = new LazyView(this, loadPlanView);
  readonly #engineView = new LazyView(this, () => import('./engine-progress.js'));
  readonly #subAgents = new LazyView(this, loadSubAgentView);
  readonly #activities = new LazyView(this, loadActivityCard);
  // A2UI surfaces: the official renderer and the check, a chunk loaded with the first card that shows a surface.
  readonly #a2ui = new LazyView(this, loadA2uiViews);
  readonly #permissions = new PermissionsPanel(this, this.#conversation);
  readonly #mcp = new McpPanel(this, this.#conversation, this.#i18n);
  readonly #trace = new TraceDrawer(this, this.#i18n);
  readonly #countdown = new RetryCountdownSlot(this, () => this.#conversation.state.retry);
  readonly #attachments = new Attachments(this, { agent: () => this.agent, current: () => this.#agent.current, options: () => this.attachments, readOnly: () => this.#tabs.readOnly, i18n: this.#i18n });
  /** The page's `agent-event`s: the conversation's last listener, so the page hears an event once every controller has. */
  readonly #outlet = new AgentEventOutlet(this, () => this.updateComplete);

  constructor() {
    super();
    this.#conversation.subscribe((event) => {
      if (event.type === 'engine') this.#engineStatus = event.status;
      this.#outlines.event(event);
    });
  }

  /**
   * What a tool card draws besides its item, each beside what that drawing
   * depends on. The cards' `guard` reads its inputs from this same table
   * (`#renderInputs`), so nothing is drawn that is not also an input: a part
   * added here is both, and no list of inputs is kept by hand.
   */
  readonly #cardParts = {
    approval: { draw: (item: ToolCallItem) => this.#approvals.panelFor(item.id), inputs: (item: ToolCallItem) => this.#approvals.inputsFor(item.id) },
    view: {
      draw: (item: ToolCallItem) => this.#views.viewFor(item) ?? this.#mcp.appView(item) ?? (showsSurface(item) ? this.#a2ui.get()?.surfaceView(item, this, this.#tabs.readOnly, this.#i18n) : undefined),
      inputs: (item: ToolCallItem) => [...this.#views.inputsFor(item), ...this.#mcp.appInputs(item), showsSurface(item) && this.#a2ui.get()],
    },
    files: { draw: (item: ToolCallItem) => this.#attachments.renderList(item.attachments, this.#i18n.words(conversationWords).filesFrom(item.name)), inputs: () => [this.#attachments.version] },
    subAgent: { draw: (item: ToolCallItem) => (item.sub ? this.#subAgentDrawing() : undefined), inputs: (item: ToolCallItem) => [item.sub && this.#subAgents.get()] },
    undo: { draw: (item: ToolCallItem) => this.#undo.draw(item), inputs: (item: ToolCallItem) => this.#undo.inputsFor(item) },
  };

  /** The agent this element drives; created from the current attributes on first use. */
  get agent(): Agent {
    return this.#agent.agent;
  }

  /**
   * Sends `text` as the user's message (verbatim: slash commands are the
   * composer's, not this method's), with `options` for this run only.
   * Throws a `busy` PageloopError while a reply is running.
   */
  send(text: string, options?: SendOptions): Run {
    const agent = this.agent;
    this.#agent.assertIdle();
    // Started first, so options refused at the call leave nothing shown; its events arrive later.
    const run = agent.send(text, options);
    this.#replies.load();
    this.#composer.history.add(text);
    // Shown at once; the run's `run-start` carries the same input and adds no second copy.
    this.#apply({ type: 'user-message', text, attachments: shownAttachments(options?.attachments) });
    this.#scroll.stick();
    return this.#agent.track(run);
  }

  /**
   * Makes the agent. Subclasses may override it to wrap or replace
   * `createAgent` (the element's tests drive a scripted agent this way).
   */
  protected createAgent(options: AgentOptions): Agent {
    return createAgent(options);
  }

  /**
   * Also waits for a stored thread on its way (after a reload, or a switch
   * of thread: its agent reads it first), for the replies' markdown to be
   * on screen (the renderers spread a long reply over several frames) and
   * for the first draw of a piece loaded on first use.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    // The thread came in: its first draw is the update it asked for.
    if (await this.#conversation.storedShown()) await super.getUpdateComplete();
    // A piece's chunk came in: its first draw is the update it asked for, which may start another
    // (a language's catalog, then the doctor's lines in it): waited for too.
    for (let seen = 0, n = await piecesLoaded(this); n > seen; seen = n, n = await piecesLoaded(this)) await super.getUpdateComplete();
    await this.#replies.renderComplete();
    return result;
  }

  /** An element action (not an agent event: no controller hears it) into the log. */
  #apply(action: ConversationAction): void {
    this.#conversation.apply(action);
  }

  /** Forgets the shown conversation (cleared, or another thread). */
  #reset(): void {
    this.#outlines.event({ type: 'clear' });
    this.#replies.clear();
    this.#approvals.clear();
    this.#attachments.clear();
    this.#conversation.clear();
    this.#window.reset();
    this.#long.clear();
  }

  // ——— user actions ———

  #retry(): void {
    this.#apply({ type: 'dismiss-error' });
    // The failed turn's user message is already in the history: run the loop on it again.
    this.#carryOn((agent) => agent.retry());
  }

  /** Starts a run that goes on from the history as it is, when none is going; undefined when refused (the error says why). */
  #carryOn(start: (agent: Agent) => Run): Run | undefined {
    try {
      const agent = this.agent;
      this.#agent.assertIdle();
      this.#scroll.stick();
      return this.#agent.track(start(agent));
    } catch (err) {
      this.#apply(errorAction(err));
      return undefined;
    }
  }

  // ——— rendering ———

  protected override render(): TemplateResult {
    const c = this.#conversation.state;
    const speech = conversationSpeech(this.#i18n);
    const w = speech.w;
    return html`
      ${this.#threads.render(c.running)}${this.#permissions.render()}${this.#mcp.render()}${this.#trace.render()}
      ${c.plan?.length ? this.#plan.get()?.renderPlan(c.plan, this.#i18n) : nothing}
      <div part="log" class="log" role="log" aria-live="polite" aria-relevant="additions" aria-label=${w.conversation}
        aria-busy=${c.running ? 'true' : 'false'} tabindex="0" @scroll=${this.#scroll.onScroll}>
        ${c.items.length === 0 ? html`<p class="empty">${w.emptyLog}</p>` : nothing}
        ${this.#window.renderEarlier(c.items.length, this.#i18n)}
        ${repeat(this.#window.drawn(c.items), (item) => item.id, (item) => guard(this.#renderInputs(item), () => this.#renderItem(item)))}
        ${renderSuggestions(c, (text) => this.send(text), speech)}
        ${renderContinue(c, () => this.#retry(), speech)}
      </div>
      ${renderErrorBanner(c, c.error?.retryable === true || c.items.some((item) => item.kind === 'user'), {
        retry: () => this.#retry(),
        dismiss: () => this.#apply({ type: 'dismiss-error' }),
      }, speech, this.#expansion(c.error), this.#errorMarkdown)}
      ${this.#engineStatus.state === 'idle' ? nothing : this.#engineView.get()?.renderEngineProgress(this.#engineStatus, this.#i18n)}
      ${renderStatusBar(this.#tabs.view(c), () => this.agent.cancel(), () => this.#carryOn((agent) => agent.resume()), (wait) => this.#countdown.line(wait, speech), speech)}
      ${this.#tabs.render(this.#i18n)}
      ${this.#mcp.renderAttached()}${this.#composer.render(this.placeholder, this.#tabs.readOnly ? this.#i18n.words(tabWords).tabReadOnly : undefined, this.#attachments.composerExtras(), this.#i18n.words(composerWords))}
      ${this.#attachments.renderDropTarget()}${this.#attachments.renderDialog()}
    `;
  }

  /**
   * What an item's rendering depends on. The reducer keeps the objects of
   * unchanged items, so a batch of deltas re-renders only the items it
   * touched, not every card and message of a long log (a tool card formats
   * its arguments and result as JSON each time it renders). A tool card's
   * inputs are its parts' (`#cardParts`).
   */
  #renderInputs(item: LogItem): unknown[] {
    // The words: a new language or new labels draw every item again.
    const words = this.#i18n.words(conversationWords);
    if (item.kind === 'assistant') return [item, words, this.#replies.elementFor(item), this.#replies.held, this.#long.has(item.id)];
    if (item.kind === 'user') return [item, words, this.#attachments.version, this.#long.has(item.id)];
    // An activity's card is drawn by a chunk loaded with the first: it draws again once that is in.
    if (item.kind === 'activity') return [item, words, isSurfaceActivity(item) ? this.#a2ui.get() : this.#activities.get()];
    // A doctor item draws again when the doctor's lines in the element's language come in (their own chunk).
    if (item.kind === 'doctor') return [item, words, doctorInputs()];
    if (item.kind !== 'tool-call') return [item, words];
    return [item, words, this.#cards.loaded, ...Object.values(this.#cardParts).flatMap((part) => part.inputs(item))];
  }

  #renderItem(item: LogItem): TemplateResult | typeof nothing {
    const words = this.#i18n.words(conversationWords);
    switch (item.kind) {
      case 'user':
        return html`${renderUserMessage(item, this.#attachments.renderList(item.attachments, words.attachedFiles), words, this.#expansion(item.id))}${this.#trace.button(item.runId)}`;
      case 'assistant':
        return renderAssistantMessage(item, this.#replies.elementFor(item), this.#replies.held, words, this.#expansion(item.id));
      case 'notice':
        return renderNotice(item, this.#i18n);
      case 'context':
        return renderContextNote(item, this.#i18n);
      case 'tool-call': {
        const parts = this.#cardParts;
        return this.#cards.render(item, () => ({ approval: parts.approval.draw(item), view: parts.view.draw(item), files: parts.files.draw(item), subAgent: parts.subAgent.draw(item), undo: parts.undo.draw(item) }), this.#i18n);
      }
      case 'doctor':
        return renderDoctor(item, this.#i18n, this);
      case 'activity':
        // A server's A2UI surface draws through the A2UI renderer (its chunk, loaded with the first); any other activity is the plain card.
        if (isSurfaceActivity(item)) return this.#a2ui.get()?.activityView(item, this, this.#tabs.readOnly, this.#i18n) ?? html``;
        return this.#activities.get()?.renderActivity(item, this.#i18n) ?? html``;
    }
  }

  /** Whether the long message (or error) `key` is opened, and the click that turns it. */
  #expansion(key: unknown): { open: boolean; toggle(): void } {
    return { open: this.#long.has(key), toggle: () => this.#long.toggle(key) };
  }

  /** A sub-agent's work, drawn by its view (once its chunk is in) with the element's `guard` and markdown renderer. */
  #subAgentDrawing(): SubAgentDrawing | undefined {
    const view = this.#subAgents.get();
    return view && ((sub, renderCard) => view.renderSubAgent(sub, renderCard, { guard, markdown: loadRenderer, i18n: this.#i18n }));
  }
}

declare global { interface HTMLElementEventMap { 'agent-event': CustomEvent<AgentEvent> } }
