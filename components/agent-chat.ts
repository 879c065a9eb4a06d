/**
 * `<agent-chat>`: a drop-in chat for a pageloop agent. The class only; the
 * tag is registered by `define.ts`, so importing this file has no side effects.
 */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { createAgent } from '../src/page/create-agent.js';
import { PageloopError } from '../src/errors.js';
import type { Agent, AgentEvent, AgentOptions, ApprovalAnswer, ApprovalRequest, Run, Tool, ToolProtocol } from '../src/types.js';
import { agentChatStyles } from './agent-chat.styles.js';
import {
  initialConversation,
  reduceConversation,
  type AssistantItem,
  type ConversationAction,
  type ConversationState,
  type LogItem,
} from './conversation-state.js';
import type { MarkdownStream } from './markdown-stream.js';
import { renderToolCard } from './tool-card.js';
import { renderApproval, type ApprovalHandlers, type ArgsEdit } from './approval-panel.js';
import { InputHistory } from './input-history.js';
import { SLASH_HELP, parseSlashCommand } from './slash-commands.js';
import { renderComposer } from './composer.js';
import { renderErrorBanner, renderStatusBar, renderSuggestions } from './run-status.js';

/** Settings that `agent.configure()` can change on a live agent. */
const CONFIGURABLE = ['baseUrl', 'model', 'apiKey', 'systemPrompt', 'maxIterations', 'approval', 'toolProtocol'] as const;

/**
 * The markdown renderer (marked + DOMPurify, about half of the element's
 * weight) is loaded when the first element connects, alongside the agent's
 * worker, rather than before the page can show anything. Replies that start
 * before it arrives show as plain text for those few milliseconds.
 */
let markdownModule: Promise<typeof import('./markdown-stream.js')> | undefined;
function loadMarkdown(): Promise<typeof import('./markdown-stream.js')> {
  return (markdownModule ??= import('./markdown-stream.js'));
}

/** How close to the bottom (px) still counts as "at the bottom" for auto-scroll. */
const STICK_DISTANCE = 32;

