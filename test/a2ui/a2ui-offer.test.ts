import { expect } from 'chai';
import type { A2uiCatalog } from '../../src/a2ui-types.js';
import { a2uiTool } from '../../src/page/a2ui/a2ui-tool.js';
import { offerText } from '../../src/page/a2ui/a2ui-offer-text.js';
import { catalogLines, catalogSet, clientCapabilities, toolDescription } from '../../src/page/a2ui/a2ui.js';
import { BASIC_CATALOG_LINES } from '../../src/page/a2ui/a2ui-basic-lines.js';

const SHOP: A2uiCatalog = {
  id: 'https://shop.test/a2ui/catalog.json',
  components: {
    Rating: { schema: { type: 'object', properties: { stars: { $ref: 'common_types.json#/$defs/DynamicNumber' }, label: { type: 'string' }, size: { enum: ['s', 'm'] } }, required: ['stars'] }, element: 'shop-rating' },
    Text: { schema: { type: 'object', properties: { text: { $ref: 'common_types.json#/$defs/DynamicString' } }, required: ['text'] }, element: 'shop-text' },
  },
};

describe("A2UI: render_a2ui offered before the A2UI chunk loads", () => {
  it("writes the basic catalog exactly as the official core's schemas do (a2ui-basic-lines.ts regenerated when they change)", () => {
    const basic = catalogSet(true);
    const live = catalogLines(basic.catalogs[0]!);
    if (live !== BASIC_CATALOG_LINES) console.log(`a2ui-basic-lines.ts should hold:\n${JSON.stringify(live)}`);
    expect(BASIC_CATALOG_LINES).to.equal(live);
    expect(offerText(true)).to.equal(toolDescription(basic));
  });

  it("says the capabilities as the official getClientCapabilities does, and each catalog's components, the app's own replacing the basic one of its name", () => {
    const option = { catalogs: [SHOP], limits: { components: 50 } };
    const text = offerText(option);
    const official = clientCapabilities(catalogSet(option));
    expect(text).to.contain(`a2uiClientCapabilities: ${JSON.stringify(official)}`);
    expect(toolDescription(catalogSet(option)).split('\n').slice(0, 6)).to.deep.equal(text.split('\n').slice(0, 6));
    expect(text).to.contain('Limits: 50 components');
    const shopBlock = text.slice(text.indexOf(`Catalog "${SHOP.id}"`));
    expect(shopBlock).to.contain('- Rating: stars* DynamicNumber, label string, size s|m').and.contain('- Text: text* DynamicString').and.contain('- TextField:');
    expect(shopBlock.match(/^- Text:/gm)).to.have.length(1);
    const onlyShop = offerText({ basicCatalog: false, catalogs: [{ ...SHOP, basic: false }] });
    expect(onlyShop).not.to.contain('TextField').and.not.to.contain('catalogs/basic');
  });

  it("checks a call's arguments with the chunk it loads on the call, and names an app catalog the core cannot read", async () => {
    const tool = a2uiTool(true);
    const bad = await tool.validate({ messages: [{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'nope' } }] });
    expect(bad.ok).to.equal(false);
    expect(!bad.ok && bad.error).to.contain('unknown catalogId');
    const broken = a2uiTool({ catalogs: [{ id: 'x', components: { Thing: { schema: { type: 'object' } } } } as unknown as A2uiCatalog] });
    const refused = await broken.validate({ messages: [] });
    expect(!refused.ok && refused.error).to.contain("catalogs cannot be read").and.contain('Thing');
  });
});
