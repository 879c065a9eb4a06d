// @ts-check
/**
 * Screenshots of preview and undo (issue 38) — light and dark, wide and
 * narrow (~420 px): a form the model fills (three fields, one option), its
 * steps in the approval panels and outlined on the page (old → new), then,
 * approved, the cards with Undo and Undo all. Real worker, mock endpoint.
 *
 *   node scripts/screenshot-preview.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * for the repository.
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';

await screenshotLooks({
  pageDir: '.screenshot-preview',
  html: `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>
body{margin:0;padding:12px;font-family:system-ui;display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
body.dark{background:#111;color:#eee}
form{display:grid;gap:14px;padding:24px 12px;min-width:300px;flex:1}
label{display:grid;gap:4px} input,select{font:inherit;padding:4px}
agent-chat{height:calc(100vh - 24px);flex:1.4;min-width:380px}
@media (max-width: 500px){ agent-chat{height:560px} form{padding-top:40px} }
</style></head>
<body><form aria-label="Order"><h2>Order</h2><label>Name <input value="Ada"></label><label>Email <input type="email" value=""></label><label>Quantity <input value="1"></label><label>Shipping <select><option value="standard">Standard</option><option value="express">Express</option></select></label></form><script type="module" src="./main.ts"></script></body></html>`,
  main: chatOnMockPage({
    imports: ["import { domActions, domTools, createDomIndex } from '../src/index.js';"],
    before: `document.body.classList.toggle('dark', theme === 'dark');
const form = document.querySelector('form');
const index = createDomIndex();
const outline = await domTools({ root: form, index })[0].execute({}, { callId: 'o', signal: new AbortController().signal });
const at = (label) => Number(outline.split('\\n').find((l) => l.includes(label)).match(/\\[(\\d+)\\]/)[1]);`,
    mock: `{ turns: [toolCallTurn([
  { name: 'fill', args: { index: at('Name'), value: 'Grace Hopper' }, id: 'c1' },
  { name: 'fill', args: { index: at('Email'), value: 'grace@example.com' }, id: 'c2' },
  { name: 'fill', args: { index: at('Quantity'), value: '30' }, id: 'c3' },
  { name: 'select', args: { index: at('Shipping'), value: 'Express' }, id: 'c4' },
]), textTurn('Filled in the order for Grace: 30, express shipping.')] }`,
    setup: 'chat.tools = domActions({ root: form, index });',
    after: "chat.send('Fill the order for Grace Hopper, grace@example.com, 30, express');",
  }),
  async shoot(page, { theme, width, outDir }) {
    const chat = page.locator('agent-chat');
    await page.waitForFunction(`document.querySelector('agent-preview-outlines')?.shadowRoot?.querySelectorAll('[part~="outline"]').length === 4`, null, { timeout: 60000 }).catch(async (err) => { await page.screenshot({ path: `${outDir}/debug.png` }); throw err; });
    await page.waitForTimeout(400);
    const preview = `${outDir}/preview-${theme}-${width}.png`;
    await page.screenshot({ path: preview });
    // Hover the third step in the card: its outline is highlighted.
    await chat.locator('[part~="preview-step"]').nth(2).hover();
    await page.waitForTimeout(300);
    const hovered = `${outDir}/preview-${theme}-${width}-hover.png`;
    await page.screenshot({ path: hovered });
    for (let i = 0; i < 4; i++) await chat.locator('[part~="approve-button"]').first().click();
    await chat.locator('[part~="undo-all-button"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    const undo = `${outDir}/undo-${theme}-${width}.png`;
    await page.screenshot({ path: undo });
    return [preview, hovered, undo];
  },
});
