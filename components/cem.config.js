// @ts-check
/** Settings of the custom elements manifest analyzer for `<agent-chat>` (see manifest.js). */
export default {
  globs: ['components/**/*.ts'],
  exclude: ['components/cdn.ts'],
  litelement: true,
  packagejson: false,
};
