// @ts-check
/**
 * Screenshots of the MCP drawer's sign-in states (option `mcp[].oauth`):
 * needs sign-in (the popup blocked, as at page load), signed in (after Sign
 * in, through the real popup), and a failed sign-in (the popup closed early),
 * beside a server without sign-in and one whose broken tools are left out
 * (`mcp-skipped`); then a card with an MCP tool's image and embedded resource
 * as files — light and dark, wide and narrow. The OAuth-protected server is
 * the tests' (test/support/mcp-oauth-server.js).
 *
 *   node scripts/screenshot-mcp-sign-in.js [outDir]
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';
import { mcpServers, mcpBrowserResolve } from '../test/support/mcp-servers.js';
import { startOAuthMcpServer } from '../test/support/mcp-oauth-server.js';

const oauth = await startOAuthMcpServer();
/** @type {import('koa').Middleware} */
const oauthInfo = (ctx, next) => (ctx.path === '/__oauth-mcp' ? void (ctx.body = { url: oauth.url }) : next());

await screenshotLooks({
  pageDir: '.screenshot-mcp-sign-in',
  middleware: [mcpServers(), oauthInfo],
  plugins: [mcpBrowserResolve()],
  main: chatOnMockPage({
    before: `const urls = await (await fetch('/__mcp/servers')).json();
const { url } = await (await fetch('/__oauth-mcp')).json();
const realOpen = window.open;
window.open = () => null;
window.popups = (how) => { window.open = how === 'close' ? (...a) => { const w = realOpen.apply(window, a); w?.close(); return w; } : realOpen; };`,
    mock: "{ turns: [toolCallTurn([{ name: 'everything_get-tiny-image', args: {} }, { name: 'notes_picture', args: {} }]), textTurn('The MCP logo, a red dot, and the note it came with.')] }",
    setup: `window.go = () => chat.send('Show me the picture');
chat.mcp = [{ url, name: 'crm', oauth: { redirectUrl: new URL('../src/page/mcp-auth/mcp-oauth-redirect.html', location.href).href } }, { url: urls.schemas, name: 'schemas' }, { url: urls.lab, name: 'notes' }, { url: urls.everything, name: 'everything', tools: ['get-tiny-image'] }];`,
  }),
  async shoot(page, { theme, width, outDir }) {
    const chat = page.locator('agent-chat');
    const crm = chat.locator('[part~="mcp-server"][data-server="crm"]');
    await chat.locator('[part~="mcp-server"][data-server="schemas"][data-state="connected"]').waitFor({ state: 'attached', timeout: 20000 });
    await crm.and(page.locator('[data-sign-in="needed"]')).waitFor({ state: 'attached', timeout: 20000 });
    await chat.locator('[part~="mcp-servers"] > summary').click();
    /** @type {string[]} */
    const shots = [];
    const shot = async (/** @type {string} */ state) => {
      const path = `${outDir}/mcp-sign-in-${theme}-${width}-${state}.png`;
      await page.screenshot({ path });
      shots.push(path);
    };
    await shot('needed');
    await page.evaluate(() => /** @type {any} */ (globalThis).popups('open'));
    await crm.locator('[part~="mcp-sign-in-button"]').focus();
    await page.keyboard.press('Enter');
    await crm.and(page.locator('[data-sign-in="signed-in"]')).waitFor({ state: 'attached', timeout: 20000 });
    await shot('signed-in');
    await crm.locator('[part~="mcp-sign-out-button"]').click();
    await crm.and(page.locator('[data-sign-in="needed"]')).waitFor({ state: 'attached', timeout: 20000 });
    await page.evaluate(() => /** @type {any} */ (globalThis).popups('close'));
    await crm.locator('[part~="mcp-sign-in-button"]').click();
    await crm.and(page.locator('[data-sign-in="failed"]')).waitFor({ state: 'attached', timeout: 20000 });
    await crm.locator('[part~="mcp-sign-in-button"]').focus();
    await shot('failed');
    await chat.locator('[part~="mcp-servers"] > summary').click();
    await page.evaluate(() => /** @type {any} */ (globalThis).go());
    await chat.locator('[part~="tool-call"] [part~="attachment-thumbnail"]').nth(1).waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    await shot('card');
    return shots;
  },
});
await oauth.close?.();
process.exit(0);
