// @ts-check
/**
 * TypeDoc for the site's generated API reference (docs-site/reference/api,
 * not committed): the three public entries, as markdown pages for VitePress
 * (typedoc-plugin-markdown, typedoc-vitepress-theme). Run by
 * scripts/docs/generate.js; paths are relative to this file.
 */
import { OptionDefaults } from 'typedoc';

/** @type {Partial<import('typedoc').TypeDocOptions & import('typedoc-plugin-markdown').PluginOptions & Record<string, unknown>>} */
const config = {
  entryPoints: ['../src/index.ts', '../src/testing/index.ts', '../frameworks/react/index.ts'],
  tsconfig: '../tsconfig.build.json',
  // `npm run typecheck` checks these sources; checking them again here is CI's time for nothing.
  skipErrorChecking: true,
  plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme', './typedoc-entry-names.mjs'],
  out: './reference/api',
  docsRoot: '.',
  readme: 'none',
  // The element's JSDoc tags (the custom-elements manifest reads them; the element's page is generated from it).
  blockTags: [...OptionDefaults.blockTags, '@attr', '@prop', '@fires', '@csspart', '@cssproperty', '@slot', '@summary'],
  excludePrivate: true,
  excludeInternal: true,
  // Generated from a checkout: source paths would name internal files that move.
  disableSources: true,
  hidePageHeader: true,
  useCodeBlocks: true,
  parametersFormat: 'table',
  interfacePropertiesFormat: 'table',
  classPropertiesFormat: 'table',
  typeDeclarationFormat: 'table',
  propertyMembersFormat: 'table',
  enumMembersFormat: 'table',
  sanitizeComments: true,
  entryFileName: 'index',
  validation: { notExported: false, invalidLink: true, notDocumented: false },
  treatWarningsAsErrors: false,
  logLevel: 'Warn',
};
export default config;
