/**
 * A remote agent's activity (option `agui`: AG-UI's `ACTIVITY_SNAPSHOT` and
 * `ACTIVITY_DELTA`, folded into `activity` events) as `<agent-chat>` shows
 * it: a card per activity, updated in place as its content changes. An
 * activity type with a view of its own is drawn by it; any other is the
 * plain card — its type as the title, its content as data. Text is bound
 * through Lit, never HTML: the content comes from a server. Loaded with the
 * first activity (lazy-view.ts).
 *
 * An `a2ui-surface` activity with A2UI messages never comes here: the
 * element draws it with the A2UI room's card (components/a2ui, `activityView`).
 * `ACTIVITY_VIEWS` stays the seam for other activity types with a view of their own.
 */
import { html, type TemplateResult } from 'lit';
import type { ActivityItem } from '../conversation/index.js';
import type { I18n } from '../i18n/index.js';
import { activityWords } from './activity-words.js';

/** Its styles, adopted by the element when this module loads (lazy-view.ts). */
export { activityStyles as styles } from './activity-card.styles.js';

/** The activity type A2UI surfaces come as (AG-UI's convention). */
export const A2UI_SURFACE = 'a2ui-surface';

/** Draws one activity type's content; returns undefined to fall back to the plain card. */
export type ActivityView = (item: ActivityItem) => TemplateResult | undefined;

/** The views of activity types that have one (A2UI's `a2ui-surface`, once its renderer lands); any other type is the plain card. */
export const ACTIVITY_VIEWS = new Map<string, ActivityView>();

/** The card of one activity, labelled in the element's language (English without `i18n`). */
export function renderActivity(item: ActivityItem, i18n?: I18n): TemplateResult {
  const own = ACTIVITY_VIEWS.get(item.activityType)?.(item);
  if (own) return own;
  const w = i18n ? i18n.words(activityWords) : activityWords;
  return html`<section class="activity" part="activity" data-activity-type=${item.activityType} aria-label=${w.activityOf(item.activityType)}>
    <header class="activity-type">${item.activityType}</header>
    ${Object.entries(item.content).map(([key, value]) => html`<div class="activity-field"><span class="activity-key">${key}</span> <span class="activity-value">${shown(value)}</span></div>`)}
  </section>`;
}

/** A value as a line of text: strings as they are, anything else as JSON. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
