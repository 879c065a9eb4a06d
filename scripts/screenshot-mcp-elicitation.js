// @ts-check
/**
 * Screenshots of `<agent-chat>` while an MCP server asks the user a question
 * (elicitation): the panel above the composer with the server's message, its
 * form (a choice, a number with its default, a text field, a checkbox) and
 * Accept, Decline and Cancel — light and dark, wide and narrow (~420 px).
 * A real server (test/support/mcp-servers.js `ui-elicit`), the element on the
 * real worker, the scripted mock endpoint as the model.
 *
 *   node scripts/screenshot-mcp-elicitation.js [outDir]
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';
import { mcpServers, mcpBrowserResolve } from '../test/support/mcp-servers.js';

await screenshotLooks({
  pageDir: '.screenshot-mcp-elicitation',
  middleware: [mcpServers()],
  plugins: [mcpBrowserResolve()],
  main: chatOnMockPage({
    before: "const urls = await (await fetch('/__mcp/servers')).json();",
    mock: "{ turns: [toolCallTurn([{ name: 'bistro_book', args: {} }]), textTurn('Booked.')] }",
    setup: "chat.mcp = [{ url: urls['ui-elicit'], name: 'bistro' }];",
    after: "chat.send('Book us a table');",
  }),
  async shoot(page, { theme, width, outDir }) {
    const chat = page.locator('agent-chat');
    await chat.locator('[part~="mcp-elicitation"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(200);
    const path = `${outDir}/mcp-elicitation-${theme}-${width}.png`;
    await page.screenshot({ path });
    return [path];
  },
});
