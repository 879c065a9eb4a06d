import { expect } from 'chai';
import { checkA2ui } from '../../src/page/a2ui/a2ui-check.js';
import { BASIC_CATALOG_ID, catalogSet } from '../../src/page/a2ui/a2ui-catalogs.js';
import type { A2uiMessage } from '../../src/types.js';

const basic = catalogSet(true);

/** A surface `s` of the basic catalog with `components`, and `data` as its data model. */
function surface(components: unknown[], data?: unknown): A2uiMessage[] {
  const messages: A2uiMessage[] = [
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
  ];
  if (data !== undefined) messages.push({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/', value: data } });
  return messages;
}

const form = [
  { id: 'root', component: 'Column', children: ['title', 'pic', 'name', 'go'] },
  { id: 'title', component: 'Text', text: 'Book a table', variant: 'h2' },
  { id: 'pic', component: 'Image', url: 'https://example.com/t.png', description: 'The room' },
  { id: 'name', component: 'TextField', label: 'Your name', value: { path: '/name' } },
  { id: 'go', component: 'Button', child: 'go-label', action: { event: { name: 'book', context: { name: { path: '/name' } } } } },
  { id: 'go-label', component: 'Text', text: 'Book' },
];

function problems(result: ReturnType<typeof checkA2ui>): string {
  expect(result.ok, 'refused').to.equal(false);
  return result.ok ? '' : result.error;
}

describe('A2UI: the check before a surface draws', () => {
  it('passes a form of the basic catalog, bound to its data model', () => {
    const result = checkA2ui({ messages: surface(form, { name: 'Ada' }) }, basic);
    expect(result).to.deep.include({ ok: true, surfaces: ['s'] });
  });

  it('refuses an unknown component by name, listing what the catalog has', () => {
    const error = problems(checkA2ui({ messages: surface([{ id: 'root', component: 'Marquee', text: 'hi' }]) }, basic));
    expect(error).to.contain('unknown component "Marquee"').and.contain('Text, Image');
  });

  it('refuses a javascript: URL, as a property and anywhere in the data model, however it is spelt', () => {
    const error = problems(checkA2ui({ messages: surface([{ id: 'root', component: 'Image', url: 'javascript:alert(1)' }]) }, basic));
    expect(error).to.contain('component "root"').and.contain('would run as script');
    expect(problems(checkA2ui({ messages: surface([{ id: 'root', component: 'Text', text: { path: '/t' } }], { t: ' JaVa\tscript:alert(1)' }) }, basic))).to.contain('would run as script');
    expect(problems(checkA2ui({ messages: surface([{ id: 'root', component: 'Image', url: 'file:///etc/passwd' }]) }, basic))).to.contain('not an http(s) URL');
    expect(checkA2ui({ messages: surface([{ id: 'root', component: 'Image', url: 'data:image/png;base64,iVBORw0KGgo=' }]) }, basic).ok).to.equal(true);
  });

  it('refuses 10,000 components, saying the limit, without checking each', () => {
    const many = [{ id: 'root', component: 'Column', children: Array.from({ length: 9_999 }, (_, i) => `t${i}`) }, ...Array.from({ length: 9_999 }, (_, i) => ({ id: `t${i}`, component: 'Text', text: String(i) }))];
    const error = problems(checkA2ui({ messages: surface(many) }, basic));
    expect(error).to.contain('has 10000 components; at most 1000');
  });

  it('refuses a cycle in the adjacency list, naming it', () => {
    const error = problems(checkA2ui({ messages: surface([{ id: 'root', component: 'Column', children: ['a'] }, { id: 'a', component: 'Card', child: 'b' }, { id: 'b', component: 'Row', children: ['a'] }]) }, basic));
    expect(error).to.contain('has a cycle: "a" → "b" → "a"');
  });

  it('refuses an oversized data model, and nesting deeper than the limit', () => {
    const error = problems(checkA2ui({ messages: surface([{ id: 'root', component: 'Text', text: { path: '/big' } }], { big: 'x'.repeat(70_000) }) }, basic));
    expect(error).to.match(/data model would be \d+ bytes; at most 65536/);
    const chain = Array.from({ length: 40 }, (_, i) => ({ id: i === 0 ? 'root' : `c${i}`, component: 'Card', child: `c${i + 1}` }));
    chain.push({ id: 'c40', component: 'Text', text: 'deep' } as never);
    expect(problems(checkA2ui({ messages: surface(chain) }, basic))).to.contain('nests 41 levels deep; at most 32');
  });

  it("refuses properties the component's schema refuses, in the official core's words", () => {
    const error = problems(checkA2ui({ messages: surface([{ id: 'root', component: 'Text', txt: 'typo' }]) }, basic));
    expect(error).to.contain('component "root" (Text)').and.contain("Unrecognized key(s) in object: 'txt'");
  });

  it('refuses a missing root, a child it never defines, an unknown catalog and a function the catalog lacks', () => {
    expect(problems(checkA2ui({ messages: surface([{ id: 'top', component: 'Text', text: 'x' }]) }, basic))).to.contain('no component with id "root"');
    expect(problems(checkA2ui({ messages: surface([{ id: 'root', component: 'Column', children: ['ghost'] }]) }, basic))).to.contain('"ghost" (a child of "root")');
    expect(problems(checkA2ui({ messages: [{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'https://x.test/c.json' } }] }, basic))).to.contain('unknown catalogId');
    const regex = [{ id: 'root', component: 'Text', text: { call: 'regex', args: { value: 'a', pattern: '(a+)+$' }, returnType: 'string' } }];
    expect(problems(checkA2ui({ messages: surface(regex) }, basic))).to.contain('calls unknown function "regex"');
  });

  it('refuses v0.8 by name and reads v1.0 (components and data model inside createSurface)', () => {
    expect(problems(checkA2ui({ messages: [{ surfaceUpdate: { surfaceId: 's', components: [] } }] }, basic))).to.contain('"surfaceUpdate" is A2UI v0.8');
    const v10 = checkA2ui({ messages: [{ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', text: { path: '/t' } }], dataModel: { t: 'hi' } } }] }, basic);
    expect(v10.ok).to.equal(true);
    expect(v10.ok && v10.messages.map((m) => Object.keys(m)[1])).to.deep.equal(['createSurface', 'updateComponents', 'updateDataModel']);
  });

  it('while arguments stream, leaves out the cut tail and what cannot be known yet', () => {
    // The last component may be cut mid-name ("Butt"): it waits; the root's children are not all sent yet.
    const streaming = surface([{ id: 'root', component: 'Column', children: ['a', 'b'] }, { id: 'a', component: 'Text', text: 'A' }, { id: 'b', component: 'Butt' }]);
    const result = checkA2ui({ messages: streaming }, basic, { partial: true });
    expect(result.ok).to.equal(true);
    const components = result.ok ? (result.messages[1]!.updateComponents as { components: unknown[] }).components : [];
    expect(components).to.have.length(2);
    expect(checkA2ui({ messages: streaming }, basic).ok, 'the whole arguments').to.equal(false);
  });

  it("checks an app catalog's components against their JSON Schema, beside the basic ones", () => {
    const set = catalogSet({ catalogs: [{ id: 'https://shop.test/a2ui.json', components: { ProductCard: { schema: { type: 'object', properties: { title: { $ref: 'common_types.json#/$defs/DynamicString' }, price: { type: 'number' }, imageUrl: { type: 'string' } }, required: ['title'] }, element: 'shop-card' } } }] });
    const make = (card: Record<string, unknown>) => ({ messages: [{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'https://shop.test/a2ui.json' } }, { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ['p'] }, { id: 'p', component: 'ProductCard', ...card }] } }] });
    expect(checkA2ui(make({ title: { path: '/t' }, price: 3 }), set).ok).to.equal(true);
    expect(problems(checkA2ui(make({ price: 'cheap' }), set))).to.contain('(ProductCard)').and.contain('title');
    expect(problems(checkA2ui(make({ title: 'x', imageUrl: 'javascript:void(0)' }), set))).to.contain('would run as script');
    expect(() => catalogSet({ catalogs: [{ id: 'x', components: { Card2: { schema: {} } } }] })).to.throw(TypeError, 'needs element');
  });

  it("never writes into the caller's messages: the dry run's data model updates stay in its own copy, and so do the returned messages'", () => {
    const messages = [...surface(form, { name: 'Ada', guest: { seats: 2 } }), { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/guest/seats', value: 4 } }, { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/name', value: 'Grace' } }];
    const before = JSON.stringify(messages);
    const first = checkA2ui({ messages }, basic);
    expect(JSON.stringify(messages), 'the input after the check').to.equal(before);
    expect(first.ok && JSON.stringify(first.messages), 'the returned messages').to.equal(before);
    const second = checkA2ui({ messages }, basic);
    expect(second.ok && JSON.stringify(second.messages), 'a second check of the same input').to.equal(before);
    expect(second.ok && first.ok && second.messages[2], 'each check its own copy').to.not.equal(first.ok && first.messages[2]);
  });

  it('refuses messages that are not data (a function in them), saying so', () => {
    expect(problems(checkA2ui({ messages: surface(form, { name: 'Ada', onSave: () => 1 }) }, basic))).to.contain('must be data (JSON)');
  });
});
