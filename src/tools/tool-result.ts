/**
 * `toolResult`: how a tool returns images or files with its result (a chart,
 * a screenshot of a page region, a CSV it built).
 *
 * ```ts
 * execute: async ({ region }) => toolResult('Screenshot of the order table.', [await shot(region)]),
 * ```
 */
import type { AttachmentInput, ToolResultWithAttachments } from '../attachment-types.js';

/**
 * A tool result carrying attachments: `content` is what the model reads as
 * the call's result (as any result), `attachments` are stored with the thread,
 * shown in the call's card (`tool-result` event's `attachments`) and sent to
 * the model in a user message after the turn's tool messages.
 */
export function toolResult<C>(content: C, attachments: AttachmentInput[]): ToolResultWithAttachments<C> {
  if (!Array.isArray(attachments)) throw new TypeError('toolResult(content, attachments): attachments must be an array of File, Blob or { name, type, data }.');
  return { $pageloop: 'tool-result', content, attachments };
}
