/**
 * What the model is told about A2UI: `render_a2ui`'s description, written
 * from the catalogs themselves so it never drifts from what the check
 * accepts. The client's capabilities go as the protocol writes them
 * (`a2uiClientCapabilities`, from the official core's
 * `getClientCapabilities`): the ids of the catalogs it draws. A model has no
 * other way to know what a catalog id holds, and the inline catalogs the
 * protocol can also send are JSON Schema of some 30 KB for the basic catalog
 * alone, so each catalog's components follow in one line each: their
 * properties, the type of each (A2UI's common types by name), required ones
 * marked `*`.
 */
import { MessageProcessor, type Catalog, type ComponentApi } from '@a2ui/web_core/v0_9';
import type { CatalogSet } from './a2ui-catalogs.js';
import { describeTool } from './a2ui-offer-text.js';

/** A zod (v3, the core's) schema, as far as it is read here. */
interface ZodLike {
  description?: string;
  _def: { typeName: string; innerType?: ZodLike; schema?: ZodLike; type?: ZodLike; values?: unknown[]; value?: unknown; options?: ZodLike[]; shape?: () => Record<string, ZodLike> };
}

/** Properties every component may have, said once for all. */
const COMMON = new Set(['accessibility', 'weight', 'isValid', 'validationErrors']);

/** The client's capabilities, as A2UI sends them (`{ "v0.9": { supportedCatalogIds } }`). */
export function clientCapabilities(set: CatalogSet): Record<string, unknown> {
  return new MessageProcessor(set.catalogs as Catalog<ComponentApi>[]).getClientCapabilities() as Record<string, unknown>;
}

/** `render_a2ui`'s description for the model, from the core's schemas (a2ui-offer-text.ts writes the same without them). */
export function toolDescription(set: CatalogSet): string {
  return describeTool({ limits: set.limits, catalogIds: set.catalogs.map((c) => c.id), blocks: set.catalogs.map(catalogLines) });
}

/** A catalog's block: its id and functions, then a line per component. */
export function catalogLines(catalog: Catalog<ComponentApi>): string {
  const functions = [...catalog.functions.keys()];
  const lines = [...catalog.components.values()].map((api) => `- ${api.name}: ${properties(api.schema as unknown as ZodLike)}`);
  return `Catalog "${catalog.id}"${functions.length ? ` (functions: ${functions.join(', ')})` : ''}:\n${lines.join('\n')}`;
}

/** A component's properties in one line: `name* Type, other Type`. */
function properties(schema: ZodLike): string {
  const shape = unwrap(schema)._def.shape?.() ?? {};
  return Object.entries(shape)
    .filter(([name]) => !COMMON.has(name))
    .map(([name, field]) => `${name}${optional(field) ? '' : '*'} ${typeName(field)}`)
    .join(', ');
}

function optional(schema: ZodLike): boolean {
  const kind = schema._def.typeName;
  return kind === 'ZodOptional' || kind === 'ZodDefault' || (kind === 'ZodEffects' && optional(schema._def.schema!));
}

function unwrap(schema: ZodLike): ZodLike {
  let current = schema;
  while (['ZodOptional', 'ZodDefault', 'ZodNullable', 'ZodEffects'].includes(current._def.typeName)) {
    if (current.description?.startsWith('REF:')) break;
    current = current._def.innerType ?? current._def.schema ?? current;
    if (current === schema) break;
  }
  return current;
}

/** A property's type in a word or two: a common type by name, an enum's values, a primitive. */
function typeName(schema: ZodLike, depth = 0): string {
  const ref = [schema, unwrap(schema)].map((s) => s.description).find((d) => d?.startsWith('REF:'));
  if (ref) return ref.slice(4).split('|')[0]!.split('/').pop()!;
  const s = unwrap(schema);
  const def = s._def;
  switch (def.typeName) {
    case 'ZodString':
      return 'string';
    case 'ZodNumber':
      return 'number';
    case 'ZodBoolean':
      return 'boolean';
    case 'ZodEnum':
      return (def.values ?? []).join('|');
    case 'ZodLiteral':
      return JSON.stringify(def.value);
    case 'ZodArray':
      return `${typeName(def.type!, depth + 1)}[]`;
    case 'ZodUnion':
      return (def.options ?? []).map((o) => typeName(o, depth + 1)).join(' | ');
    case 'ZodObject':
      return depth > 1 ? 'object' : `{${Object.entries(def.shape?.() ?? {}).map(([k, v]) => `${k}${optional(v) ? '' : '*'}: ${typeName(v, depth + 1)}`).join(', ')}}`;
    default:
      return 'value';
  }
}
