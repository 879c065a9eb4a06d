/**
 * Styles of `<agent-trace>`: the palette of `<agent-chat>` (palette.styles.ts;
 * `theme="inherit"` takes the enclosing element's instead, as inside the
 * chat's drawer), and a waterfall that reads at 420 px — each row is a title
 * and its times, a full-width bar on the run's axis, then its facts, so
 * nothing is squeezed into columns. Bars are placed by `--left`/`--width`
 * (set through the CSSOM, which strict `style-src` pages allow).
 */
import { css } from 'lit';
import { darkPalette, lightPalette } from '../palette.styles.js';

/** The element's stylesheet. */
export const agentTraceStyles = css`
  :host(:not([theme='inherit'])) {
    ${lightPalette}
    color-scheme: light;
  }
  :host([theme='dark']) {
    ${darkPalette}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light']):not([theme='dark']):not([theme='inherit'])) {
      ${darkPalette}
    }
  }
  :host {
    display: block;
    font-family: var(--agent-chat-font);
    font-size: var(--agent-chat-font-size);
    line-height: 1.45;
    color: var(--agent-chat-fg);
    background: var(--agent-chat-bg);
  }
  :host(:not([theme='inherit'])) { padding: var(--agent-chat-spacing); }
  :host([theme='inherit']) { background: transparent; }
  /* Closable: a panel of its own (as <agent-chat>'s drawer shows it). */
  :host([closable]) {
    padding: 6px 10px 8px; background: var(--agent-chat-bg);
    border: 1px solid var(--agent-chat-border); border-radius: var(--agent-chat-radius);
  }
  :host([hidden]) { display: none; }
  *, *::before, *::after { box-sizing: border-box; }
  :focus-visible { outline: 2px solid var(--agent-chat-focus); outline-offset: 1px; }
  p { margin: 0; }
  code { font-family: var(--agent-chat-mono-font); font-size: 0.92em; }

  .trace-title-row { display: flex; justify-content: space-between; align-items: center; gap: 8px; margin-bottom: 4px; }
  .trace-title { font-weight: 600; }
  button {
    font: inherit; font-size: 0.9em; color: var(--agent-chat-fg); background: var(--agent-chat-surface);
    border: 1px solid var(--agent-chat-border); border-radius: calc(var(--agent-chat-radius) * 0.6); padding: 2px 10px; cursor: pointer;
  }
  button:hover { border-color: var(--agent-chat-accent); }
  .trace-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; }
  .trace-run-label { display: inline-flex; align-items: baseline; gap: 6px; font-weight: 600; min-width: 0; max-width: 100%; }
  select {
    font: inherit; font-weight: normal; color: var(--agent-chat-fg); background: var(--agent-chat-bg);
    border: 1px solid var(--agent-chat-border); border-radius: 6px; padding: 2px 6px; min-width: 0; max-width: 100%;
  }
  .trace-summary, .trace-empty { color: var(--agent-chat-muted); font-size: 0.9em; font-variant-numeric: tabular-nums; }
  .trace-empty { margin: 8px 0; }
  .trace-dropped {
    margin: 6px 0 0; padding: 4px 8px; font-size: 0.9em;
    background: var(--agent-chat-warning-bg); border-radius: 6px;
  }
  .trace-error { color: var(--agent-chat-danger); background: var(--agent-chat-danger-bg); padding: 6px 10px; border-radius: 6px; }

  .trace-axis {
    display: flex; justify-content: space-between; margin: 8px 0 2px;
    color: var(--agent-chat-muted); font-size: 0.8em; font-variant-numeric: tabular-nums;
    border-bottom: 1px solid var(--agent-chat-border);
  }
  .trace-tree, .span-children { list-style: none; margin: 0; padding: 0; }
  .span + .span, .span-children > .span { border-top: 1px solid var(--agent-chat-border); }
  .span-row > summary {
    list-style: none; cursor: pointer; display: flex; flex-direction: column; gap: 2px;
    padding: 4px 2px; border-radius: 4px;
  }
  .span-row > summary::-webkit-details-marker { display: none; }
  .span-row > summary:hover { background: var(--agent-chat-surface); }
  .span-head, .span-facts, .span-note { padding-inline-start: calc((var(--level, 1) - 1) * 14px); }
  .span-head { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; min-width: 0; }
  .span-title { font-weight: 600; overflow-wrap: anywhere; }
  .span-title::before { content: '▸ '; color: var(--agent-chat-muted); font-weight: normal; }
  .span-row[open] > summary .span-title::before { content: '▾ '; }
  .span[data-kind='agent'] > .span-row .span-title { color: var(--agent-chat-code-keyword); }
  .span-time { flex: 0 0 auto; color: var(--agent-chat-muted); font-size: 0.85em; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .span-track { position: relative; display: block; height: 8px; margin: 1px 0; background: var(--agent-chat-surface); border-radius: 2px; }
  .span-bar {
    position: absolute; top: 0; bottom: 0; inset-inline-start: var(--left, 0); width: var(--width, 0); min-width: 3px;
    border-radius: 2px; background: var(--agent-chat-accent);
  }
  .span-bar[data-kind='agent'] { background: var(--agent-chat-code-keyword); }
  .span-bar[data-kind='tool'] { background: var(--agent-chat-success); }
  .span-bar[data-status='error'] { background: var(--agent-chat-danger); }
  .span-bar[data-open] {
    background-image: repeating-linear-gradient(45deg, transparent 0 4px, var(--agent-chat-bg) 4px 6px);
  }
  .span-facts { color: var(--agent-chat-fg); font-size: 0.85em; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
  .span-note { color: var(--agent-chat-muted); font-size: 0.85em; overflow-wrap: anywhere; }
  .span-note::before { content: '• '; }
  .span-row[data-status='error'] .span-facts { color: var(--agent-chat-danger); }

  .span-details {
    margin: 2px 0 6px calc((var(--level, 1) - 1) * 14px); padding: 6px 8px;
    background: var(--agent-chat-surface); border-radius: 6px; font-size: 0.85em;
  }
  .span-details dl { margin: 0; font-family: var(--agent-chat-mono-font); }
  .span-attr { display: flex; flex-wrap: wrap; gap: 0 10px; }
  .span-attr + .span-attr { margin-top: 1px; }
  .span-details dt { flex: 0 1 auto; color: var(--agent-chat-muted); overflow-wrap: anywhere; }
  .span-details dd { flex: 1 1 14em; min-width: 0; margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
  .span-events-title { margin-top: 6px; font-weight: 600; }
  .span-events { margin: 2px 0 0; padding-inline-start: 1.4em; font-family: var(--agent-chat-mono-font); overflow-wrap: anywhere; }
  .span-event-time, .span-event-attr { color: var(--agent-chat-muted); }
`;
