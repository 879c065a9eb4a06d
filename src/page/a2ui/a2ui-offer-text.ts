/**
 * `render_a2ui`'s description, written without the official core, so that
 * the tool is offered at once and the A2UI chunk (the core, its schemas, the
 * check) loads on the first call. One text for both sides: the chunk's own
 * `toolDescription` (a2ui-prompt.ts, from the core's schemas) writes through
 * `describeTool` too, and test/a2ui/a2ui-offer.test.ts checks that the two
 * agree, the capabilities included (the official `getClientCapabilities`).
 *
 * The basic catalog's lines are written out (a2ui-basic-lines.ts); an app's
 * catalog is described from the JSON Schemas the app gave: each property,
 * `*` when required, its type (A2UI's common types by name).
 */
import type { A2uiCatalog, A2uiLimits, A2uiOptions } from '../../a2ui-types.js';
import { BASIC_CATALOG_LINES } from './a2ui-basic-lines.js';
import { BASIC_CATALOG_ID, capabilities, catalogIds } from './a2ui-ids.js';

export { BASIC_CATALOG_ID, capabilities, catalogIds };

/** The bounds of one surface when the app sets none. */
export const DEFAULT_LIMITS: Readonly<Required<A2uiLimits>> = { components: 1000, depth: 32, dataModelBytes: 65_536 };

/** What the description says: the bounds, and each catalog's block (its id line, then a line per component). */
export interface ToolText {
  limits: Readonly<Required<A2uiLimits>>;
  catalogIds: readonly string[];
  blocks: readonly string[];
}

/** `render_a2ui`'s description for the model. */
export function describeTool({ limits, catalogIds, blocks }: ToolText): string {
  return [
    'Shows the user a UI in the chat: an A2UI v0.9 surface, drawn from the components of the catalogs below (never HTML). Use it for forms, choices, cards and tables the user can act on.',
    '`messages`, in order: {"version":"v0.9","createSurface":{"surfaceId":"<a new id>","catalogId":"<a catalog id>"}}; then {"version":"v0.9","updateComponents":{"surfaceId":"…","components":[…]}}: a flat list, each {"id":"…","component":"<Type>", …its properties}, one with id "root", children named by id; then, to bind data, {"version":"v0.9","updateDataModel":{"surfaceId":"…","path":"/","value":{…}}}.',
    'Types: DynamicString (and DynamicNumber, DynamicBoolean, DynamicValue) is a literal or {"path":"/a/b"}, bound to the data model (inputs write their value there); ComponentId is an id; ChildList is [ids] or {"componentId":"…","path":"/list"} (one per item); Action is {"event":{"name":"…","context":{"key":{"path":"/a"}}}}; a function call is {"call":"name","args":{…}}. Any component may have "weight" (in a Row or Column) and "accessibility":{"label":"…"}.',
    'When the user acts (a Button), you get a user message "A2UI action: {…}" with the action\'s name and context, its bindings resolved. Each call draws its own card; to show something new, call again with a new surface.',
    `Limits: ${limits.components} components, ${limits.depth} levels, a data model of ${limits.dataModelBytes} bytes; URLs are http(s) (images also data:image). A problem comes back as this call's error: fix it and call again with all the messages.`,
    `a2uiClientCapabilities: ${JSON.stringify(capabilities(catalogIds))}`,
    ...blocks,
  ].join('\n');
}

/** `render_a2ui`'s description for option `a2ui`, without the core: the basic catalog's lines as written out, the app's from their JSON Schemas. */
export function offerText(option: boolean | A2uiOptions | undefined): string {
  const options: A2uiOptions = typeof option === 'object' && option !== null ? option : {};
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const [basicHead, ...basicLines] = BASIC_CATALOG_LINES.split('\n');
  const basicFunctions = /\(functions: [^)]*\)/.exec(basicHead!)?.[0];
  const blocks: string[] = [];
  if (options.basicCatalog !== false) blocks.push(BASIC_CATALOG_LINES);
  for (const catalog of options.catalogs ?? []) {
    const own = new Map(Object.entries(catalog.components ?? {}).map(([name, c]) => [name, `- ${name}: ${schemaLine(c.schema)}`]));
    const lines = catalog.basic === false ? [] : basicLines.filter((line) => !own.has(/^- (\w+):/.exec(line)?.[1] ?? ''));
    blocks.push([`Catalog "${catalog.id}"${catalog.basic !== false && basicFunctions ? ` ${basicFunctions}` : ''}:`, ...lines, ...own.values()].join('\n'));
  }
  return describeTool({ limits, catalogIds: catalogIds(option), blocks });
}

/** A JSON Schema's properties in one line: `name* Type, other Type`. */
function schemaLine(schema: A2uiCatalog['components'][string]['schema']): string {
  const { properties = {}, required = [] } = schema as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(properties)
    .map(([name, field]) => `${name}${required.includes(name) ? '*' : ''} ${typeOf(field)}`)
    .join(', ');
}

function typeOf(field: unknown, depth = 0): string {
  if (typeof field !== 'object' || field === null) return 'value';
  const f = field as { $ref?: string; enum?: unknown[]; type?: string; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
  if (typeof f.$ref === 'string') return f.$ref.split('/').pop()!;
  if (Array.isArray(f.enum)) return f.enum.map(String).join('|');
  const options = f.anyOf ?? f.oneOf;
  if (Array.isArray(options) && depth < 2) return options.map((o) => typeOf(o, depth + 1)).join(' | ');
  if (f.type === 'array') return `${typeOf(f.items, depth + 1)}[]`;
  return typeof f.type === 'string' ? f.type : 'value';
}
