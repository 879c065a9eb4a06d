// @ts-check
/**
 * esbuild, which the dev server runs over every script it serves (target
 * es2022), drops import attributes (`import data from './x.json' with { type:
 * 'json' }` comes out as a plain import), and a plain import of a JSON file
 * is refused by the browser (a module script must be JavaScript). The A2UI
 * packages import their JSON schemas that way. This plugin answers a JSON
 * file the browser asked for as a script with the same data as a JavaScript
 * module (`export default …`), as a bundler does; a JSON file fetched as data
 * is served as it is.
 */
export function jsonModules() {
  return {
    name: 'json-modules',
    /** @param {{ path: string, body: unknown, request: { headers: Record<string, string | string[] | undefined> }, response: { set(name: string, value: string): void } }} context */
    transform(context) {
      if (!context.path.endsWith('.json') || context.request.headers['sec-fetch-dest'] !== 'script' || typeof context.body !== 'string') return undefined;
      return { body: `export default ${context.body};`, headers: { 'content-type': 'application/javascript; charset=utf-8' } };
    },
  };
}
