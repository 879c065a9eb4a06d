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
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';

const SAY = {
  ar: { hello: 'مرحبًا، ما حالة طلبي؟', reply: 'طلبك **قيد الشحن**:\n\n- رقم الطلب: 3\n- الوصول المتوقع: غدًا\n\n```js\nconst order = { id: 3, status: "shipped" };\n```', cancel: 'ألغِ الطلب 3' },
  he: { hello: 'שלום, מה מצב ההזמנה שלי?', reply: 'ההזמנה שלך **בדרך**:\n\n- מספר הזמנה: 3\n- הגעה משוערת: מחר\n\n```js\nconst order = { id: 3, status: "shipped" };\n```', cancel: 'בטל את הזמנה 3' },
};

for (const [locale, say] of Object.entries(SAY)) {
  await screenshotLooks({
    pageDir: `.screenshot-rtl-${locale}`,
    main: chatOnMockPage({
      imports: ["import { defineTool } from '../src/tools/define-tool.js';"],
      before: `const say = ${JSON.stringify(say)};`,
      mock: "{ turns: [textTurn(say.reply), toolCallTurn([{ name: 'cancel_order', args: { id: 3, reason: 'customer request' } }]), textTurn('✓')] }",
      attrs: { locale },
      setup: "chat.tools = [defineTool({ name: 'cancel_order', description: 'Cancel an order', parameters: { type: 'object', properties: { id: { type: 'number' }, reason: { type: 'string' } } }, needsApproval: true, execute: () => ({ ok: true }) })];",
      after: `const done = final();
chat.send(say.hello);
await done;
chat.send(say.cancel);`,
    }),
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
