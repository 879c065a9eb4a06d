/**
 * The app's own catalog: a Lit element and a React component (through
 * `pageloop/react`'s `reactA2uiComponent`) drawn from a surface, their
 * properties bound to the data model, an `Action` property sending the action.
 */
import { expect } from 'chai';
import { LitElement, html } from 'lit';
import { createElement } from 'react';
import '../../components/a2ui/a2ui-views.js';
import type { A2uiActionDetail } from '../../components/a2ui/a2ui-surface-card.js';
import { reactA2uiComponent } from '../../frameworks/react/index.js';
import type { A2uiCatalog } from '../../src/types.js';
import { deepAll, surfaceArgs } from '../components/a2ui-support.js';
import { until } from '../components/helpers.js';

class ShopRating extends LitElement {
  static override properties = { stars: { type: Number }, label: { type: String } };
  stars = 0;
  label = '';
  protected override render() {
    return html`<p class="rating" aria-label=${this.label}>${'★'.repeat(this.stars)}</p>`;
  }
}
customElements.define('shop-rating', ShopRating);

function Badge(props: { text?: string; onPick?: () => void }) {
  return createElement('button', { className: 'badge', type: 'button', onClick: () => props.onPick?.() }, props.text ?? '');
}

const SHOP = 'https://shop.test/a2ui/catalog.json';
const shop: A2uiCatalog = {
  id: SHOP,
  styles: '.badge { font-weight: 700; }',
  components: {
    Rating: { description: 'Stars out of five', schema: { type: 'object', properties: { stars: { $ref: 'common_types.json#/$defs/DynamicNumber' }, label: { type: 'string' } }, required: ['stars'] }, element: 'shop-rating' },
    Badge: { schema: { type: 'object', properties: { text: { $ref: 'common_types.json#/$defs/DynamicString' }, onPick: { $ref: 'common_types.json#/$defs/Action' } }, required: ['text'] }, ...reactA2uiComponent(Badge) },
  },
};

const COMPONENTS = [
  { id: 'root', component: 'Column', children: ['rating', 'badge'] },
  { id: 'rating', component: 'Rating', stars: { path: '/stars' }, label: 'Rated' },
  { id: 'badge', component: 'Badge', text: { path: '/deal' }, onPick: { event: { name: 'pick', context: { stars: { path: '/stars' } } } } },
];

describe('A2UI: the app\'s own catalog', () => {
  afterEach(() => document.querySelectorAll('pageloop-a2ui-surface').forEach((el) => el.remove()));

  it('draws a Lit element and a React component from a surface, bound to the data model; the React one sends its action', async () => {
    const el = document.createElement('pageloop-a2ui-surface');
    el.options = { catalogs: [shop] };
    el.messages = surfaceArgs('s', COMPONENTS, { stars: 4, deal: 'Half price' }, SHOP);
    document.body.append(el);
    const rating = await until(() => deepAll(el, 'shop-rating')[0], 'the Lit element');
    await (rating as ShopRating).updateComplete;
    expect(rating.shadowRoot!.querySelector('.rating')!.textContent).to.equal('★★★★');
    const badge = await until(() => deepAll<HTMLButtonElement>(el, 'button.badge')[0], 'the React component');
    expect(badge.textContent).to.equal('Half price');
    // The catalog's styles reach its components inside the card.
    expect(getComputedStyle(badge).fontWeight).to.equal('700');

    // An update of the data model reaches both.
    // The same messages again with one more (as a thread streams them): the surface goes on, not drawn anew.
    const again = surfaceArgs('s', COMPONENTS, { stars: 4, deal: 'Half price' }, SHOP).messages;
    el.messages = { messages: [...again, { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/stars', value: 2 } }] };
    await el.updateComplete;
    expect(JSON.stringify(again[2]), 'the messages as the app wrote them').to.contain('"stars":4');
    // Clicked at once, before React has drawn the update: the action reads the data model as it is now.
    const acted = new Promise<A2uiActionDetail>((resolve) => el.addEventListener('a2ui-action', (e) => resolve(e.detail), { once: true }));
    deepAll<HTMLButtonElement>(el, 'button.badge')[0]!.click();
    const { action } = await acted;
    expect(action).to.deep.include({ name: 'pick', surfaceId: 's', sourceComponentId: 'badge' });
    expect(action.context).to.deep.equal({ stars: 2 });
    await until(() => rating.shadowRoot!.querySelector('.rating')!.textContent === '★★', 'the rating to follow the data model');
  });

  it('refuses a property the app\'s schema does not allow, drawing nothing', async () => {
    const el = document.createElement('pageloop-a2ui-surface');
    el.options = { catalogs: [shop] };
    el.messages = surfaceArgs('s', [{ id: 'root', component: 'Rating', stars: 'many' }], undefined, SHOP);
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('(Rating)');
    expect(deepAll(el, 'shop-rating')).to.have.length(0);
  });
});
