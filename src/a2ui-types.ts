/**
 * The public types of A2UI surfaces (option `a2ui`), and the name of its tool: the app's catalogs of
 * components the agent may compose, the bounds of one surface, and what a
 * user's action on a surface is. Below the page/worker split.
 *
 * A2UI (a2ui.org) is data, never markup: a surface is a flat list of
 * components, each of a type the catalog names, bound to a data model. The
 * page checks every surface against its catalogs before anything draws
 * (src/page/a2ui/a2ui-check.ts) and draws it with the official Lit renderer
 * (`@a2ui/lit`) in its own card (components/a2ui/).
 */
import type { JSONSchema } from './tool-types.js';

/** The built-in tool that draws a surface (offered with option `a2ui`); its calls' cards show the surface. */
export const A2UI_TOOL_NAME = 'render_a2ui';

/**
 * Option `a2ui`: `true` offers the agent the built-in tool `render_a2ui` with
 * the basic catalog; an object also registers the app's own catalogs and
 * bounds.
 *
 * @example
 * createAgent({ baseURL, model, a2ui: { catalogs: [shop] } });
 */
export interface A2uiOptions {
  /** The app's catalogs, offered beside the basic catalog. */
  catalogs?: A2uiCatalog[];
  /** Offer the basic catalog itself (`https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json`); default true. */
  basicCatalog?: boolean;
  /** How big one surface may be; a surface over a bound is refused whole, saying which. */
  limits?: A2uiLimits;
}

/** The bounds of one surface. */
export interface A2uiLimits {
  /** Components of one surface; default 1000. */
  components?: number;
  /** Nesting depth from `root`; default 32. */
  depth?: number;
  /** Bytes of one surface's data model (as JSON); default 65,536. */
  dataModelBytes?: number;
}

/**
 * A catalog of the app's components. A surface names it by `id`
 * (`createSurface.catalogId`). Unless `basic` is false, it also holds the
 * basic catalog's components and functions (layout, text, buttons, inputs),
 * so a surface can put the app's cards in rows and columns.
 */
export interface A2uiCatalog {
  /** The catalog's id, e.g. `https://example.com/a2ui/shop.json`: what `createSurface.catalogId` names. */
  id: string;
  /** The components, by the type name a surface uses (`"component": "ProductCard"`). */
  components: Record<string, A2uiComponent>;
  /** Include the basic catalog's components and functions; default true. */
  basic?: boolean;
  /** CSS for the catalog's components: they draw inside the card's shadow root, which the page's own styles do not reach. */
  styles?: string;
}

/**
 * One component of an app's catalog: its properties' JSON Schema (checked
 * before anything draws) and how it draws — a custom element (a Lit element)
 * by tag name, or a function (a React component through `pageloop/react`'s
 * `reactA2uiComponent`).
 */
export interface A2uiComponent {
  /** What it shows, for the model. */
  description?: string;
  /**
   * JSON Schema of its properties (`{ type: 'object', properties, required }`).
   * A property may refer to A2UI's common types, which bind to the data model:
   * `{ $ref: 'common_types.json#/$defs/DynamicString' }` (also `DynamicNumber`,
   * `DynamicBoolean`, `DynamicStringList`, `DynamicValue`, `Action`, `ComponentId`, `ChildList`).
   * Properties the schema does not name are refused.
   */
  schema: JSONSchema;
  /** A custom element's tag name: each property (resolved from the data model) is set on it as a property of that name. */
  element?: string;
  /** Or a function that draws it into `host`, called again whenever a property changes. */
  render?: A2uiRender;
  /** Called once the component leaves the surface (a React root unmounts here). */
  dispose?: (host: HTMLElement) => void;
}

/**
 * What a catalog component is given: its properties with bindings resolved
 * (`{ path: '/name' }` becomes the value there), an `Action` property as a
 * function that sends the action, and for each bound property a setter
 * (`setValue(v)` for `value`) that writes the data model (two-way inputs).
 */
export type A2uiProps = Record<string, unknown>;

/** Draws a component into `host` (its own element in the surface); may return a node to put there instead. */
export type A2uiRender = (props: A2uiProps, host: HTMLElement) => Node | void;

/** One A2UI message (v0.9: `createSurface`, `updateComponents`, `updateDataModel` or `deleteSurface`; v1.0's are read too). */
export type A2uiMessage = Record<string, unknown>;

/** A user's action on a surface (A2UI's client-to-server `action`). */
export interface A2uiAction {
  /** The action's name, from the component's `action.event.name`. */
  name: string;
  surfaceId: string;
  /** The component the user acted on. */
  sourceComponentId: string;
  /** ISO 8601. */
  timestamp: string;
  /** The action's `context`, its bindings resolved: what the user typed, checked or picked. */
  context: Record<string, unknown>;
}
