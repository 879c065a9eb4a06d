/**
 * The composer: a multiline input where Enter sends, Shift+Enter adds a
 * line, ↑ / ↓ at the first / last line recall earlier inputs, and Tab
 * completes a command or workflow name. `Composer` owns the draft and the
 * history, and splits what is entered into commands (the element's own,
 * never sent to the model: composer-commands.ts, a chunk loaded the first
 * time the draft starts with "/") and messages.
 *
 * Invariant: the draft is cleared only once what it held was taken. A send
 * or a command start refused at once (no model, another reply running, bad
 * options) leaves the draft as it was, and the element shows why; one the
 * agent refuses before its run starts (another tab writes the thread, a run
 * started elsewhere won the race) puts the text back, unless something new
 * was typed meanwhile. A message longer than half the model's context
 * window (about 4 characters a token) is not sent until the user picks Send
 * anyway or Trim to fit (too-long.ts, loaded then).
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { InputHistory } from './input-history.js';
import { adoptStyles, trackLoad } from '../lazy-view.js';
import type { CommandTarget } from './composer-commands.js';
import { composerWords, type ComposerWords } from './composer-words.js';
import type { Run } from '../../src/types.js';
import type { ComposerWindow, TooLong } from './too-long.js';
import type { I18n } from '../i18n/index.js';

type Commands = typeof import('./composer-commands.js');
type TooLongView = typeof import('./too-long.js');

/** What the composer needs from the element. */
export interface ComposerHost {
  draft: string;
  placeholder: string;
  /** True while a reply runs (Send is disabled; the Stop button is elsewhere). */
  busy: boolean;
  history: InputHistory;
  /** Set: nothing can be sent here, and this says why (shown as the placeholder; the input is disabled). */
  readOnly?: string;
  setDraft(text: string): void;
  submit(): void;
  /** What Tab makes of the draft (a command or workflow name completed); null when nothing completes. */
  complete(draft: string): string | null;
  /** The candidates under the input while a command is typed. */
  completions: TemplateResult | typeof nothing;
  /** What the composer carries besides the text: the attachments' chips and the attach button, before the input. */
  extras?: ComposerExtras;
  /** The composer's words in the element's language. */
  words?: ComposerWords;
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
    const completed = host.complete(input.value);
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
  const w = host.words ?? composerWords;
  // `dir=auto` once there is text (English typed in an Arabic chat reads left to right); empty, the
  // input takes the element's direction, so the placeholder is laid out in the chat's language.
  return html`<form class="composer" @submit=${(e: Event) => {
      e.preventDefault();
      host.submit();
    }}>
    ${host.completions}${host.extras?.before}
    <textarea part="input" rows="2" dir=${host.draft ? 'auto' : nothing} aria-label=${w.message} placeholder=${host.readOnly ?? host.placeholder} ?disabled=${host.readOnly !== undefined}
      .value=${live(host.draft)}
      @input=${(e: Event) => host.setDraft((e.target as HTMLTextAreaElement).value)}
      @keydown=${(e: KeyboardEvent) => composerKeydown(e, host)}></textarea>
    <button part="send-button" class="primary" type="submit" ?disabled=${host.busy || host.readOnly !== undefined || (host.draft.trim() === '' && !host.extras?.attached)}>${w.send}</button>
  </form>`;
}

/** What the composer hands back to the element. */
export interface ComposerBinding {
  /** True while a reply runs: a message waits in the draft, a command still runs. */
  busy(): boolean;
  /** Sends a message: its run, or undefined when it was refused at once (the element says why). */
  send(text: string): Run | undefined;
  /** What the commands act on (`/clear`, `/workflow …`, an MCP prompt, …). */
  commands: CommandTarget;
  /** True while files are attached: a message without text can be sent. */
  attached?(): boolean;
  /** The model's context window, to warn before sending a message that cannot fit it. */
  window?(): ComposerWindow;
  /** The element's language, for the chunks the composer loads (the too-long warning); English without it. */
  readonly i18n?: I18n;
}

/** Owns the draft and the input history of one element. */
export class Composer {
  #host: ReactiveControllerHost & HTMLElement;
  #binding: ComposerBinding;
  #draft = '';
  #commands: Commands | undefined;
  #loading: Promise<Commands> | undefined;
  /** A draft too long for the window, waiting for Send anyway or Trim (and the view that asks). */
  #tooLong: { view: TooLongView; waiting: TooLong } | undefined;
  /** The user chose Send anyway for this exact text. */
  #sendAnyway: string | undefined;
  /** The words of the last render (a notice written later speaks the same language). */
  #words: ComposerWords = composerWords;
  /** Earlier inputs, for ↑ / ↓. */
  readonly history = new InputHistory();

  constructor(host: ReactiveControllerHost & HTMLElement, binding: ComposerBinding) {
    this.#host = host;
    this.#binding = binding;
  }

  /** The text in the composer now. */
  get draft(): string {
    return this.#draft;
  }

