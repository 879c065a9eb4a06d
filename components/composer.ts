/**
 * The composer: a multiline input where Enter sends, Shift+Enter adds a
 * line, ↑ / ↓ at the first / last line recall earlier inputs, and Tab
 * completes a command or workflow name. `Composer` owns the draft and the
 * history, and splits what is entered into slash commands (the element's
 * own, never sent to the model), `/workflow` runs and messages.
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { InputHistory } from './input-history.js';
import { parseSlashCommand, type SlashCommand } from './slash-commands.js';
import { parsePromptCommand, type PromptCommand } from './mcp-prompt-command.js';
import { completeDraft, parseWorkflowCommand, renderCompletions, type WorkflowCommand, type Workflows } from './workflow-command.js';

/** What the composer needs from the element. */
export interface ComposerHost {
  draft: string;
  placeholder: string;
  /** True while a reply runs (Send is disabled; the Stop button is elsewhere). */
  busy: boolean;
  history: InputHistory;
  /** The workflows `/workflow` can start (and Tab completes). */
  workflows: Workflows;
  /** Set: nothing can be sent here, and this says why (shown as the placeholder; the input is disabled). */
  readOnly?: string;
  setDraft(text: string): void;
  submit(): void;
  /** What the composer carries besides the text: the attachments' chips and the attach button, before the input. */
  extras?: ComposerExtras;
}

/** What the element puts around the input (attachments.ts). */
export interface ComposerExtras {
  before: unknown;
  /** True while files are attached: Send sends even without text. */
  attached: boolean;
}

/** Handles the composer's keys; returns nothing, prevents the default where it acted. */
export function composerKeydown(e: KeyboardEvent, host: ComposerHost): void {
  const input = e.currentTarget as HTMLTextAreaElement;
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    host.submit();
    return;
  }
  if (e.shiftKey) return;
  // Tab completes a command only when it has something to add; otherwise it moves focus as usual.
  if (e.key === 'Tab') {
    const completed = completeDraft(input.value, host.workflows);
    if (completed !== null) {
      e.preventDefault();
      host.setDraft(completed);
    }
    return;
  }
  // Only at the edges: inside a multiline draft the arrows move the caret as usual.
  if (e.key === 'ArrowUp' && !input.value.slice(0, input.selectionStart).includes('\n')) {
    const previous = host.history.previous(input.value);
    if (previous !== null) {
      e.preventDefault();
      host.setDraft(previous);
    }
  } else if (e.key === 'ArrowDown' && !input.value.slice(input.selectionEnd).includes('\n')) {
    const next = host.history.next();
    if (next !== null) {
      e.preventDefault();
      host.setDraft(next);
    }
  }
}

/** Renders the composer. */
export function renderComposer(host: ComposerHost): TemplateResult {
  return html`<form class="composer" @submit=${(e: Event) => {
      e.preventDefault();
      host.submit();
    }}>
    ${renderCompletions(host.draft, host.workflows)}${host.extras?.before}
    <textarea part="input" rows="2" aria-label="Message" placeholder=${host.readOnly ?? host.placeholder} ?disabled=${host.readOnly !== undefined}
      .value=${live(host.draft)}
      @input=${(e: Event) => host.setDraft((e.target as HTMLTextAreaElement).value)}
      @keydown=${(e: KeyboardEvent) => composerKeydown(e, host)}></textarea>
    <button part="send-button" class="primary" type="submit" ?disabled=${host.busy || host.readOnly !== undefined || (host.draft.trim() === '' && !host.extras?.attached)}>Send</button>
  </form>`;
}

/** What the composer hands back to the element. */
export interface ComposerBinding {
  /** True while a reply runs: a message waits in the draft, a command still runs. */
  busy(): boolean;
  /** Sends a message (already remembered in the history). */
  send(text: string): void;
  /** Runs a slash command. */
  command(command: SlashCommand | 'unknown'): void;
  /** Runs a `/workflow` command (lists, refuses or starts). */
  workflow(command: WorkflowCommand): void;
  /** The workflows `/workflow` can start. */
  workflows(): Workflows;
  /** Runs an MCP server's prompt (`/server:prompt args`); absent: such input is a message. */
  prompt?(command: PromptCommand): void;
  /** True while files are attached: a message without text can be sent. */
  attached?(): boolean;
}

/** Owns the draft and the input history of one element. */
export class Composer {
  #host: ReactiveControllerHost;
  #binding: ComposerBinding;
  #draft = '';
  /** Earlier inputs, for ↑ / ↓. */
  readonly history = new InputHistory();

  constructor(host: ReactiveControllerHost, binding: ComposerBinding) {
    this.#host = host;
    this.#binding = binding;
  }

  /** The text in the composer now. */
  get draft(): string {
    return this.#draft;
  }

  set draft(text: string) {
    this.#draft = text;
    this.#host.requestUpdate();
  }

  /** What Enter and the Send button do: run a command, or send the draft when idle. */
  submit(): void {
    const text = this.#draft.trim();
    if (text === '' && !this.#binding.attached?.()) return;
    const workflow = parseWorkflowCommand(text);
    if (workflow !== null) {
      this.history.add(text);
      this.draft = '';
      this.#binding.workflow(workflow);
      return;
    }
    const command = parseSlashCommand(text);
    if (command !== null) {
      this.history.add(text);
      this.draft = '';
      this.#binding.command(command);
      return;
    }
    if (this.#binding.busy()) return;
    const prompt = this.#binding.prompt && parsePromptCommand(text);
    if (prompt) {
      this.history.add(text);
      this.draft = '';
      this.#binding.prompt!(prompt);
      return;
    }
    this.draft = '';
    this.#binding.send(text);
  }

  /** Renders the composer. */
  render(placeholder: string, readOnly?: string, extras?: ComposerExtras): TemplateResult {
    return renderComposer({
      ...(extras ? { extras } : {}),
      draft: this.#draft,
      placeholder,
      ...(readOnly === undefined ? {} : { readOnly }),
      busy: this.#binding.busy(),
      history: this.history,
      workflows: this.#binding.workflows(),
      setDraft: (text) => (this.draft = text),
      submit: () => this.submit(),
    });
  }
}
