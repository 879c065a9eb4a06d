// <agent-chat>'s Sign in / Sign out per MCP server (option `mcp[].oauth`),
// against the real OAuth-protected MCP server the test runner starts
// (test/support/mcp-oauth-server.js: the SDK's own authorization server,
// dynamic registration, PKCE): the three sign-in states, the real popup
// ending on pageloop's redirect page, the keyboard, axe.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { textTurn } from '../../src/testing/chunks.js';
import { signOut } from '../../src/page/mcp-auth/sign-in.js';
import { McpTokenStore } from '../../src/mcp-auth/token-store.js';
import { axeViolations } from './axe.js';
import { chatOnMock, part, parts, until, type ChatFixture } from './helpers.js';

const REDIRECT = new URL('../../src/page/mcp-auth/mcp-oauth-redirect.html', import.meta.url).href;
// Its own OAuth server (not test/page/mcp-oauth.test.ts's, which may run at the same time): its log and tokens are this file's.
const serverUrl = async () => ((await (await fetch('/__oauth-mcp?for=element')).json()) as { url: string }).url;
const authorizes = async (url: string) => ((await (await fetch(new URL('/__test/log', url))).json()) as string[]).filter((l) => l === 'authorize').length;

describe('agent-chat: signing in to an MCP server', () => {
  let f: ChatFixture | undefined;
  const realOpen = window.open;
  afterEach(() => {
    window.open = realOpen;
    f?.remove();
    f = undefined;
  });

  const row = () => parts(f!.chat, 'mcp-server').find((li) => li.dataset.server === 'secure');
  const focused = () => f!.chat.shadowRoot!.activeElement?.getAttribute('part') ?? '';

  it('shows needs sign-in, signs in from the keyboard through the popup, signs out, and a popup closed early is a failed sign-in', async function () {
    this.timeout(60_000);
    const url = await serverUrl();
    await signOut(url);
    // At page load no click has happened, so a browser blocks the popup: what window.open then returns.
    window.open = () => null;
    f = await chatOnMock([textTurn('hi')]);
    f.chat.mcp = [{ url, name: 'secure', oauth: { redirectUrl: REDIRECT } }];
    await f.chat.updateComplete;
    // The MCP room's chunks load and compile cold here, and the server's OAuth discovery runs first.
    await until(() => row()?.dataset.signIn === 'needed', 'needs sign-in', 30_000);
    window.open = realOpen;
    expect(part(f.chat, 'mcp-sign-in')!.textContent).to.equal('needs sign-in');
    expect(row()!.textContent).to.contain('blocked the sign-in window');
    const panel = part<HTMLDetailsElement>(f.chat, 'mcp-servers')!;
    panel.open = true;
    await f.chat.updateComplete;
    expect(await axeViolations(panel)).to.deep.equal([]);

    // Keyboard: from the drawer's summary, Tab reaches Sign in; Enter opens the real popup, which signs in.
    const before = await authorizes(url);
    panel.querySelector('summary')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal('mcp-sign-in-button');
    await sendKeys({ press: 'Enter' });
    await until(() => row()?.dataset.signIn === 'signed-in', 'signed in');
    expect(await authorizes(url)).to.equal(before + 1);
    expect(part(f.chat, 'mcp-sign-in')!.textContent).to.equal('signed in');
    expect(row()!.textContent).to.contain('secure_whoami');
    expect((await new McpTokenStore().get(url)).tokens?.access_token).to.be.a('string');
    await until(() => focused() === 'mcp-reconnect-button', 'focus on the row (its Sign in button is gone)');
    expect(await axeViolations(panel)).to.deep.equal([]);

    // Sign out: tokens forgotten, the server shown signed out, with Sign in back in focus.
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal('mcp-sign-out-button');
    await sendKeys({ press: 'Enter' });
    await until(() => row()?.dataset.signIn === 'needed', 'signed out');
    expect(row()!.dataset.state).to.equal('failed');
    expect(row()!.textContent).to.contain('Signed out of MCP server "secure"');
    expect(await new McpTokenStore().get(url)).to.deep.equal({});
    expect(row()!.querySelector('[part~="mcp-sign-out-button"]') === null).to.equal(true);
    await until(() => focused() === 'mcp-sign-in-button', 'focus on Sign in');

    // The user closes the popup before finishing: a failed sign-in, saying so, with Sign in to try again.
    window.open = () => {
      const w = realOpen.call(window, 'about:blank', '_blank', 'popup');
      w?.close();
      return w;
    };
    part<HTMLButtonElement>(f.chat, 'mcp-sign-in-button')!.click();
    await until(() => row()?.dataset.signIn === 'failed', 'a failed sign-in');
    expect(part(f.chat, 'mcp-sign-in')!.textContent).to.equal('sign-in failed');
    expect(row()!.textContent).to.contain('closed before it finished');
    expect(await axeViolations(panel)).to.deep.equal([]);
    window.open = realOpen;
    part<HTMLButtonElement>(f.chat, 'mcp-sign-in-button')!.click();
    await until(() => row()?.dataset.signIn === 'signed-in', 'signed in again');
    expect(await authorizes(url)).to.equal(before + 2);
  });
});
