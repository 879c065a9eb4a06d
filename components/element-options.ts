/**
 * How `<agent-chat>`'s attributes and properties become `createAgent`
 * options, read from the settings table (src/settings.ts): each row with an
 * `element` binding is a reactive property of the element (under the row's
 * property name, with its attribute and conversion), and its value becomes
 * the option. Attributes arrive as text the user typed, so a value the row's
 * check refuses (a NaN, a negative timeout) is left out like an absent one,
 * letting the agent's default apply.
 */
import type { PropertyDeclaration, PropertyDeclarations } from 'lit';
import type { AgentOptions, EngineOptions, Tool } from '../src/types.js';
import { SETTING_ROWS, type ElementBinding, type ElementKey, type SETTINGS } from '../src/settings.js';
import { settingProblem } from '../src/setting-checks.js';

/** The element property an option is held in: the row's `property`, else the option's own name. */
type PropertyName<K extends ElementKey> = (typeof SETTINGS)[K]['element'] extends { property: infer P extends string } ? P : K;

/** The element's properties that hold agent options, as the table declares them. */
export type ElementOptionProperties = { [K in ElementKey as PropertyName<K>]?: AgentOptions[K] };

/** What `elementOptions` reads: the option properties, and the page's tools. */
export interface ElementSettings extends ElementOptionProperties {
  tools: Tool[];
}

/** The rows `<agent-chat>` exposes, with the property each is held in. */
const BOUND = (Object.keys(SETTING_ROWS) as (keyof AgentOptions)[]).flatMap((key) => {
  const element = SETTING_ROWS[key].element;
  return element ? [{ key, element, property: element.property ?? key }] : [];
});

/** Lit's declaration of one bound option. */
function declaration(element: ElementBinding): PropertyDeclaration {
  const { attribute, from } = element;
  if (from === 'number') return { attribute, type: Number };
  if (from === 'presence') return { attribute, type: Boolean };
  if (typeof from === 'function') return { attribute, converter: { fromAttribute: from } };
  return { attribute };
}

/** The reactive properties of every option the element exposes (the element class's `static properties`). */
export function elementProperties(): PropertyDeclarations {
  return Object.fromEntries(BOUND.map(({ element, property }) => [property, declaration(element)]));
}

/** The agent options `settings` say now; `engine` is the in-page engine, if any. */
export function elementOptions(s: ElementSettings, engine: EngineOptions | undefined): AgentOptions {
  const options: AgentOptions = { tools: s.tools };
  const from = s as unknown as Record<string, unknown>;
  for (const { key, property } of BOUND) {
    const value = from[property];
    if (value === undefined || value === null || value === '' || Number.isNaN(value)) continue;
    if (settingProblem(key, value) !== undefined) continue;
    (options as Record<string, unknown>)[key] = value;
  }
  if (engine) options.engine = engine;
  return options;
}
