/**
 * `zod`, as documentation snippets import it in their tests: re-exported from here so
 * the dev server resolves it to the same files as pageloop's own imports of zod.
 */
export * from 'zod';
