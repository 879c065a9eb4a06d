// @ts-check
/**
 * Screenshots of `<agent-chat>` right to left (issue 37): Arabic and Hebrew,
 * light and dark, wide and narrow (~420 px), on the real worker against the
 * mock endpoint — a reply with a list and code, then a call waiting for
 * approval with the deny-with-reason form open.
 *
 *   node scripts/screenshot-rtl.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * for the repository.
 */
import { screenshotLooks } from './lib/screenshot-harness.js';

const SAY = {
  ar: { hello: 'مرحبًا، ما حالة طلبي؟', reply: 'طلبك **قيد الشحن**:\n\n- رقم الطلب: 3\n- الوصول المتوقع: غدًا\n\n```js\nconst order = { id: 3, status: "shipped" };\n```', cancel: 'ألغِ الطلب 3' },
  he: { hello: 'שלום, מה מצב ההזמנה שלי?', reply: 'ההזמנה שלך **בדרך**:\n\n- מספר הזמנה: 3\n- הגעה משוערת: מחר\n\n```js\nconst order = { id: 3, status: "shipped" };\n```', cancel: 'בטל את הזמנה 3' },
};

for (const [locale, say] of Object.entries(SAY)) {
  await screenshotLooks({
    pageDir: `.screenshot-rtl-${locale}`,
    main: `import '../components/define.js';
import { mockEndpoint } from '../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../src/testing/chunks.js';
import { defineTool } from '../src/tools/define-tool.js';
const say = ${JSON.stringify(say)};
const theme = new URL(location.href).searchParams.get('theme') ?? 'light';
const mock = await mockEndpoint({ turns: [textTurn(say.reply), toolCallTurn([{ name: 'cancel_order', args: { id: 3, reason: 'customer request' } }]), textTurn('✓')] });
const chat = document.createElement('agent-chat');
chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
chat.setAttribute('model', 'mock-model');
chat.setAttribute('locale', '${locale}');
chat.setAttribute('theme', theme);
chat.tools = [defineTool({ name: 'cancel_order', description: 'Cancel an order', parameters: { type: 'object', properties: { id: { type: 'number' }, reason: { type: 'string' } } }, needsApproval: true, execute: () => ({ ok: true }) })];
document.body.append(chat);
await chat.updateComplete;
const final = () => new Promise((resolve) => chat.addEventListener('agent-event', function on(e) { if (e.detail.type === 'final') { chat.removeEventListener('agent-event', on); resolve(); } }));
const done = final();
chat.send(say.hello);
await done;
chat.send(say.cancel);
`,
    async shoot(page, { theme, width, outDir }) {
      const chat = page.locator('agent-chat');
      await chat.locator('[part~="approve-button"]').waitFor({ timeout: 20000 });
      await chat.locator('[part~="deny-reason-button"]').click();
      await page.waitForTimeout(400);
      const path = `${outDir}/rtl-${locale}-${theme}-${width}.png`;
      await page.screenshot({ path });
      return [path];
    },
  });
}
