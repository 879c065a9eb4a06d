/**
 * The up-front half of `/doctor`: the checklist's renderer, its styles and the
 * command itself load on first use (their own chunk, `doctor-report.ts`), so
 * pages that never ask the doctor do not carry it. A doctor item exists only
 * after the command ran (it is never stored with a thread), so by the time
 * the log has one to render, the renderer is here.
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent } from '../../src/types.js';
import type { ConversationAction, DoctorItem } from '../conversation/index.js';
import type { I18n } from '../i18n/index.js';
import { adoptStyles, trackLoad } from '../lazy-view.js';

let renderer: typeof import('./doctor-report.js').renderDoctorItem | undefined;
/** How many loads of the doctor's lines in a language have settled (doctor-report.ts): a doctor item drawn before draws again. */
let linesIn = 0;
/** The hosts each load of the lines is tracked for: a host drawn again while the load runs is not told twice. */
const waiting = new WeakMap<Promise<void>, WeakSet<object>>();

/** Runs `/doctor` on `agent`, showing it through `apply`; the checklist's styles are adopted into `root` on first use. */
export async function startDoctor(agent: Agent, apply: (action: ConversationAction) => void, root: HTMLElement | DocumentFragment): Promise<void> {
  const report = await import('./doctor-report.js');
  adoptStyles(root, report.doctorStyles);
  renderer = report.renderDoctorItem;
  return report.runDoctorCommand(agent, apply);
}

/**
 * A doctor item of the log, in `i18n`'s language (nothing before the renderer
 * has loaded, which cannot happen: see above). The doctor's lines in that
 * language are a chunk the renderer loads: `host` draws again once it is in,
 * and its `updateComplete` waits for it.
 */
export function renderDoctor(item: DoctorItem, i18n: I18n, host: ReactiveControllerHost & object): TemplateResult {
  const loading = (load: Promise<void>) => {
    const hosts = waiting.get(load) ?? new WeakSet<object>();
    if (hosts.has(host)) return;
    waiting.set(load, hosts.add(host));
    void trackLoad(host, load.then(() => {
      linesIn++;
      host.requestUpdate();
    }));
  };
  return renderer ? renderer(item, i18n, loading) : html``;
}

/** What a doctor item's drawing depends on besides the item and the words (the element's render guard). */
export const doctorInputs = (): number => linesIn;
