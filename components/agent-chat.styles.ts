/**
 * Styles of `<agent-chat>`. Every colour, the font, the radius and the
 * spacing are CSS custom properties with defaults on `:host`, so a page
 * restyles the element by setting them (or by `::part()`); the dark theme
 * follows `prefers-color-scheme` unless the `theme` attribute says otherwise.
 * Sides are logical (`margin-inline-start`…), so a right-to-left chat is
 * mirrored; code (`pre`, `code`) reads left to right in every language.
 */
import { css } from 'lit';
import { chatDrawerStyles } from './chat-drawers.styles.js';
import { darkPalette, lightPalette } from './palette.styles.js';

/** The element's stylesheet (adopted, so strict `style-src` pages accept it). */
export const agentChatStyles = css`
  :host {
    ${lightPalette}

    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    min-height: 0;
    height: 100%;
    font-family: var(--agent-chat-font);
    font-size: var(--agent-chat-font-size);
    line-height: 1.5;
    color: var(--agent-chat-fg);
    background: var(--agent-chat-bg);
    color-scheme: light;
  }
  :host([hidden]) {
    display: none;
  }

  :host([theme='dark']) {
    ${darkPalette}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light']):not([theme='dark'])) {
      ${darkPalette}
    }
  }

  *, *::before, *::after { box-sizing: border-box; }
  :focus-visible { outline: 2px solid var(--agent-chat-focus); outline-offset: 2px; }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }

  button {
    font: inherit;
    color: var(--agent-chat-fg);
    background: var(--agent-chat-surface);
    border: 1px solid var(--agent-chat-border);
    border-radius: calc(var(--agent-chat-radius) * 0.6);
    padding: 4px 10px;
    cursor: pointer;
  }
  button:hover:not(:disabled) { border-color: var(--agent-chat-accent); }
  button:disabled { opacity: 0.55; cursor: not-allowed; }
  button.primary {
    background: var(--agent-chat-accent);
    border-color: var(--agent-chat-accent);
    color: var(--agent-chat-accent-fg);
  }

  /* Block layout, not flex: while a reply streams, a flex column would be
     laid out again item by item on every frame of a long conversation. */
  .log {
    flex: 1 1 auto;
    min-height: min(6em, 25%);
    overflow-y: auto;
    padding: var(--agent-chat-spacing);
    overscroll-behavior: contain;
  }
  .log > * { margin: 0; }
  .log > * + * { margin-top: calc(var(--agent-chat-spacing) * 0.75); }
  .log > .log-earlier { display: block; margin-inline: auto; font-size: 0.88em; }
  .log > .empty { color: var(--agent-chat-muted); margin: 20% auto 0; text-align: center; max-width: 28ch; }

  .message {
    width: fit-content;
    max-width: 92%;
    padding: calc(var(--agent-chat-spacing) * 0.6) var(--agent-chat-spacing);
    border-radius: var(--agent-chat-radius);
    overflow-wrap: anywhere;
  }
  .message.user {
    margin-inline-start: auto;
    background: var(--agent-chat-user-bg);
    color: var(--agent-chat-user-fg);
    white-space: pre-wrap;
    border-end-end-radius: calc(var(--agent-chat-radius) * 0.3);
  }
  .message.assistant {
    background: var(--agent-chat-assistant-bg);
    border: 1px solid var(--agent-chat-border);
    border-end-start-radius: calc(var(--agent-chat-radius) * 0.3);
  }
  .markdown.plain { white-space: pre-wrap; }
  /* A reply waiting for the markdown renderer (message-view.ts): it is coming, never shown as raw markdown. */
  .reply-held { color: var(--agent-chat-muted); letter-spacing: 0.1em; }
  /* A plain reply's paragraphs (message-view.ts): off screen, each is skipped by layout, a few lines tall until laid out. */
  .plain-part { content-visibility: auto; contain-intrinsic-block-size: auto 3lh; }
  /* The renderer's warm-up sample (markdown-warmup.ts): laid out like a reply, never painted, hit or in the flow. */
  .markdown-warmup { position: absolute; inset-inline-start: 0; top: 0; width: 600px; height: 0; overflow: hidden; contain: strict; visibility: hidden; pointer-events: none; }
  .notice { text-align: center; color: var(--agent-chat-muted); font-size: 0.9em; }

  code, pre { font-family: var(--agent-chat-mono-font); font-size: 0.92em; }
  pre { direction: ltr; text-align: left; unicode-bidi: isolate; }
  code { unicode-bidi: isolate; }
  pre {
    background: var(--agent-chat-code-bg);
    border-radius: calc(var(--agent-chat-radius) * 0.6);
    padding: 8px 10px;
    overflow-x: auto;
    white-space: pre;
  }

  .thinking { color: var(--agent-chat-muted); font-size: 0.92em; margin-bottom: 0.4em; }
  .thinking summary { cursor: pointer; }
  .thinking-text { white-space: pre-wrap; margin: 0.3em 0 0; padding-inline-start: 0.8em; border-inline-start: 2px solid var(--agent-chat-border); }


  .continue { display: flex; justify-content: center; }
  .suggestions { display: flex; flex-wrap: wrap; gap: 6px; }
  .suggestions button { border-radius: 999px; }

  .error {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    /* Never taller than a share of the element (issue 37): opened, a long message scrolls inside. */
    flex: 0 1 auto; min-height: 0; max-height: 40%; overflow-y: auto; overscroll-behavior: contain;
    margin: 0 var(--agent-chat-spacing);
    padding: 8px 10px;
    border-radius: calc(var(--agent-chat-radius) * 0.6);
    background: var(--agent-chat-danger-bg);
    color: var(--agent-chat-fg);
    border: 1px solid var(--agent-chat-danger);
  }
  .error-text { flex: 1 1 12em; overflow-wrap: anywhere; white-space: pre-wrap; }
  .error.clamped .error-text { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden; max-height: 4.5em; }
  /* Formatted (a server's markdown): paragraphs without their outer margins, lines as markdown breaks them. */
  .error-text.markdown { white-space: normal; }
  .error-text.markdown > :first-child { margin-top: 0; }
  .error-text.markdown > :last-child { margin-bottom: 0; }
  .error-raw { flex: 1 0 100%; font-size: 0.88em; }
  .error-raw pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0 0; }
  .error-actions { display: flex; flex-wrap: wrap; gap: 6px; margin-inline-start: auto; }
  /* Long text drawn bounded (long-text.ts): a long reply clipped until "Show all"; a paste's rest is a hidden span. */
  .message.clipped > :is(.markdown, .long-head) { max-height: 30em; overflow: hidden; mask-image: linear-gradient(#000 80%, transparent); }
  .message.clipped > .long-head { max-height: 16em; }
  .show-all-row { margin-top: 4px; white-space: normal; }
  .show-all { font-size: 0.85em; padding: 1px 8px; }
  .message.user .show-all { color: inherit; background: transparent; border-color: currentColor; }
  /* The composer and the status line never shrink; the log keeps a few lines for the latest message (issue 37). */
  .composer, .status-line { flex-shrink: 0; }

  /* A quiet line under the log: the status bar (run-status.ts) and the in-page engine's progress (engine-progress.ts). */
  .status-line {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 4px var(--agent-chat-spacing);
    color: var(--agent-chat-muted);
    font-size: 0.9em;
  }
  .status-bar { min-height: 1.8em; }
  .status-bar .step { flex: 1; }
  .status-bar .usage { margin-inline-start: auto; font-variant-numeric: tabular-nums; }
  .context-note { font-size: 0.8em; font-style: italic; }

  .composer {
    display: flex;
    gap: 8px;
    align-items: flex-end;
    padding: var(--agent-chat-spacing);
    padding-top: 4px;
    border-top: 1px solid var(--agent-chat-border);
  }
  .composer textarea {
    flex: 1;
    resize: none;
    min-height: 2.6em;
    max-height: 10em;
    font: inherit;
    color: var(--agent-chat-fg);
    background: var(--agent-chat-bg);
    border: 1px solid var(--agent-chat-border);
    border-radius: var(--agent-chat-radius);
    padding: 8px 10px;
  }
  .composer textarea::placeholder { color: var(--agent-chat-muted); }
  .composer { flex-wrap: wrap; }
  .workflow-badge {
    display: block; width: fit-content; margin-bottom: 4px; padding: 1px 8px; border-radius: 999px;
    font-size: 0.8em; background: var(--agent-chat-surface); color: var(--agent-chat-fg);
    border: 1px solid var(--agent-chat-border);
  }
  .composer textarea:disabled { background: var(--agent-chat-surface); cursor: not-allowed; }
  .tab-notice {
    padding: 6px var(--agent-chat-spacing);
    border-top: 1px solid var(--agent-chat-border);
    background: var(--agent-chat-warning-bg);
    color: var(--agent-chat-fg);
    font-size: 0.9em;
  }
  .composer button { padding: 8px 14px; border-radius: var(--agent-chat-radius); }
  /* Attachments (attachments.ts): the button and the drop target up front; the chips' styles load with them. */
  .composer .attach-button { padding: 8px; display: inline-grid; place-items: center; color: var(--agent-chat-muted); }
  .composer .attach-button:hover:not(:disabled) { color: var(--agent-chat-fg); }
  .attachments-busy { flex-basis: 100%; margin: 0; color: var(--agent-chat-muted); font-size: 0.85em; }
  :host { position: relative; }
  .drop-target {
    position: absolute; inset: 6px; z-index: 3; display: grid; place-items: center; pointer-events: none;
    border: 2px dashed var(--agent-chat-accent); border-radius: var(--agent-chat-radius);
    background: color-mix(in srgb, var(--agent-chat-bg) 85%, transparent); color: var(--agent-chat-accent); font-weight: 600;
  }

  ${chatDrawerStyles}

  /* Windows High Contrast (forced colors): the browser paints system colours and drops backgrounds, so what
     a background alone told (a user's bubble, the primary button, an approval, the open thread) gets a
     border or an outline in system colours (issue 37). */
  @media (forced-colors: active) {
    /* Each rule starts at :host, so the sheets of the pieces loaded later (adopted after this one) do not undo it. */
    :host :is(.message, .tool-call, .drawer, textarea, .mcp-attachment) { border: 1px solid CanvasText; }
    :host :is(.approval, .error) { border: 2px solid CanvasText; }
    :host button { border: 1px solid ButtonText; }
    :host button.primary { forced-color-adjust: none; background: Highlight; color: HighlightText; border-color: Highlight; }
    :host button:disabled { forced-color-adjust: none; background: Canvas; color: GrayText; border-color: GrayText; opacity: 1; }
    :host :focus-visible { outline: 2px solid Highlight; outline-offset: 2px; }
    :host :is([aria-current='true'], .show-all[aria-expanded='true']) { outline: 2px solid Highlight; }
    :host .message.clipped > :is(.markdown, .long-head) { mask-image: none; }
  }
`;

/** Every sheet the element adopts up front (the pieces loaded on first use bring their own: lazy-view.ts). */
export const agentChatSheets = [agentChatStyles];
