/**
 * The markdown room's face: only the loader is up front (markdown-loader.ts);
 * the renderer itself — the streaming renderer, marked, DOMPurify, the
 * highlighter and the warm-up — is chunks it loads on first need. Its types
 * are exported as types only, so nothing of those chunks is pulled in here.
 */
export { hurryRenderer, loadRenderer, loadWarmRenderer } from './markdown-loader.js';
export type { MarkdownRenderer } from './markdown-loader.js';
export type { MarkdownStream, MarkdownStreamOptions } from './markdown-stream.js';
