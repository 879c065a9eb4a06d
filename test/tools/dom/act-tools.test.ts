import { expect } from 'chai';
import { domActions, type DomActionResult } from '../../../src/tools/dom/act-tools.js';
import { createDomIndex } from '../../../src/tools/dom/element-index.js';
import { domTools } from '../../../src/tools/dom/read-tools.js';
import { call, cleanup, indexIn, mount, pick } from './tool-harness.js';
import type { PreviewStep } from '../../../src/types.js';

type Ok = Extract<DomActionResult, { ok: true }>;
type Refused = Extract<DomActionResult, { ok: false }>;

/** Outline and action tools on one root, sharing one fresh index. */
function setup(html: string) {
  const root = mount(html);
  const index = createDomIndex();
  const read = domTools({ root, index });
  const act = domActions({ root, index });
  return {
    root,
    outline: () => call<string>(pick(read, 'page_outline'), {}),
    click: (n: number) => call<DomActionResult>(pick(act, 'click'), { index: n }),
    fill: (n: number, value: string) => call<DomActionResult>(pick(act, 'fill'), { index: n, value }),
    select: (n: number, value: string | string[]) => call<DomActionResult>(pick(act, 'select'), { index: n, value }),
    scrollTo: (n: number) => call<DomActionResult>(pick(act, 'scroll_to'), { index: n }),
  };
}

