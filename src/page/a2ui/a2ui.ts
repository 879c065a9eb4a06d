export { BASIC_CATALOG_ID, DEFAULT_LIMITS, catalogSet } from './a2ui-catalogs.js';
export type { CatalogSet, SchemaCatalog } from './a2ui-catalogs.js';
export { checkA2ui } from './a2ui-check.js';
export { checkSurface } from './a2ui-surface-check.js';
export type { A2uiCheck } from './a2ui-check.js';
export { messageList } from './a2ui-messages.js';
export { catalogLines, clientCapabilities, toolDescription } from './a2ui-prompt.js';
export { runsScript, urlProblem, urlRefusal } from './a2ui-urls.js';
