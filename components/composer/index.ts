/**
 * The composer room's face: the `Composer` controller (the draft, the input
 * history, Enter / Tab / ↑ ↓), which loads the commands' chunk
 * (composer-commands.ts) itself the first time the draft starts with "/".
 */
export { Composer, refusedBeforeStart } from './composer.js';
export { composerWords } from './composer-words.js';
export type { ComposerExtras } from './composer.js';
export type { PromptCommand } from './mcp-prompt-command.js';
export type { ComposerWords } from './composer-words.js';
export type { CommandWords } from './command-words.js';
export type { TooLongWords } from './too-long-words.js';
