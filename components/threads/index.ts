/**
 * The threads room's face: the thread list's up-front slot (it loads the
 * list, thread-list.ts, the first time `show-threads` is on), the follower
 * tab's notice, and the `thread-change` event's types.
 */
export { ThreadListSlot } from './thread-list-slot.js';
export { TabNotice, READ_ONLY_REASON, tabWords } from './tab-notice.js';
export type { TabWords } from './tab-notice.js';
export type { ThreadChangeDetail, ThreadChangeReason } from './thread-change.js';
export type { ThreadWords } from './thread-words.js';