describe('domActions', () => {
  afterEach(cleanup);

  it('needs approval by default, and not when configured so', () => {
    for (const tool of domActions()) expect(tool.needsApproval, tool.name).to.equal(true);
    for (const tool of domActions({ needsApproval: false })) expect(tool.needsApproval, tool.name).to.equal(false);
    expect(domActions().map((t) => t.name)).to.deep.equal(['click', 'fill', 'select', 'scroll_to']);
  });

  it('acts on the indexes page_outline gave out, through the shared registry by default', async () => {
    const root = mount('<button>Shared</button>');
    let clicks = 0;
    root.querySelector('button')!.addEventListener('click', () => clicks++);
    const n = indexIn(await call<string>(pick(domTools({ root }), 'page_outline'), {}), 'Shared');
    const result = await call<DomActionResult>(pick(domActions({ root }), 'click'), { index: n });
    expect(result.ok).to.equal(true);
    expect(clicks).to.equal(1);
  });

  it('click fires pointer and mouse events in a browser’s order and reports the change', async () => {
    const t = setup('<button id="b">Add</button><p id="count">Count: 0</p>');
    const seen: string[] = [];
    const button = t.root.querySelector('#b')!;
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) button.addEventListener(type, () => seen.push(type));
    let count = 0;
    button.addEventListener('click', () => (t.root.querySelector('#count')!.textContent = `Count: ${++count}`));
    const result = (await t.click(indexIn(await t.outline(), 'button "Add"'))) as Ok;
    expect(seen).to.deep.equal(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']);
    expect(result.ok).to.equal(true);
    expect(result.changes.join('\n')).to.include('Text changed: "Count: 1"');
  });

  it('click toggles a checkbox and says its new state', async () => {
    const t = setup('<label><input type="checkbox"> Subscribe</label>');
    const result = (await t.click(indexIn(await t.outline(), 'checkbox "Subscribe"'))) as Ok;
    expect(t.root.querySelector('input')!.checked).to.equal(true);
    expect(result.changes.join('\n')).to.include('The element is now: checkbox "Subscribe" (checked)');
  });

  it('click reports content that appeared', async () => {
    const t = setup('<button>Open</button>');
    t.root.querySelector('button')!.addEventListener('click', () => t.root.insertAdjacentHTML('beforeend', '<div role="dialog">Are you sure?</div>'));
    const result = (await t.click(indexIn(await t.outline(), 'Open'))) as Ok;
    expect(result.changes).to.include('Appeared: "Are you sure?".');
  });

  it('refuses a disabled element and does not click it', async () => {
    const t = setup('<button>Pay</button>');
    const button = t.root.querySelector('button')!;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    const n = indexIn(await t.outline(), 'Pay');
    button.disabled = true;
    const result = (await t.click(n)) as Refused;
    expect(result).to.include({ ok: false, reason: 'disabled' });
    expect(clicks).to.equal(0);
  });

  it('does not tell what a click changed inside a private region, not even how many elements went', async () => {
    const t = setup('<button id="b">Refresh</button><div data-agent-private id="p"><span>1</span><span>2</span><span>3</span></div>');
    t.root.querySelector('#b')!.addEventListener('click', () => {
      const region = t.root.querySelector('#p')!;
      region.replaceChildren(Object.assign(document.createElement('b'), { textContent: 'Secret total 42' }));
    });
    const result = (await t.click(indexIn(await t.outline(), 'Refresh'))) as Ok;
    expect(result.ok).to.equal(true);
    expect(result.changes.join(' ')).not.to.match(/removed|Secret|42/);
  });

  it('refuses an element that was hidden, removed, or made private since the outline', async () => {
    const t = setup('<button id="a">Hide me</button><button id="b">Remove me</button><div id="c"><button>Secret me</button></div>');
    const outline = await t.outline();
    (t.root.querySelector('#a') as HTMLElement).style.display = 'none';
    t.root.querySelector('#b')!.remove();
    t.root.querySelector('#c')!.setAttribute('data-agent-private', '');
    expect(await t.click(indexIn(outline, 'Hide me'))).to.include({ ok: false, reason: 'not-visible' });
    expect(await t.click(indexIn(outline, 'Remove me'))).to.include({ ok: false, reason: 'gone' });
    expect(await t.click(indexIn(outline, 'Secret me'))).to.include({ ok: false, reason: 'private' });
    expect(await t.click(424242)).to.include({ ok: false, reason: 'unknown' });
  });

  it('fill sets the value and fires bubbling input then change', async () => {
    const t = setup('<label>Name <input></label>');
    const events: string[] = [];
    t.root.addEventListener('input', (e) => events.push(`input:${(e.target as HTMLInputElement).value}`));
    t.root.addEventListener('change', (e) => events.push(`change:${(e.target as HTMLInputElement).value}`));
    const result = (await t.fill(indexIn(await t.outline(), 'textbox "Name"'), 'Ada')) as Ok;
    expect(t.root.querySelector('input')!.value).to.equal('Ada');
    expect(events).to.deep.equal(['input:Ada', 'change:Ada']);
    expect(result.element).to.equal('textbox "Name" = "Ada"');
  });

  it('fill fills a password without ever echoing it', async () => {
    const t = setup('<label>Password <input type="password"></label>');
    const result = await t.fill(indexIn(await t.outline(), 'password "Password"'), 'hunter2');
    expect(t.root.querySelector('input')!.value).to.equal('hunter2');
    expect(result.ok).to.equal(true);
    expect(JSON.stringify(result)).not.to.include('hunter2');
  });

  it('fill refuses what is not a text field, and values a typed field rejects, without firing events', async () => {
    const t = setup('<label>Agree <input type="checkbox"></label><label>Age <input type="number"></label><label>Code <input maxlength="3"></label>');
    let events = 0;
    t.root.addEventListener('input', () => events++);
    const outline = await t.outline();
    const box = (await t.fill(indexIn(outline, 'checkbox "Agree"'), 'yes')) as Refused;
    expect(box.reason).to.equal('not-editable');
    expect(box.message).to.include('Use click');
    expect(await t.fill(indexIn(outline, 'spinbutton "Age"'), 'old')).to.include({ ok: false, reason: 'rejected' });
    expect(await t.fill(indexIn(outline, 'textbox "Code"'), 'ABCD')).to.include({ ok: false, reason: 'rejected' });
    expect(events).to.equal(0);
  });

  it('fill replaces the text of a contenteditable element with a real input event', async () => {
    const t = setup('<div contenteditable="true" aria-label="Notes">old text</div>');
    let inputs = 0;
    t.root.addEventListener('input', () => inputs++);
    const result = await t.fill(indexIn(await t.outline(), 'textbox "Notes"'), 'new text');
    expect(result.ok).to.equal(true);
    expect(t.root.querySelector('div[contenteditable]')!.textContent).to.equal('new text');
    expect(inputs).to.be.at.least(1);
  });

  it('select chooses by label or value, fires change, and lists the options when none matches', async () => {
    const t = setup('<select aria-label="Size"><option value="s">Small</option><option value="m">Medium</option><option value="l" disabled>Large</option></select>');
    const select = t.root.querySelector('select')!;
    let changes = 0;
    select.addEventListener('change', () => changes++);
    const n = indexIn(await t.outline(), 'combobox "Size"');
    expect(await t.select(n, 'medium')).to.include({ ok: true });
    expect(select.value).to.equal('m');
    expect(await t.select(n, 's')).to.include({ ok: true });
    expect(select.value).to.equal('s');
    expect(changes).to.equal(2);
    const missing = (await t.select(n, 'Huge')) as Refused;
    expect(missing.reason).to.equal('no-such-option');
    expect(missing.message).to.include('Small | Medium | Large');
    expect(await t.select(n, 'Large')).to.include({ ok: false, reason: 'disabled' });
  });

  it('select chooses several options of a multi-select', async () => {
    const t = setup('<select multiple aria-label="Tags"><option>red</option><option>green</option><option>blue</option></select>');
    await t.select(indexIn(await t.outline(), 'listbox "Tags"'), ['red', 'blue']);
    expect([...t.root.querySelector('select')!.selectedOptions].map((o) => o.value)).to.deep.equal(['red', 'blue']);
  });

  it('scroll_to brings an element below the fold into view', async () => {
    const t = setup('<div style="height:3000px"></div><button>Far away</button>');
    const n = indexIn(await t.outline(), 'Far away');
    const result = (await t.scrollTo(n)) as Ok;
    const rect = t.root.querySelector('button')!.getBoundingClientRect();
    expect(rect.top).to.be.within(0, innerHeight);
    expect(result.changes[0]).to.include('in view');
  });

  it('a preview names a field by the labels it has now: the page changed between previews, labels in a shadow root', async () => {
    const root = mount('<label>Ship to <input id="city" value="Lyon"></label><p><label for="city">Town</label></p>');
    const index = createDomIndex();
    const fill = pick(domActions({ root, index }), 'fill');
    const input = root.querySelector('input')!;
    const n = index.indexOf(input);
    const says = async () => ((await fill.preview!({ index: n, value: 'Paris' }, { callId: 'p', signal: new AbortController().signal })) as PreviewStep).text;
    // Both labels, in the page's order, as the browser's own `labels` has them.
    expect(await says()).to.equal('will type "Paris" into textbox "Ship to Town"');
    // A label added, one retargeted, one taken away: each preview reads the page as it is then.
    root.querySelector('p')!.insertAdjacentHTML('afterbegin', '<label for="city">Destination</label>');
    expect(await says()).to.equal('will type "Paris" into textbox "Ship to Destination Town"');
    root.querySelector<HTMLLabelElement>('label[for]')!.htmlFor = 'elsewhere';
    expect(await says()).to.equal('will type "Paris" into textbox "Ship to Town"');
    const wrapping = root.querySelector('label')!;
    wrapping.replaceWith(input);
    expect(await says()).to.equal('will type "Paris" into textbox "Town"');
    input.id = 'renamed';
    expect(await says()).to.equal('will type "Paris" into textbox');

    // A field in a shadow root is named by the labels of its own tree, not the page's.
    const host = document.createElement('div');
    root.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<label for="zip">Postcode</label><input id="zip">';
    root.insertAdjacentHTML('beforeend', '<label for="zip">Not this one</label>');
    const zip = index.indexOf(shadow.querySelector('input')!);
    const step = (await fill.preview!({ index: zip, value: '69001' }, { callId: 'z', signal: new AbortController().signal })) as PreviewStep;
    expect(step.text).to.equal('will type "69001" into textbox "Postcode"');
  });
});

