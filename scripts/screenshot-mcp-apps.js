// @ts-check
/**
 * Screenshots of an MCP App in its tool card: the official basic-vanillajs
 * example's app after the model's approved `get-time` call, with the app's own
 * `get-time` call waiting for approval below it — light and dark, wide and
 * narrow (~420 px). Real servers (test/support/mcp-servers.js), the element on
 * the real worker, the scripted mock endpoint as the model.
 *
 *   node scripts/screenshot-mcp-apps.js [outDir]
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';
import { mcpServers, mcpBrowserResolve } from '../test/support/mcp-servers.js';

await screenshotLooks({
  pageDir: '.screenshot-mcp-apps',
  middleware: [mcpServers()],
  plugins: [mcpBrowserResolve()],
  main: chatOnMockPage({
    before: `if (theme === 'dark') document.body.style.background = '#111';
const urls = await (await fetch('/__mcp/servers')).json();`,
    mock: "{ turns: [toolCallTurn([{ name: 'basic_get-time', args: {} }]), textTurn('Here is the server time, in its app.')] }",
    attrs: { 'mcp-app-sandbox': '/src/page/mcp-apps/mcp-app-sandbox.html' },
    setup: "chat.mcp = [{ url: urls['apps-basic'], name: 'basic' }];",
    after: "window.go = () => chat.send('What time is it on the server?');",
  }),
  async shoot(page, { theme, width, outDir }) {
    const chat = page.locator('agent-chat');
    await page.waitForFunction(() => typeof (/** @type {any} */ (globalThis).go) === 'function', undefined, { timeout: 20000 });
    await page.evaluate(() => /** @type {any} */ (globalThis).go());
    await chat.locator('[part~="approve-button"]').click({ timeout: 20000 });
    const frame = chat.locator('[part~="mcp-app"] iframe');
    await frame.waitFor({ timeout: 20000 });
    await page.waitForFunction(() => {
      const f = /** @type {any} */ (globalThis).document.querySelector('agent-chat')?.shadowRoot?.querySelector('[part~="mcp-app"] iframe');
      return f && f.getBoundingClientRect().height > 50;
    }, undefined, { timeout: 20000 });
    // The app's button, clicked inside the frames, as a user would.
    await page.frameLocator('agent-chat [part~="mcp-app"] iframe').frameLocator('iframe').locator('#get-time-btn').click({ timeout: 20000 });
    await chat.locator('[data-requested-by="mcp-app"] [part~="approve-button"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    const name = `${theme}-${width}`;
    const shot = `${outDir}/mcp-apps-${name}.png`;
    await page.screenshot({ path: shot, fullPage: false });
    const card = `${outDir}/mcp-apps-${name}-card.png`;
    await chat.locator('[part~="tool-call"]').first().screenshot({ path: card });
    return [shot, card];
  },
});
