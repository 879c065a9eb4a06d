/**
 * A thrown error as the log's banner shows it: its message, and its `code`
 * and `params` when it has them (a `PageloopError`, or one rebuilt from the
 * worker), so the banner says it in the element's language
 * (conversation-words.ts `errorText`) instead of the English message.
 */
import { errorMessage } from '../../src/errors.js';
import type { ConversationAction } from './conversation-types.js';

/** The `error` action that shows `err`, never retryable (nothing of a run to try again). */
export function errorAction(err: unknown): Extract<ConversationAction, { type: 'error' }> {
  const { code, params } = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; params?: unknown };
  return {
    type: 'error',
    message: errorMessage(err),
    retryable: false,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof params === 'object' && params !== null ? { params: params as Readonly<Record<string, string | number>> } : {}),
  };
}
