/**
 * THE check of A2UI messages before anything of them draws: every way a
 * surface reaches the screen passes here — `render_a2ui`'s arguments (the
 * model hears the verdict as the call's result, and corrects itself), a tool
 * result's or an AG-UI activity's messages, and a stored, imported or
 * followed thread drawn again (a thread file grants nothing). What passes
 * is drawn whole; what fails draws nothing and says every problem found.
 *
 * Refused, each naming where: a message the core cannot read, a catalog the
 * page does not have, a component type its catalog does not have (by name),
 * properties its schema refuses (the official core's own schema and words),
 * a function the catalog does not have, any string a browser would run as
 * script (`javascript:` anywhere: a property, the data model, an action's
 * context), a URL property that is not http(s) (images: also data:image),
 * a cycle among the components, more components, more depth or a bigger
 * data model than the limits allow. A surface is self-contained: the
 * messages create every surface they touch.
 *
 * While arguments stream (`partial`), the last message (or the last
 * component of a trailing `updateComponents`) may be cut short, so it waits,
 * and what cannot be known yet (a missing root, a child not yet sent) is not
 * a problem; the rest must pass, or the card keeps what it drew last.
 */
import { MessageProcessor, extractRefFields, formatZodIssue, type Catalog, type ComponentApi, type RefFields } from '@a2ui/web_core/v0_9';
import type { A2uiMessage } from '../../a2ui-types.js';
import { isRecord } from '../../is-record.js';
import type { CatalogSet, SchemaCatalog } from './a2ui-catalogs.js';
import { messageList, readMessages } from './a2ui-messages.js';
import { clip, runsScript, urlProblem } from './a2ui-urls.js';

/** The verdict: the messages to draw (v0.9) and the surfaces they make, or every problem found. */
export type A2uiCheck = { ok: true; messages: A2uiMessage[]; surfaces: string[] } | { ok: false; error: string; problems: string[] };

/** Properties that hold a URL, by name. */
const URL_PROPERTY = /^(url|href|src)$|(Url|URL|Href|Src)$/;
/** A URL that shows an image (of an Image component, or a property so named): `data:image/…` may be one. */
const IMAGE = /image|poster|icon|avatar|thumbnail|photo|picture|src/i;
/** Problems listed at most: more say only how many. */
const MAX_PROBLEMS = 12;

/** One surface as the messages built it so far. */
interface Surface {
  catalog: SchemaCatalog;
  /** Each component's type and properties, by id. */
  components: Map<string, { type: string; props: Record<string, unknown> }>;
  /** Bytes written to its data model (a write at the root starts again). */
  dataBytes: number;
}

/** Checks `input` (`{ messages }`, a message list or one message) against `set`'s catalogs and limits. */
export function checkA2ui(input: unknown, set: CatalogSet, options: { partial?: boolean } = {}): A2uiCheck {
  const given = messageList(input);
  if (!given) return refused(['Expected { "messages": [ … ] }: a list of A2UI v0.9 messages, starting with createSurface.']);
  // The messages returned are a copy: the official processor keeps a data model's value and writes into it (a later update, what the user types), which must never reach the caller's messages.
  const list = copyOf(given);
  if (!list) return refused(['The messages must be data (JSON): they hold something that cannot be copied, such as a function.']);
  const read = readMessages(options.partial ? withoutCutTail(list) : list);
  const problems = [...read.problems];
  const surfaces = new Map<string, Surface>();
  for (const [i, message] of read.messages.entries()) {
    if (problems.length > MAX_PROBLEMS) break;
    checkMessage(message, `messages[${i}]`, surfaces, set, problems);
  }
  if (problems.length === 0) for (const [id, surface] of surfaces) checkTree(id, surface, set.limits.depth, options.partial === true, problems);
  if (problems.length === 0) dryRun(read.messages, set, problems);
  return problems.length ? refused(problems) : { ok: true, messages: read.messages, surfaces: [...surfaces.keys()] };
}

function copyOf(list: readonly unknown[]): unknown[] | undefined {
  try {
    return structuredClone(list) as unknown[];
  } catch {
    return undefined;
  }
}

function refused(problems: string[]): A2uiCheck {
  const shown = problems.slice(0, MAX_PROBLEMS).map((p) => `- ${p}`);
  if (problems.length > MAX_PROBLEMS) shown.push(`- … and ${problems.length - MAX_PROBLEMS} more.`);
  return { ok: false, problems, error: `The A2UI surface was refused; nothing of it was drawn:\n${shown.join('\n')}` };
}

/** `list` without what may still be cut short while it streams: the last message, or the last component of a trailing `updateComponents`. */
function withoutCutTail(list: readonly unknown[]): unknown[] {
  const last = list.at(-1);
  const update = isRecord(last) && isRecord(last.updateComponents) ? last.updateComponents : undefined;
  if (!isRecord(last) || !update || !Array.isArray(update.components)) return list.slice(0, -1);
  const components = update.components.slice(0, -1);
  return components.length ? [...list.slice(0, -1), { ...last, updateComponents: { ...update, components } }] : list.slice(0, -1);
}

