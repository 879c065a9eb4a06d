/**
 * A2UI messages as they arrive, read into the form the official core
 * processes (v0.9): `render_a2ui`'s arguments (`{ messages: [...] }`), a
 * tool result's `a2ui` list, or an AG-UI activity's list. Each message is
 * `version` plus exactly one of `createSurface`, `updateComponents`,
 * `updateDataModel`, `deleteSurface`.
 *
 * v1.0 (a stability candidate) is read where it differs cheaply: its
 * `createSurface` may carry `components` and `dataModel` (split here into the
 * v0.9 updates that follow it), `theme` is gone, and `updateDataModel` with
 * `value: null` deletes. Mixing catalogs in one surface (v1.0's per-component
 * `catalogId`) is refused, as is v0.8, whose components have another shape
 * altogether (`beginRendering`, `surfaceUpdate`, `dataModelUpdate`): a model
 * told so writes v0.9 next.
 */
import type { A2uiMessage } from '../../a2ui-types.js';
import { isRecord } from '../../is-record.js';

/** The four kinds of message. */
const KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;
/** v0.8's names, refused by name. */
const V08 = ['beginRendering', 'surfaceUpdate', 'dataModelUpdate'];

/** What reading gave: the v0.9 messages, and a problem for each message that could not be read (by its index). */
export interface ReadMessages {
  messages: A2uiMessage[];
  problems: string[];
}

/** The message list of `input`: `{ messages }`, a list, or one message. */
export function messageList(input: unknown): unknown[] | undefined {
  if (Array.isArray(input)) return input;
  if (isRecord(input) && Array.isArray(input.messages)) return input.messages;
  if (isRecord(input) && KINDS.some((k) => k in input)) return [input];
  return undefined;
}

/** Reads `list` into v0.9 messages, each problem naming the message (`messages[2]`). */
export function readMessages(list: readonly unknown[]): ReadMessages {
  const out: ReadMessages = { messages: [], problems: [] };
  for (const [i, raw] of list.entries()) {
    const at = `messages[${i}]`;
    if (!isRecord(raw)) {
      out.problems.push(`${at} is not an object.`);
      continue;
    }
    const old = V08.find((k) => k in raw);
    if (old) {
      out.problems.push(`${at}: "${old}" is A2UI v0.8, which is not read here; write v0.9 messages (createSurface, updateComponents, updateDataModel, deleteSurface).`);
      continue;
    }
    const kinds = KINDS.filter((k) => k in raw);
    const extra = Object.keys(raw).filter((k) => k !== 'version' && !(KINDS as readonly string[]).includes(k));
    if (kinds.length !== 1 || extra.length > 0) {
      out.problems.push(`${at} must hold "version" and exactly one of ${KINDS.join(', ')}${extra.length ? `; it also has ${extra.map((k) => `"${k}"`).join(', ')}` : ''}.`);
      continue;
    }
    const version = raw.version;
    if (version !== undefined && version !== 'v0.9' && version !== 'v1.0') {
      out.problems.push(`${at}: version ${JSON.stringify(version)} is not read here; write "v0.9".`);
      continue;
    }
    const kind = kinds[0]!;
    const body = raw[kind];
    if (!isRecord(body)) {
      out.problems.push(`${at}.${kind} must be an object.`);
      continue;
    }
    if (version === 'v1.0') out.problems.push(...fromV10(kind, body, at, out.messages));
    else out.messages.push({ version: 'v0.9', [kind]: body });
  }
  return out;
}

/** A v1.0 message as v0.9 ones, appended to `messages`; the problems found. */
function fromV10(kind: (typeof KINDS)[number], body: Record<string, unknown>, at: string, messages: A2uiMessage[]): string[] {
  if (kind === 'createSurface') {
    const { components: inline, dataModel, theme: _theme, metadata: _metadata, ...create } = body;
    if (typeof create.catalogId !== 'string') return [`${at}.createSurface needs catalogId: this client draws each surface from one catalog.`];
    const list = Array.isArray(inline) ? inline : [];
    const mixed = list.findIndex((c) => isRecord(c) && c.catalogId !== undefined && c.catalogId !== create.catalogId);
    if (mixed >= 0) return [`${at}: component ${mixed} names another catalog; one surface draws from one catalog here.`];
    messages.push({ version: 'v0.9', createSurface: create });
    if (list.length > 0) messages.push({ version: 'v0.9', updateComponents: { surfaceId: create.surfaceId, components: list.map(withoutV10Fields) } });
    if (dataModel !== undefined) messages.push({ version: 'v0.9', updateDataModel: { surfaceId: create.surfaceId, path: '/', value: dataModel } });
  } else if (kind === 'updateComponents') {
    messages.push({ version: 'v0.9', updateComponents: { ...body, components: Array.isArray(body.components) ? body.components.map(withoutV10Fields) : body.components } });
  } else if (kind === 'updateDataModel' && body.value === null) {
    // v1.0 deletes with null; v0.9 by leaving the value out.
    const { value: _deleted, ...rest } = body;
    messages.push({ version: 'v0.9', updateDataModel: rest });
  } else {
    messages.push({ version: 'v0.9', [kind]: body });
  }
  return [];
}

/** A v1.0 component without what v0.9 does not know (its `catalogId`, `metadata`). */
function withoutV10Fields(component: unknown): unknown {
  if (!isRecord(component)) return component;
  const { catalogId: _catalog, metadata: _metadata, ...rest } = component;
  return rest;
}