/**
 * A chat with an in-page agent: streams its replies as markdown, shows each
 * tool call as a card, asks the user before tools that need approval run.
 *
 * @summary A drop-in chat for a pageloop agent.
 *
 * @attr base-url - The OpenAI-compatible endpoint, e.g. `http://localhost:11434/v1`.
 * @attr model - The model id.
 * @attr api-key - Sent as a bearer token. Visible to anyone who can read the page: prefer a proxy that adds it.
 * @attr system-prompt - The system prompt.
 * @attr max-iterations - The most model calls one reply may take (default 10).
 * @attr approval - `ask` (default) asks before tools that need approval; `auto` runs them.
 * @attr tool-protocol - `auto` (default), `native` or `text`.
 * @attr thread - Keep the conversation in IndexedDB under this id, so a reload shows it. Without it nothing is stored.
 * @attr model-module - URL of an ES module whose `createModel()` the agent's worker uses instead of HTTP (scripted demos, tests).
 * @attr placeholder - The composer's placeholder.
 * @attr theme - `light`, `dark` or `auto` (default: follows `prefers-color-scheme`).
 *
 * @prop {Tool[]} tools - The page's tools; may be set before or after the element connects.
 * @prop {Agent} agent - The agent this element drives (read-only; created on first use).
 *
 * @fires {CustomEvent<AgentEvent>} agent-event - Every event of the agent loop; bubbles and is composed.
 *
 * @csspart log - The scrolling conversation (a polite live region).
 * @csspart message - A message; also carries `user` or `assistant`.
 * @csspart user - A user message.
 * @csspart assistant - An assistant message.
 * @csspart thinking - The collapsed reasoning of an assistant message.
 * @csspart tool-call - A tool call card.
 * @csspart approval - The approval panel of a call awaiting approval.
 * @csspart approve-button - Approves the call.
 * @csspart deny-button - Denies the call.
 * @csspart edit-button - Opens the argument editor.
 * @csspart always-button - Approves the call and every later call of that tool.
 * @csspart suggestion - An answer suggested by the model's question.
 * @csspart input - The composer's text area.
 * @csspart send-button - Sends the input.
 * @csspart stop-button - Stops the running reply.
 * @csspart error - The error banner.
 * @csspart step - "step n of max" while running.
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
export class AgentChat extends LitElement {
  static override styles = agentChatStyles;

  /** The OpenAI-compatible endpoint. */
  @property({ attribute: 'base-url' }) baseUrl?: string;
  /** The model id. */
  @property() model?: string;
  /** Bearer token; visible to anyone who can read the page. */
  @property({ attribute: 'api-key' }) apiKey?: string;
  /** The system prompt. */
  @property({ attribute: 'system-prompt' }) systemPrompt?: string;
  /** The most model calls one reply may take. */
  @property({ attribute: 'max-iterations', type: Number }) maxIterations?: number;
  /** Whether tools that need approval ask first (`ask`) or just run (`auto`). */
  @property() approval?: 'ask' | 'auto';
  /** How tool calls are written. */
  @property({ attribute: 'tool-protocol' }) toolProtocol?: ToolProtocol;
  /** IndexedDB thread id; changing it starts a new agent on that thread. */
  @property() thread?: string;
  /** ES module the worker loads a `ChatModel` from instead of HTTP; changing it starts a new agent. */
  @property({ attribute: 'model-module' }) modelModule?: string;
  /** The composer's placeholder. */
  @property() placeholder = 'Message the assistant…  (/help for commands)';
  /** Colour theme; `auto` follows the system. */
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'auto';
  /** The page's tools. */
  @property({ attribute: false }) tools: Tool[] = [];

  @state() private conversation: ConversationState = initialConversation();
  @state() private draft = '';
  @state() private edits: ReadonlyMap<string, ArgsEdit> = new Map();

  #agent: Agent | undefined;
  #unsubscribe: (() => void) | undefined;
  /** Each assistant block's renderer, and how much of the block's text it has been fed. */
  #streams = new Map<string, { stream: MarkdownStream; fed: number }>();
  #MarkdownStream: typeof MarkdownStream | undefined;
  #history = new InputHistory();
  #stickToBottom = true;
  #focusApproval = false;
  #run: Run | undefined;
  #disposeTimer: Promise<void> | undefined;

  /** The agent this element drives; created from the current attributes on first use. */
  get agent(): Agent {
    if (!this.#agent) this.#startAgent();
    return this.#agent!;
  }

  /**
   * Sends `text` as the user's message (verbatim: slash commands are the
   * composer's, not this method's). Throws a `busy` PageloopError while a
   * reply is running.
   */
  send(text: string): Run {
    const agent = this.agent;
    this.#assertIdle(agent);
    this.#loadRenderer();
    this.#history.add(text);
    this.#apply({ type: 'user-message', text });
    this.#stickToBottom = true;
    return this.#track(agent.send(text));
  }

  #assertIdle(agent: Agent): void {
    // `agent.running` and the run-start event both lag a send by a message
    // round trip; the run this element started is known at once.
    if (this.#run || agent.running) {
      throw new PageloopError('busy', 'The assistant is still answering; stop it or wait for the reply.');
    }
  }

  #track(run: Run): Run {
    this.#run = run;
    void run.done.then(() => {
      if (this.#run === run) this.#run = undefined;
    });
    return run;
  }

  /**
   * Makes the agent. Subclasses may override it to wrap or replace
   * `createAgent` (the element's tests drive a scripted agent this way).
   */
  protected createAgent(options: AgentOptions): Agent {
    return createAgent(options);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The renderer is loaded once the agent is ready (see #startAgent), not now:
    // parsing it here would hold up the page while the worker starts.
    // A move in the DOM disconnects and reconnects at once; keep the agent.
    this.#disposeTimer = undefined;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    const timer = Promise.resolve();
    this.#disposeTimer = timer;
    void timer.then(() => {
      if (this.#disposeTimer === timer && !this.isConnected) this.#stopAgent();
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.#agent) {
      if (changed.has('thread') || changed.has('modelModule')) {
        if (this.hasUpdated) this.#restartAgent();
      } else {
        const patch: Parameters<Agent['configure']>[0] = {};
        let any = false;
        for (const key of CONFIGURABLE) {
          if (!changed.has(key)) continue;
          any = true;
          const value = this[key];
          if (key === 'baseUrl') patch.baseURL = value as string | undefined;
          else (patch as Record<string, unknown>)[key] = value;
        }
        if (any) this.#agent.configure(patch);
        if (changed.has('tools')) this.#agent.setTools(this.tools);
      }
    } else if (this.isConnected && (!this.hasUpdated || [...CONFIGURABLE, 'thread', 'modelModule'].some((k) => changed.has(k as keyof AgentChat)))) {
      try {
        this.#startAgent();
      } catch {
        // Attributes still missing (a page often sets them just after): try
        // again when they change; a send before then reports what is missing.
      }
    }
    // Cheap when nothing changed: only new text is appended to the streams.
    this.#syncStreams();
  }

  /**
   * Also waits for the replies' markdown to be on screen: the renderers
   * spread a long reply over several frames.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    await Promise.all([...this.#streams.values()].map((entry) => entry.stream.renderComplete));
    return result;
  }

  protected override updated(): void {
    this.#scrollIfStuck();
    if (this.#focusApproval) {
      this.#focusApproval = false;
      this.renderRoot.querySelector<HTMLElement>('[part~="approval"]')?.focus();
    }
  }

  #agentOptions(): AgentOptions {
    const options: AgentOptions = { baseURL: this.baseUrl ?? '', model: this.model ?? '', tools: this.tools };
    if (this.apiKey) options.apiKey = this.apiKey;
    if (this.systemPrompt) options.systemPrompt = this.systemPrompt;
    if (this.maxIterations !== undefined && Number.isFinite(this.maxIterations)) options.maxIterations = this.maxIterations;
    if (this.approval === 'ask' || this.approval === 'auto') options.approval = this.approval;
    if (this.toolProtocol) options.toolProtocol = this.toolProtocol;
    if (this.thread) options.thread = this.thread;
    if (this.modelModule) options.modelModule = this.modelModule;
    return options;
  }

  /** Loads the markdown renderer (marked, DOMPurify); until then replies show as plain text. */
  #loadRenderer(): void {
    if (this.#MarkdownStream) return;
    void loadMarkdown().then((m) => {
      this.#MarkdownStream = m.MarkdownStream;
      this.requestUpdate();
    });
  }

  #startAgent(): void {
    const agent = this.createAgent(this.#agentOptions());
    this.#agent = agent;
    void agent.ready.then(
      () => this.#loadRenderer(),
      () => this.#loadRenderer(),
    );
    this.#unsubscribe = agent.on((event) => this.#onAgentEvent(agent, event));
    if (this.thread) {
      // A stored thread: show what it holds once the worker has loaded it.
      void agent.ready
        .then(() => agent.messages())
        .then((messages) => {
          if (this.#agent === agent && !this.conversation.running && this.conversation.items.length === 0 && messages.length > 0) {
            this.#apply({ type: 'history-loaded', messages });
          }
        })
        .catch(() => {
          // A thread that cannot be read shows as empty; the agent reports storage errors itself.
        });
    }
  }

  #stopAgent(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#agent?.dispose();
    this.#agent = undefined;
  }

  #restartAgent(): void {
    this.#stopAgent();
    this.#run = undefined;
    this.#streams.clear();
    this.conversation = reduceConversation(this.conversation, { type: 'clear' });
    this.edits = new Map();
    this.#startAgent();
  }

  #onAgentEvent(agent: Agent, event: AgentEvent): void {
    if (agent !== this.#agent) return;
    if (event.type === 'approval-request') this.#focusApproval = true;
    this.#apply(event);
    this.dispatchEvent(new CustomEvent<AgentEvent>('agent-event', { detail: event, bubbles: true, composed: true }));
  }

  #apply(action: ConversationAction): void {
    this.conversation = reduceConversation(this.conversation, action);
  }

  /** Brings each assistant block's markdown stream up to the reducer's text (appending only what is new). */
  #syncStreams(): void {
    const Stream = this.#MarkdownStream;
    if (!Stream) return;
    const live = new Set<string>();
    for (const item of this.conversation.items) {
      if (item.kind !== 'assistant') continue;
      live.add(item.id);
      let entry = this.#streams.get(item.id);
      if (!entry) {
        entry = { stream: new Stream({ onRender: () => this.#scrollIfStuck() }), fed: 0 };
        this.#streams.set(item.id, entry);
      }
      // Counted here, not from the stream's text, which drops carriage returns.
      if (item.text.length > entry.fed) {
        entry.stream.append(item.text.slice(entry.fed));
        entry.fed = item.text.length;
      }
      // Rendering the rest is the stream's, over the next frames: never a long task here.
      if (!item.streaming) entry.stream.finish();
    }
    for (const id of this.#streams.keys()) if (!live.has(id)) this.#streams.delete(id);
  }

  #scrollIfStuck(): void {
    if (!this.#stickToBottom) return;
    const log = this.renderRoot.querySelector<HTMLElement>('.log');
    if (log) log.scrollTop = log.scrollHeight;
  }

  #onLogScroll(e: Event): void {
    const log = e.currentTarget as HTMLElement;
    this.#stickToBottom = log.scrollHeight - log.scrollTop - log.clientHeight < STICK_DISTANCE;
  }

  // ——— user actions ———

  #answer(request: ApprovalRequest, answer: ApprovalAnswer): void {
    const agent = this.agent;
    // "Always allow" also answers the other pending calls of that tool in this turn.
    const targets = answer.always
      ? this.conversation.approvals.filter((r) => r.name === request.name)
      : [request];
    const edits = new Map(this.edits);
    for (const target of targets) {
      const own: ApprovalAnswer = target === request ? answer : { approve: true, always: true };
      agent.respond(target.callId, own);
      this.#apply({ type: 'approval-answered', callId: target.callId, approve: own.approve });
      edits.delete(target.callId);
    }
    this.edits = edits;
    if (this.conversation.approvals.length > 0) this.#focusApproval = true;
    else void this.updateComplete.then(() => this.#input()?.focus());
  }

  readonly #approvalHandlers: ApprovalHandlers = {
    answer: (request, answer) => this.#answer(request, answer),
    edit: (request, edit) => {
      const edits = new Map(this.edits);
      if (edit) edits.set(request.callId, edit);
      else edits.delete(request.callId);
      this.edits = edits;
    },
  };

  #toolNamed(name: string): Tool | undefined {
    // Names come from the model: look them up as own entries only.
    const byName: Record<string, Tool> = Object.create(null) as Record<string, Tool>;
    for (const tool of this.tools) byName[tool.name] = tool;
    return Object.hasOwn(byName, name) ? byName[name] : undefined;
  }

  #input(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector<HTMLTextAreaElement>('textarea[part~="input"]');
  }

  #submit(): void {
    const text = this.draft.trim();
    if (text === '') return;
    const command = parseSlashCommand(text);
    if (command !== null) {
      this.#history.add(text);
      this.draft = '';
      void this.#runCommand(command);
      return;
    }
    if (this.conversation.running || this.#run) return;
    this.draft = '';
    try {
      this.send(text);
    } catch (err) {
      this.#apply({ type: 'error', message: errorMessage(err), retryable: false });
    }
  }

  async #runCommand(command: ReturnType<typeof parseSlashCommand>): Promise<void> {
    if (command === 'help') this.#apply({ type: 'notice', text: SLASH_HELP });
    else if (command === 'stop') this.agent.cancel();
    else if (command === 'clear') {
      if (this.conversation.running) this.agent.cancel();
      this.#streams.clear();
      this.edits = new Map();
      this.#apply({ type: 'clear' });
      await this.agent.clear();
    } else this.#apply({ type: 'notice', text: `Unknown command. ${SLASH_HELP}` });
  }

  #retry(): void {
    this.#apply({ type: 'dismiss-error' });
    try {
      const agent = this.agent;
      this.#assertIdle(agent);
      // The failed turn's user message is already in the history: run the loop on it again.
      this.#stickToBottom = true;
      this.#track(agent.retry());
    } catch (err) {
      this.#apply({ type: 'error', message: errorMessage(err), retryable: false });
    }
  }

  // ——— rendering ———

  protected override render(): TemplateResult {
    const c = this.conversation;
    return html`
      <div part="log" class="log" role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation"
        aria-busy=${c.running ? 'true' : 'false'} tabindex="0" @scroll=${this.#onLogScroll}>
        ${c.items.length === 0 ? html`<p class="empty">Ask a question to start. Type /help for commands.</p>` : nothing}
        ${repeat(c.items, (item) => item.id, (item) => guard(this.#renderInputs(item), () => this.#renderItem(item)))}
        ${renderSuggestions(c, (text) => this.send(text))}
      </div>
      ${renderErrorBanner(c, c.error?.retryable === true || c.items.some((item) => item.kind === 'user'), {
        retry: () => this.#retry(),
        dismiss: () => this.#apply({ type: 'dismiss-error' }),
      })}
      ${renderStatusBar(c, () => this.agent.cancel())}
      ${renderComposer({
        draft: this.draft,
        placeholder: this.placeholder,
        busy: c.running,
        history: this.#history,
        setDraft: (text) => (this.draft = text),
        submit: () => this.#submit(),
      })}
    `;
  }

  /**
   * What an item's rendering depends on. The reducer keeps the objects of
   * unchanged items, so a batch of deltas re-renders only the items it
   * touched, not every card and message of a long log (a tool card formats
   * its arguments and result as JSON each time it renders).
   */
  #renderInputs(item: LogItem): unknown[] {
    if (item.kind === 'assistant') return [item, this.#streams.get(item.id)?.stream];
    if (item.kind !== 'tool-call') return [item];
    const request = this.conversation.approvals.find((r) => r.callId === item.id);
    return request ? [item, request, this.edits.get(request.callId), this.#toolNamed(request.name)] : [item];
  }

  #renderItem(item: LogItem): TemplateResult {
    switch (item.kind) {
      case 'user':
        return html`<div part="message user" class="message user"><span class="visually-hidden">You: </span>${item.text}</div>`;
      case 'assistant':
        return this.#renderAssistant(item);
      case 'notice':
        return html`<p class="notice">${item.text}</p>`;
      case 'tool-call': {
        const request = this.conversation.approvals.find((r) => r.callId === item.id);
        const panel = request
          ? renderApproval(request, this.edits.get(request.callId), this.#toolNamed(request.name), this.#approvalHandlers)
          : nothing;
        return renderToolCard(item, panel);
      }
    }
  }

  #renderAssistant(item: AssistantItem): TemplateResult {
    const stream = this.#streams.get(item.id)?.stream;
    const thinkingOpen = item.streaming && item.text === '' && item.thinking !== '';
    return html`<div part="message assistant" class="message assistant">
      ${item.thinking
        ? html`<details part="thinking" class="thinking">
            <summary>${thinkingOpen ? 'Thinking…' : 'Thought'}</summary>
            <div class="thinking-text">${item.thinking}</div>
          </details>`
        : nothing}
      ${item.text === '' ? nothing : stream ? stream.element : html`<div class="markdown plain">${item.text}</div>`}
    </div>`;
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

declare global {
  interface HTMLElementEventMap {
    'agent-event': CustomEvent<AgentEvent>;
  }
}
