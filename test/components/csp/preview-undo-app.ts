/**
 * Runs inside a page served with a strict Content-Security-Policy (no inline
 * script or style): the model fills a field, picks an option and fills a
 * field inside a same-origin iframe; the page's outlines are drawn (their
 * styles adopted, their boxes placed through the CSSOM), the user approves,
 * then presses Undo all. Reports what it saw to the parent test by
 * postMessage, with every CSP violation.
 */
import '../../../components/define.js';
import { domActions } from '../../../src/tools/dom/act-tools.js';
import { createDomIndex } from '../../../src/tools/dom/element-index.js';
import { domTools } from '../../../src/tools/dom/read-tools.js';
import { mockEndpoint } from '../../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../../src/testing/chunks.js';
import type { AgentEvent } from '../../../src/types.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));

async function until<T>(check: () => T | null | undefined | false, what: string, ms = 40_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function indexIn(outline: string, text: string): number {
  const m = outline.split('\n').find((l) => l.includes(text))?.match(/\[(\d+)\]/);
  if (!m) throw new Error(`no line with ${text} in ${outline}`);
  return Number(m[1]);
}

async function main(): Promise<void> {
  const frame = document.querySelector<HTMLIFrameElement>('#coupon-frame')!;
  if (frame.contentDocument?.readyState !== 'complete' || !frame.contentDocument.getElementById('coupon')) {
    await new Promise((r) => frame.addEventListener('load', r, { once: true }));
  }
  const coupon = () => frame.contentDocument!.getElementById('coupon') as HTMLInputElement;
  const qty = document.querySelector<HTMLInputElement>('#qty')!;
  const ship = document.querySelector<HTMLSelectElement>('#ship')!;
  const index = createDomIndex();
  const outline = (await domTools({ index, exclude: ['agent-chat'] })[0]!.execute({}, { callId: 'o', signal: new AbortController().signal })) as string;
  const [q, s, c] = [indexIn(outline, 'Quantity'), indexIn(outline, 'Shipping'), indexIn(outline, 'textbox "Coupon"')];

  const mock = await mockEndpoint({
    turns: [
      toolCallTurn([
        { name: 'fill', args: { index: q, value: '30' }, id: 'p1' },
        { name: 'select', args: { index: s, value: 'Express' }, id: 'p2' },
        { name: 'fill', args: { index: c, value: 'SPRING' }, id: 'p3' },
      ]),
      textTurn('Done.'),
    ],
  });
  const chat = document.querySelector('agent-chat')!;
  chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
  chat.tools = domActions({ index });
  const events: AgentEvent[] = [];
  chat.addEventListener('agent-event', (e) => events.push(e.detail));
  await chat.updateComplete;
  const root = chat.shadowRoot!;
  const final = chat.send('Order 30, express, coupon SPRING').done;

  const overlay = () => document.querySelector('agent-preview-outlines');
  await until(() => {
    const found = [...(overlay()?.shadowRoot?.querySelectorAll<HTMLElement>('[part~="outline"]') ?? [])];
    return found.length === 3 && found;
  }, `three outlines (${overlay()?.shadowRoot?.querySelectorAll('[part~="outline"]').length} drawn, ${chat.shadowRoot!.querySelectorAll('[part~="preview-step"]').length} steps)`);
  // Whatever scrolled or moved since the last draw is followed at the next frame: measure after it.
  for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
  const placed = [...overlay()!.shadowRoot!.querySelectorAll<HTMLElement>('[part~="outline"]')].map((b) => {
    const r = b.getBoundingClientRect();
    const style = getComputedStyle(b);
    return { left: Math.round(r.left), top: Math.round(r.top), width: Math.round(r.width), border: style.borderTopWidth, position: style.position, label: b.textContent };
  });
  const targets = [qty, ship].map((e) => e.getBoundingClientRect());
  const inner = coupon().getBoundingClientRect();
  const outer = frame.getBoundingClientRect();
  targets.push(new DOMRect(outer.left + frame.clientLeft + inner.left, outer.top + frame.clientTop + inner.top, inner.width, inner.height));
  const expected = targets.map((r) => ({ left: Math.round(r.left - 3), top: Math.round(r.top - 3), width: Math.round(r.width + 6) }));

  for (const button of await until(() => {
    const found = [...root.querySelectorAll<HTMLButtonElement>('[part~="approve-button"]')];
    return found.length === 3 && found;
  }, 'three Approve buttons')) button.click();
  await final;
  await until(() => !overlay(), 'the overlay gone');
  const applied = [qty.value, ship.value, coupon().value];

  await chat.updateComplete;
  const undoAll = await until(() => root.querySelector<HTMLButtonElement>('[part~="undo-all-button"]'), 'Undo all');
  const barDisplay = getComputedStyle(undoAll.parentElement!).display;
  undoAll.click();
  await until(() => events.some((e) => e.type === 'undone'), 'the undone event');
  await until(() => root.querySelectorAll('[part~="undo-status"]').length === 3, `three Undone marks (${JSON.stringify(events.filter((e) => e.type === 'undone'))}; ${root.querySelectorAll('[part~="undo-status"]').length} shown)`, 5000).catch((err: unknown) => {
    throw new Error(`${String(err)} ${JSON.stringify(events.filter((e) => e.type === 'undone' || e.type === 'tool-result'))} ${[...root.querySelectorAll('[part~="undo-status"]')].map((e) => e.textContent).join('|')}`);
  });
  parent.postMessage(
    {
      kind: 'preview-csp-result',
      placed,
      expected,
      applied,
      restored: [qty.value, ship.value, coupon().value],
      undone: events.filter((e): e is Extract<AgentEvent, { type: 'undone' }> => e.type === 'undone').flatMap((e) => e.calls.map((u) => `${u.callId}:${u.status}`)),
      // The undo bar's rules (adopted styles) applied: a flex row.
      barDisplay,
      statusFontSize: getComputedStyle(root.querySelector('[part~="undo-status"]')!).fontSize,
      chatFontSize: getComputedStyle(root.querySelector('[part~="undo-status"]')!.parentElement!).fontSize,
      violations,
    },
    location.origin,
  );
}

main().catch((err: unknown) => parent.postMessage({ kind: 'preview-csp-result', error: String(err), violations }, location.origin));