function checkMessage(message: A2uiMessage, at: string, surfaces: Map<string, Surface>, set: CatalogSet, problems: string[]): void {
  const [kind, body] = Object.entries(message).find(([k]) => k !== 'version') as [string, Record<string, unknown>];
  const id = body.surfaceId;
  if (typeof id !== 'string' || id === '') return void problems.push(`${at}.${kind}.surfaceId must be a non-empty string.`);
  const where = `surface "${clip(id)}"`;
  if (kind === 'createSurface') {
    if (surfaces.has(id)) return void problems.push(`${at}: ${where} is created twice.`);
    const catalog = set.catalogs.find((c) => c.id === body.catalogId);
    if (!catalog) return void problems.push(`${at}: unknown catalogId ${JSON.stringify(body.catalogId)}; this page draws from ${set.catalogs.map((c) => `"${c.id}"`).join(', ')}.`);
    surfaces.set(id, { catalog, components: new Map(), dataBytes: 0 });
    return;
  }
  const surface = surfaces.get(id);
  if (!surface) return void problems.push(`${at}: ${where} is not created by these messages; start with createSurface (each surface's messages come together).`);
  if (kind === 'deleteSurface') return void surfaces.delete(id);
  if (kind === 'updateDataModel') return checkData(body, at, where, surface, set.limits.dataModelBytes, problems);
  const components = body.components;
  if (!Array.isArray(components) || components.length === 0) return void problems.push(`${at}.updateComponents.components must be a non-empty list of components.`);
  const fresh = new Set(components.flatMap((c) => (isRecord(c) && typeof c.id === 'string' && !surface.components.has(c.id) ? [c.id] : [])));
  const count = surface.components.size + fresh.size;
  if (count > set.limits.components) return void problems.push(`${where} has ${count} components; at most ${set.limits.components} are drawn in one surface.`);
  for (const [j, component] of components.entries()) checkComponent(component, `${at}.updateComponents.components[${j}]`, where, surface, problems);
}

function checkComponent(component: unknown, at: string, where: string, surface: Surface, problems: string[]): void {
  if (!isRecord(component)) return void problems.push(`${at} is not an object.`);
  const { id, component: type, ...props } = component;
  if (typeof id !== 'string' || id === '') return void problems.push(`${at}.id must be a non-empty string.`);
  const what = `${where}, component "${clip(id)}"`;
  const known = typeof type === 'string' ? type : surface.components.get(id)?.type;
  if (typeof known !== 'string') return void problems.push(`${what} needs "component": its type.`);
  const api = surface.catalog.components.get(known);
  if (!api) return void problems.push(`${what}: unknown component "${clip(known)}"; catalog "${surface.catalog.id}" has ${[...surface.catalog.components.keys()].join(', ')}.`);
  const parsed = api.schema.safeParse(props);
  if (!parsed.success) problems.push(`${what} (${known}): ${parsed.error.errors.map(formatZodIssue).join('; ')}.`);
  checkValues(props, what, surface.catalog, problems, known);
  surface.components.set(id, { type: known, props });
}

function checkData(body: Record<string, unknown>, at: string, where: string, surface: Surface, limit: number, problems: string[]): void {
  const path = body.path ?? '/';
  if (typeof path !== 'string' || !path.startsWith('/')) return void problems.push(`${at}.updateDataModel.path must be a JSON Pointer such as "/user/name".`);
  const json = body.value === undefined ? '' : JSON.stringify(body.value);
  const bytes = new TextEncoder().encode(json).length;
  surface.dataBytes = path === '/' ? bytes : surface.dataBytes + bytes;
  if (surface.dataBytes > limit) return void problems.push(`${where}: its data model would be ${surface.dataBytes} bytes; at most ${limit}.`);
  if (body.value !== undefined) checkValues({ value: body.value }, `${where}, data model at ${clip(path)}`, surface.catalog, problems);
}

/**
 * Every string under `value`: none may run as script; a URL property's
 * literal must be http(s) (or data:image); a function call must name a
 * function of the catalog, and `openUrl` an http(s) URL. `type`: the
 * component's, which says whether its URLs show images. Walked with a
 * stack, not recursion: a model may nest deeper than the call stack goes.
 */
