/**
 * The catalogs a surface may use, as the official A2UI core
 * (`@a2ui/web_core`) holds them: each component's property schema and the
 * catalog's functions. Made once per `a2ui` option, from the basic catalog
 * and the app's own catalogs (their JSON Schemas read by the official
 * `Catalog.fromSchema`, so `$ref`s to A2UI's common types bind to the data
 * model exactly as the protocol says).
 *
 * This is the schema side only, for the check and the tool's description:
 * how a component draws (a tag name, the app's function) is the card's
 * business (components/a2ui/a2ui-render-catalog.ts), which adds it to these.
 *
 * One function of the basic catalog is left out: `regex` compiles a pattern
 * the model wrote and runs it on what the user types, and a pattern that
 * backtracks without end would freeze the page.
 */
import { BASIC_COMPONENTS, BASIC_FUNCTIONS, Catalog, type ComponentApi, type FunctionImplementation } from '@a2ui/web_core/v0_9';
import type { A2uiCatalog, A2uiComponent, A2uiLimits, A2uiOptions } from '../../a2ui-types.js';

import { BASIC_CATALOG_ID, DEFAULT_LIMITS } from './a2ui-offer-text.js';

export { BASIC_CATALOG_ID, DEFAULT_LIMITS };

/** A catalog's schemas as the official core holds them. */
export type SchemaCatalog = Catalog<ComponentApi, FunctionImplementation>;

/** Every catalog of one `a2ui` option, with what drawing needs besides the schemas. */
export interface CatalogSet {
  /** The catalogs, the basic one first when it is offered. */
  readonly catalogs: readonly SchemaCatalog[];
  readonly limits: Readonly<Required<A2uiLimits>>;
  /** The app's components, by catalog id and component name: how each draws. */
  readonly appComponents: ReadonlyMap<string, ReadonlyMap<string, A2uiComponent>>;
  /** The app's styles, by catalog id. */
  readonly styles: ReadonlyMap<string, string>;
}

const FUNCTIONS: readonly FunctionImplementation[] = BASIC_FUNCTIONS.filter((f) => f.name !== 'regex');

/** Component names a surface writes (`"component": "ProductCard"`): an identifier. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const made = new WeakMap<object, CatalogSet>();
let basicOnly: CatalogSet | undefined;

/**
 * The catalogs of option `a2ui` (`true` or an object). Throws a TypeError
 * naming what is wrong with an app's catalog (a component that cannot draw,
 * a schema that is not an object, two catalogs with one id).
 */
export function catalogSet(option: boolean | A2uiOptions | undefined): CatalogSet {
  if (typeof option !== 'object' || option === null) return (basicOnly ??= build({}));
  let set = made.get(option);
  if (!set) made.set(option, (set = build(option)));
  return set;
}

function build(options: A2uiOptions): CatalogSet {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof A2uiLimits)[]) {
    const value = options.limits?.[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`a2ui.limits.${key} must be a whole number of at least 1; got ${String(value)}.`);
    limits[key] = value;
  }
  const catalogs: SchemaCatalog[] = [];
  if (options.basicCatalog !== false) catalogs.push(new Catalog<ComponentApi, FunctionImplementation>(BASIC_CATALOG_ID, BASIC_COMPONENTS, [...FUNCTIONS]));
  const appComponents = new Map<string, Map<string, A2uiComponent>>();
  const styles = new Map<string, string>();
  for (const [i, catalog] of (options.catalogs ?? []).entries()) {
    const id = checkCatalog(catalog, i);
    if (id === BASIC_CATALOG_ID || appComponents.has(id)) throw new TypeError(`a2ui.catalogs[${i}]: the id "${id}" is taken; give each catalog its own.`);
    const components = new Map(Object.entries(catalog.components));
    appComponents.set(id, components);
    if (typeof catalog.styles === 'string') styles.set(id, catalog.styles);
    // The official reader turns the JSON Schemas into the core's own schemas (common types bound).
    const own = Catalog.fromSchema({ catalogId: id, components: Object.fromEntries([...components].map(([name, c]) => [name, withDescription(c)])) });
    const apis = new Map<string, ComponentApi>();
    if (catalog.basic !== false) for (const api of BASIC_COMPONENTS) apis.set(api.name, api);
    // The app's component of a basic name replaces the basic one in its catalog.
    for (const api of own.components.values()) apis.set(api.name, api);
    catalogs.push(new Catalog<ComponentApi, FunctionImplementation>(id, [...apis.values()], catalog.basic !== false ? [...FUNCTIONS] : []));
  }
  if (catalogs.length === 0) throw new TypeError('a2ui: with basicCatalog: false, give at least one catalog in a2ui.catalogs.');
  return { catalogs, limits, appComponents, styles };
}

/** Catalog `i`'s id, once its shape is right; a TypeError naming the problem otherwise. */
function checkCatalog(catalog: A2uiCatalog, i: number): string {
  const at = `a2ui.catalogs[${i}]`;
  if (typeof catalog !== 'object' || catalog === null) throw new TypeError(`${at} must be { id, components }.`);
  if (typeof catalog.id !== 'string' || catalog.id === '') throw new TypeError(`${at}.id must be a non-empty string (what createSurface.catalogId names).`);
  if (typeof catalog.components !== 'object' || catalog.components === null) throw new TypeError(`${at}.components must be an object of components by name.`);
  for (const [name, component] of Object.entries(catalog.components)) {
    const where = `${at}.components.${name}`;
    if (!NAME.test(name)) throw new TypeError(`${where}: a component's name is letters, digits and "_", not starting with a digit.`);
    if (typeof component !== 'object' || component === null) throw new TypeError(`${where} must be { schema, element } or { schema, render }.`);
    if (typeof component.schema !== 'object' || component.schema === null || Array.isArray(component.schema)) throw new TypeError(`${where}.schema must be the JSON Schema of its properties, { type: 'object', properties }.`);
    const tag = component.element;
    const draws = (typeof tag === 'string' && /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/.test(tag)) || typeof component.render === 'function';
    if (!draws) throw new TypeError(`${where} needs element (a custom element's tag name, with a "-") or render (a function).`);
  }
  return catalog.id;
}

/** What every component may carry besides its own properties (A2UI's `ComponentCommon`): its weight in a row or column, its accessibility label. */
const COMMON = { weight: { type: 'number' }, accessibility: { $ref: 'common_types.json#/$defs/AccessibilityAttributes' } };

/** The schema the official reader gets: the component's own, with the common properties and its description for the model. */
function withDescription(component: A2uiComponent): Record<string, unknown> {
  const schema = component.schema as { properties?: Record<string, unknown> };
  return { ...schema, properties: { ...COMMON, ...schema.properties }, ...(component.description ? { description: component.description } : {}) };
}