  set draft(text: string) {
    this.#draft = text;
    if (this.#tooLong && this.#tooLong.waiting.text !== text.trim()) this.#tooLong = undefined;
    // A command is being typed: its code (and Tab's completions) come now.
    if (text.startsWith('/')) void this.#loadCommands();
    this.#host.requestUpdate();
  }

  /** What Enter and the Send button do: run a command, or send the draft when idle. */
  submit(): void {
    const text = this.#draft.trim();
    if (text === '' && !this.#binding.attached?.()) return;
    if (text.startsWith('/')) {
      // Entered before the commands' code was in (a pasted command): run once it is.
      if (!this.#commands) {
        return void this.#loadCommands().then(
          () => this.submit(),
          (err: unknown) => this.#binding.commands.notice(this.#words.commandsNotLoaded(err instanceof Error ? err.message : String(err))),
        );
      }
      const ran = this.#commands.runCommand(text, this.#binding.commands, this.#binding.busy());
      if (ran !== 'message') {
        this.history.add(text);
        // A command refused (an unknown workflow, a start refused) keeps the draft to mend.
        if (ran === 'kept') return;
        this.draft = '';
        if (typeof ran === 'object') this.#giveBackIfRefused(text, ran);
        return;
      }
    }
    this.#send(text);
  }

  /** Renders the composer. */
  render(placeholder: string | undefined, readOnly?: string, extras?: ComposerExtras, words: ComposerWords = composerWords): TemplateResult {
    this.#words = words;
    const commands = this.#commands;
    const workflows = this.#binding.commands.workflows();
    const tooLong = this.#tooLong;
    const warning = tooLong ? tooLong.view.renderTooLong(tooLong.waiting, { sendAnyway: () => this.#sendAnywayNow(), trim: () => this.#trim() }, this.#binding.i18n) : nothing;
    return renderComposer({
      ...(extras ? { extras } : {}),
      draft: this.#draft,
      placeholder: placeholder ?? words.placeholder,
      words,
      ...(readOnly === undefined ? {} : { readOnly }),
      busy: this.#binding.busy(),
      history: this.history,
      setDraft: (text) => (this.draft = text),
      submit: () => this.submit(),
      complete: (draft) => commands?.completeDraft(draft, workflows) ?? null,
      completions: html`${warning}${commands?.renderCompletions(this.#draft, workflows) ?? nothing}`,
    });
  }

  /** A message: sent when idle, else it waits in the draft; a refused one stays there. */
  #send(text: string): void {
    if (this.#binding.busy()) return;
    const window = this.#binding.window?.();
    if (window && text.length > window.tokens * 2 && this.#sendAnyway !== text) return void this.#warn(text, window);
    this.#sendAnyway = undefined;
    this.#tooLong = undefined;
    const run = this.#binding.send(text);
    if (!run) return;
    this.draft = '';
    this.#giveBackIfRefused(text, run);
  }

  /** Puts `text` back in an empty draft when the agent refuses `run` before it starts. */
  #giveBackIfRefused(text: string, run: Run): void {
    void refusedBeforeStart(run).then((refused) => {
      if (refused && this.#draft === '') this.draft = text;
    });
  }

  /** Asks before sending `text`, too long for `window` (the view loads now, the first time). */
  async #warn(text: string, window: ComposerWindow): Promise<void> {
    const view = await import('./too-long.js');
    if (this.#draft.trim() !== text) return;
    adoptStyles(this.#host, view.tooLongStyles);
    this.#tooLong = { view, waiting: { text, tokens: Math.ceil(text.length / view.CHARS_PER_TOKEN), window } };
    this.#host.requestUpdate();
  }

  #sendAnywayNow(): void {
    const waiting = this.#tooLong?.waiting;
    if (!waiting) return;
    this.#sendAnyway = waiting.text;
    this.#send(waiting.text);
  }

  /** The draft keeps what fits; the whole text goes to the input history (↑ brings it back). */
  #trim(): void {
    const tooLong = this.#tooLong;
    if (!tooLong) return;
    this.history.add(tooLong.waiting.text);
    this.#tooLong = undefined;
    this.draft = tooLong.waiting.text.slice(0, tooLong.view.fittingChars(tooLong.waiting.window));
  }

  #loadCommands(): Promise<Commands> {
    if (this.#loading) return this.#loading;
    this.#loading = import('./composer-commands.js').then(
      (module) => {
        adoptStyles(this.#host, module.commandStyles);
        this.#commands = module;
        this.#host.requestUpdate();
        return module;
      },
      (err: unknown) => {
        // Not loaded (offline): the next command typed tries again.
        this.#loading = undefined;
        throw err;
      },
    );
    // The element's updateComplete waits for it (the completions' first draw).
    trackLoad(this.#host, this.#loading.then(() => {}, () => {}));
    return this.#loading;
  }
}

/** True when `run` ended without starting: the agent refused it (its `final` came with no `run-start`). */
export async function refusedBeforeStart(run: Run): Promise<boolean> {
  for await (const event of run) {
    if (event.type === 'run-start') return false;
    if (event.type === 'final') return true;
  }
  return false;
}
