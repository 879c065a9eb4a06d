// @ts-check
/**
 * Screenshots of `<agent-chat>` with MCP servers: the servers drawer open (one
 * connected with its tools, one failed with its message), a resource attached
 * as a chip, and a tool card with its progress bar — light and dark, wide and
 * narrow (~420 px). Real servers (test/support/mcp-servers.js), the element
 * on the real worker, the scripted mock endpoint as the model.
 *
 *   node scripts/screenshot-mcp.js [outDir]
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';
import { mcpServers, mcpBrowserResolve } from '../test/support/mcp-servers.js';

await screenshotLooks({
  pageDir: '.screenshot-mcp',
  middleware: [mcpServers()],
  plugins: [mcpBrowserResolve()],
  main: chatOnMockPage({
    before: "const urls = await (await fetch('/__mcp/servers')).json();",
    mock: "{ turns: [toolCallTurn([{ name: 'notes_slow', args: { steps: 2 } }]), textTurn('never')] }",
    setup: `chat.mcp = [{ url: urls.lab, name: 'notes' }, { url: urls.nocors, name: 'crm' }];
chat.addEventListener('agent-event', (e) => { if (e.detail.type === 'tool-progress' && e.detail.progress === 2) document.body.dataset.progress = 'true'; });`,
    after: "window.go = () => chat.send('Go slowly through the notes');",
  }),
  async shoot(page, { theme, width, outDir }) {
    const chat = page.locator('agent-chat');
    await chat.locator('[part~="mcp-server"][data-state="failed"]').waitFor({ state: 'attached', timeout: 20000 });
    await chat.locator('[part~="mcp-server"][data-state="connected"]').waitFor({ state: 'attached', timeout: 20000 });
    await chat.locator('[part~="mcp-servers"] > summary').click();
    await chat.locator('[part~="mcp-resources"] > summary').click();
    await chat.locator('[part~="mcp-resource"]').first().click();
    await chat.locator('[part~="mcp-attachment"]').waitFor();
    const name = `${theme}-${width}`;
    const drawer = `${outDir}/mcp-${name}-drawer.png`;
    await page.screenshot({ path: drawer });
    await chat.locator('[part~="mcp-servers"] > summary').click();
    await page.evaluate(() => /** @type {any} */ (globalThis).go());
    await page.locator('body[data-progress="true"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(200);
    const card = `${outDir}/mcp-${name}-progress.png`;
    await page.screenshot({ path: card });
    return [drawer, card];
  },
});
