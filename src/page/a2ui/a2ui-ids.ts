/**
 * The ids of the A2UI catalogs an agent draws, and the capabilities that
 * declare them: what MCP servers are told at initialize. Plain data, no
 * import, so that telling them loads nothing of A2UI (the offer text, the
 * official core) on a page that never draws a surface.
 */
import type { A2uiOptions } from '../../a2ui-types.js';

/** The basic catalog's id (A2UI v0.9). */
export const BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** The client's capabilities as A2UI v0.9 sends them: the ids of the catalogs it draws. */
export function capabilities(catalogIds: readonly string[]): Record<string, unknown> {
  return { 'v0.9': { supportedCatalogIds: [...catalogIds] } };
}

/** The ids of option `a2ui`'s catalogs, as the client declares them: the basic catalog's (unless turned off), then the app's. */
export function catalogIds(option: boolean | A2uiOptions | undefined): string[] {
  const options: A2uiOptions = typeof option === 'object' && option !== null ? option : {};
  return [...(options.basicCatalog !== false ? [BASIC_CATALOG_ID] : []), ...(options.catalogs ?? []).map((c) => c.id)];
}