function checkValues(value: Record<string, unknown>, what: string, catalog: SchemaCatalog, problems: string[], type = ''): void {
  const stack: Array<[unknown, string]> = Object.entries(value).map(([k, v]) => [v, k]);
  while (stack.length > 0 && problems.length <= MAX_PROBLEMS) {
    const [item, path] = stack.pop()!;
    const key = path.slice(path.lastIndexOf('.') + 1);
    if (typeof item === 'string') {
      if (runsScript(item)) problems.push(`${what}: ${path} is ${JSON.stringify(clip(item))}, which would run as script.`);
      else if (URL_PROPERTY.test(key)) {
        const problem = urlProblem(item, IMAGE.test(`${type} ${path}`) ? 'image' : 'link');
        if (problem) problems.push(`${what}: ${path}: ${problem}.`);
      }
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (isRecord(item) && typeof item.call === 'string') {
      if (!catalog.functions.has(item.call)) problems.push(`${what}: ${path} calls unknown function "${clip(item.call)}"; catalog "${catalog.id}" has ${[...catalog.functions.keys()].join(', ') || 'none'}.`);
      const url = isRecord(item.args) ? item.args.url : undefined;
      if (item.call === 'openUrl' && typeof url === 'string' && urlProblem(url, 'link')) problems.push(`${what}: ${path} opens ${urlProblem(url, 'link')}.`);
    }
    for (const [k, v] of Object.entries(item)) stack.push([v, `${path}.${k}`]);
  }
}

/** The children each property of a component refers to (the core reads which properties hold component ids from its schema). */
function childrenOf(props: Record<string, unknown>, refs: RefFields): string[] {
  const ids: string[] = [];
  for (const [key, ref] of refs) {
    const value = props[key];
    if (ref.kind === 'single' && typeof value === 'string') ids.push(value);
    else if (ref.kind === 'list' && Array.isArray(value)) ids.push(...value.filter((v): v is string => typeof v === 'string'));
    else if (ref.kind === 'list' && isRecord(value) && typeof value.componentId === 'string') ids.push(value.componentId);
    else if (ref.kind === 'nested' && Array.isArray(value)) for (const item of value) if (isRecord(item)) for (const k of ref.keys) if (typeof item[k] === 'string') ids.push(item[k]);
  }
  return ids;
}

/** The surface's components as a tree from `root`: no cycle, no deeper than `maxDepth`; complete (a root, every child sent) unless `partial`. */
function checkTree(id: string, surface: Surface, maxDepth: number, partial: boolean, problems: string[]): void {
  const where = `surface "${clip(id)}"`;
  const edges = new Map<string, string[]>();
  for (const [cid, c] of surface.components) edges.set(cid, childrenOf(c.props, extractRefFields(surface.catalog.components.get(c.type)!.schema)));
  if (!partial && !surface.components.has('root')) return void problems.push(`${where} has no component with id "root"; one component must be the root of the tree.`);
  if (!partial) {
    const missing = [...edges].flatMap(([from, to]) => to.filter((child) => !surface.components.has(child)).map((child) => `"${clip(child)}" (a child of "${clip(from)}")`));
    if (missing.length) return void problems.push(`${where} refers to components it does not define: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}.`);
  }
  // Depth-first, iteratively: 1 on the path, 2 done; a child on the path closes a cycle.
  const state = new Map<string, 1 | 2>();
  const depth = new Map<string, number>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const next: number[] = [0];
    state.set(start, 1);
    while (path.length > 0) {
      const node = path.at(-1)!;
      const children = (edges.get(node) ?? []).filter((c) => edges.has(c));
      const i = next[next.length - 1]!;
      if (i < children.length) {
        next[next.length - 1] = i + 1;
        const child = children[i]!;
        if (state.get(child) === 1) return void problems.push(`${where} has a cycle: ${[...path.slice(path.indexOf(child)), child].map((c) => `"${clip(c)}"`).join(' → ')}; components form a tree.`);
        if (!state.has(child)) {
          state.set(child, 1);
          path.push(child);
          next.push(0);
        }
        continue;
      }
      depth.set(node, 1 + Math.max(0, ...children.map((c) => depth.get(c) ?? 0)));
      state.set(node, 2);
      path.pop();
      next.pop();
    }
  }
  const deepest = depth.get('root') ?? 0;
  if (deepest > maxDepth) problems.push(`${where} nests ${deepest} levels deep; at most ${maxDepth}.`);
}

/**
 * The official core processes the messages, drawing nothing: what it refuses (a state it
 * cannot reach) is a problem too. It keeps each `updateDataModel` value by reference and
 * writes later updates into it, so those values are copied (and only those: it reads a
 * component's properties without writing them) — the messages returned must not carry
 * the dry run's writes.
 */
function dryRun(messages: A2uiMessage[], set: CatalogSet, problems: string[]): void {
  const processor = new MessageProcessor(set.catalogs as Catalog<ComponentApi>[]);
  try {
    processor.processMessages(messages.map(withOwnDataValue) as never);
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
    return;
  }
  for (const surface of processor.model.surfacesMap.values()) {
    const bytes = new TextEncoder().encode(JSON.stringify(surface.dataModel.get('/') ?? null)).length;
    if (bytes > set.limits.dataModelBytes) problems.push(`surface "${clip(surface.id)}": its data model is ${bytes} bytes; at most ${set.limits.dataModelBytes}.`);
  }
}

/** `message` with a copy of its data model value, if it writes one. */
function withOwnDataValue(message: A2uiMessage): A2uiMessage {
  if (!('updateDataModel' in message)) return message;
  const update = message.updateDataModel as Record<string, unknown>;
  return typeof update.value === 'object' && update.value !== null ? ({ ...message, updateDataModel: { ...update, value: structuredClone(update.value) } } as A2uiMessage) : message;
}
