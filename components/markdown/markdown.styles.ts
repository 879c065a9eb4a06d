/**
 * Styles of a reply's markdown (the `.markdown` blocks markdown-stream.ts
 * writes) and of its highlighted code (highlight.ts's `.tok-*` spans). They
 * travel with the renderer's chunk: reply-renderers.ts adds them to the
 * element's adopted sheets as the renderer arrives, before its warm-up lays
 * out a sample, so a reply is never drawn as markdown without them. Until
 * then replies are plain text (`.markdown.plain`, agent-chat.styles.ts), as
 * they stay where the chunk cannot load. Colours come from the element's
 * custom properties only, so both themes hold.
 */
import { css } from 'lit';

/** Added to `<agent-chat>`'s stylesheets with the markdown renderer. */
export const markdownStyles = css`
  /* Frozen blocks sit in group elements (see markdown-stream.ts); margins collapse through them. */
  .markdown > :first-child > :first-child { margin-top: 0; }
  .markdown-tail > :last-child,
  .markdown > .markdown-group:has(+ .markdown-tail:empty) > :last-child { margin-bottom: 0; }
  .markdown p, .markdown ul, .markdown ol, .markdown pre, .markdown blockquote, .markdown table { margin: 0.5em 0; }
  .markdown h1, .markdown h2, .markdown h3, .markdown h4 { margin: 0.6em 0 0.3em; line-height: 1.25; }
  .markdown h1 { font-size: 1.3em; }
  .markdown h2 { font-size: 1.15em; }
  .markdown h3, .markdown h4 { font-size: 1em; }
  .markdown ul, .markdown ol { padding-inline-start: 1.4em; }
  .markdown a { color: var(--agent-chat-accent); }
  .markdown blockquote { border-inline-start: 3px solid var(--agent-chat-border); margin-inline-start: 0; padding-inline-start: 0.8em; color: var(--agent-chat-muted); }
  /* A table scrolls sideways: the bubble's overflow-wrap: anywhere would break its words mid-word to fit. */
  .markdown table { border-collapse: collapse; display: block; overflow-x: auto; overflow-wrap: normal; }
  .markdown th, .markdown td { border: 1px solid var(--agent-chat-border); padding: 2px 8px; }
  .markdown :not(pre) > code { background: var(--agent-chat-code-bg); padding: 1px 4px; border-radius: 4px; }

  /* Code tokens (see highlight.ts), coloured from the theme's palette. */
  .tok-keyword { color: var(--agent-chat-code-keyword); }
  .tok-string { color: var(--agent-chat-code-string); }
  .tok-number { color: var(--agent-chat-code-number); }
  .tok-comment { color: var(--agent-chat-muted); font-style: italic; }
  .tok-title { color: var(--agent-chat-code-title); }
`;
