/**
 * The element family's palette: every colour, the fonts, the radius and the
 * spacing as `--agent-chat-*` custom properties, light and dark. Shared by
 * `<agent-chat>` and `<agent-trace>`, so a page styles both with the same
 * properties and a trace opened alone looks like the chat it came from.
 */
import { css } from 'lit';

/** The light palette (and the fonts, radius and spacing), declared on `:host`. */
export const lightPalette = css`
  --agent-chat-font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --agent-chat-mono-font: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  --agent-chat-font-size: 14px;
  --agent-chat-radius: 10px;
  --agent-chat-spacing: 12px;
  --agent-chat-bg: #ffffff;
  --agent-chat-fg: #1b1f24;
  --agent-chat-muted: #59636e;
  --agent-chat-border: #d5dbe1;
  --agent-chat-surface: #f4f6f8;
  --agent-chat-user-bg: #1a62d6;
  --agent-chat-user-fg: #ffffff;
  --agent-chat-assistant-bg: #f4f6f8;
  --agent-chat-accent: #1a62d6;
  --agent-chat-accent-fg: #ffffff;
  --agent-chat-danger: #c62828;
  --agent-chat-danger-bg: #fdecea;
  --agent-chat-success: #1a7f37;
  --agent-chat-warning-bg: #fff8e1;
  --agent-chat-code-bg: #eef1f4;
  --agent-chat-focus: #1f6feb;
  --agent-chat-code-keyword: #8250df;
  --agent-chat-code-string: #0a6b3b;
  --agent-chat-code-number: #9a4d00;
  --agent-chat-code-title: #0550ae;
`;

/** The dark palette, used by theme="dark" and by theme="auto" on dark systems. */
export const darkPalette = css`
  --agent-chat-bg: #0f1419;
  --agent-chat-fg: #e6edf3;
  --agent-chat-muted: #9da7b1;
  --agent-chat-border: #30363d;
  --agent-chat-surface: #161b22;
  --agent-chat-user-bg: #1f5fc4;
  --agent-chat-user-fg: #ffffff;
  --agent-chat-assistant-bg: #161b22;
  --agent-chat-accent: #4493f8;
  --agent-chat-accent-fg: #0f1419;
  --agent-chat-danger: #ff7b72;
  --agent-chat-danger-bg: #3a1d1d;
  --agent-chat-success: #3fb950;
  --agent-chat-warning-bg: #2d2612;
  --agent-chat-code-bg: #1f262e;
  --agent-chat-focus: #4493f8;
  --agent-chat-code-keyword: #d2a8ff;
  --agent-chat-code-string: #7ee787;
  --agent-chat-code-number: #ffa657;
  --agent-chat-code-title: #79c0ff;
  color-scheme: dark;
`;
