/**
 * A React component as a component of an A2UI catalog (option `a2ui`): the
 * surface hands it its properties — data bindings resolved, an `Action`
 * property as a function that sends the action, a setter per bound
 * property (`setValue`) for two-way inputs — and it renders with React
 * into its own box in the surface, again on each change, unmounted when
 * the component leaves the surface. The app's own React: context, hooks and
 * state work as anywhere in the app.
 */
import { createElement, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { A2uiComponent, A2uiProps } from '../../src/a2ui-types.js';

/**
 * How `Component` draws in a surface: spread it into the catalog entry beside the component's schema.
 *
 * @example
 * const shop = { id: 'https://example.com/a2ui/shop.json', components: {
 *   Rating: { schema: { type: 'object', properties: { stars: { type: 'number' } } }, ...reactA2uiComponent(Rating) },
 * } };
 */
export function reactA2uiComponent<P extends object>(Component: ComponentType<P>): Required<Pick<A2uiComponent, 'render' | 'dispose'>> {
  const roots = new WeakMap<HTMLElement, Root>();
  return {
    render(props: A2uiProps, host: HTMLElement) {
      let root = roots.get(host);
      if (!root) roots.set(host, (root = createRoot(host)));
      root.render(createElement(Component, props as P));
    },
    dispose(host: HTMLElement) {
      roots.get(host)?.unmount();
      roots.delete(host);
    },
  };
}
