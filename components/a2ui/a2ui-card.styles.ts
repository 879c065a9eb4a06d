/**
 * The surface card's styles: its frame, and the A2UI renderer's custom
 * properties (`--a2ui-*`, which the official elements read) declared on the
 * card from the element's own palette (`--agent-chat-*`), so a surface
 * follows the chat's theme, light or dark, and the page's overrides of it.
 * The official renderer would declare them on the document's `:root`
 * instead (a2ui-render-catalog.ts stops that). A page may still set any
 * `--a2ui-*` property on `agent-chat::part(a2ui-surface)`.
 */
import { css } from 'lit';

export const a2uiCardStyles = css`
  :host {
    display: block;
    --a2ui-color-background: var(--agent-chat-bg, #ffffff);
    --a2ui-color-on-background: var(--agent-chat-fg, #1b1f24);
    --a2ui-color-surface: var(--agent-chat-surface, #f4f6f8);
    --a2ui-color-on-surface: var(--agent-chat-fg, #1b1f24);
    --a2ui-color-primary: var(--agent-chat-accent, #1a62d6);
    --a2ui-color-primary-light: color-mix(in oklab, var(--a2ui-color-primary) 85%, white);
    --a2ui-color-primary-dark: color-mix(in oklab, var(--a2ui-color-primary) 85%, black);
    --a2ui-color-primary-hover: var(--a2ui-color-primary-dark);
    --a2ui-color-on-primary: var(--agent-chat-accent-fg, #ffffff);
    --a2ui-color-secondary: var(--agent-chat-surface, #f4f6f8);
    --a2ui-color-secondary-light: color-mix(in oklab, var(--a2ui-color-secondary) 85%, white);
    --a2ui-color-secondary-dark: color-mix(in oklab, var(--a2ui-color-secondary) 90%, var(--agent-chat-fg, #1b1f24));
    --a2ui-color-secondary-hover: var(--a2ui-color-secondary-dark);
    --a2ui-color-on-secondary: var(--agent-chat-fg, #1b1f24);
    --a2ui-border-radius: calc(var(--agent-chat-radius, 10px) / 2);
    --a2ui-color-border: var(--agent-chat-border, #d5dbe1);
    --a2ui-border-width: 1px;
    --a2ui-border: 1px solid var(--a2ui-color-border);
    --a2ui-font-family-title: inherit;
    --a2ui-font-family-monospace: var(--agent-chat-mono-font, monospace);
    --a2ui-color-input: var(--agent-chat-bg, #ffffff);
    --a2ui-color-on-input: var(--agent-chat-fg, #1b1f24);
    --a2ui-grid-base: calc(var(--agent-chat-spacing, 12px) * 2 / 3);
    --a2ui-spacing-m: var(--a2ui-grid-base);
    --a2ui-spacing-s: calc(var(--a2ui-spacing-m) / 2);
    --a2ui-spacing-xs: calc(var(--a2ui-spacing-s) / 2);
    --a2ui-spacing-l: calc(var(--a2ui-spacing-m) * 2);
    --a2ui-spacing-xl: calc(var(--a2ui-spacing-l) * 2);
    --a2ui-font-size: var(--agent-chat-font-size, 14px);
    --a2ui-font-scale: 1.2;
    --a2ui-font-size-m: var(--a2ui-font-size);
    --a2ui-font-size-s: calc(var(--a2ui-font-size-m) / var(--a2ui-font-scale));
    --a2ui-font-size-xs: calc(var(--a2ui-font-size-s) / var(--a2ui-font-scale));
    --a2ui-font-size-l: calc(var(--a2ui-font-size-m) * var(--a2ui-font-scale));
    --a2ui-font-size-xl: calc(var(--a2ui-font-size-l) * var(--a2ui-font-scale));
    --a2ui-font-size-2xl: calc(var(--a2ui-font-size-xl) * var(--a2ui-font-scale));
    --a2ui-line-height-headings: 1.2;
    --a2ui-line-height-body: 1.5;
    border: 1px solid var(--agent-chat-border, #d5dbe1);
    border-radius: var(--agent-chat-radius, 10px);
    background: var(--agent-chat-bg, #ffffff);
    color: var(--agent-chat-fg, #1b1f24);
    padding: calc(var(--agent-chat-spacing, 12px) / 2);
    overflow: hidden;
    /* Nothing of a surface (its modal included) escapes the card's box. */
    contain: layout paint;
  }
  a2ui-surface {
    display: block;
  }
  a2ui-surface + a2ui-surface {
    margin-top: var(--agent-chat-spacing, 12px);
  }
  .drawing,
  .note {
    margin: calc(var(--agent-chat-spacing, 12px) / 2) 0 0;
    color: var(--agent-chat-muted, #59636e);
    font-size: 0.9em;
  }
  .refused {
    color: var(--agent-chat-danger, #c62828);
    background: var(--agent-chat-danger-bg, #fdecea);
    border-radius: calc(var(--agent-chat-radius, 10px) / 2);
    padding: calc(var(--agent-chat-spacing, 12px) / 2);
  }
  .refused pre {
    margin: 0.5em 0 0;
    white-space: pre-wrap;
    font: inherit;
  }
`;
