/**
 * The format room's face: counts as the chat shows them, written without ICU
 * (format-count.ts says why). Up front, so a chunk loaded on first use takes
 * it as a type and is handed the function (a value import would make this
 * room a chunk shared with that one, loaded up front as a file of its own).
 * The thread list's dates are the threads room's (threads/format-time.ts).
 */
export { formatCount } from './format-count.js';
