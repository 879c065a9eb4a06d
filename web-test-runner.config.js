// Tests run in real headless Chromium (Debian's, found on this machine) with
// TypeScript compiled by esbuild and the OpenAI-compatible mock as middleware.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { mockOpenAI } from './src/testing/mock-middleware.js';
import { buildCdn, buildShippedModel } from './scripts/bundle.js';
import { defaultReporter } from '@web/test-runner';
import { timingReporter } from './test/support/timing-reporter.js';

// The standalone bundle, and the OpenAI model module bundled the same way, built fresh so
// test/cdn/ can test them as they ship (a second or two).
await buildCdn('.wtr-cdn');
await buildShippedModel('.wtr-cdn');
import { fixtures } from './test/support/fixtures-middleware.js';
import { startOAuthMcpServer } from './test/support/mcp-oauth-server.js';

// A real OAuth-protected MCP server (the SDK's own auth pieces) on 127.0.0.1, an OS-chosen port; pages read its URL at /__oauth-mcp.
const oauthMcp = await startOAuthMcpServer();
// A second one for the element's sign-in test (/__oauth-mcp?for=element): test files run two at a time, and the two must not share tokens or the server's log.
const oauthMcpElement = await startOAuthMcpServer();
/** @type {import('koa').Middleware} */
const oauthMcpInfo = (ctx, next) => (ctx.path === '/__oauth-mcp' ? void (ctx.body = { url: (ctx.query.for === 'element' ? oauthMcpElement : oauthMcp).url }) : next());

function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {}
  }
  console.error('No Chromium found: install one (Debian: apt-get install -y chromium) or set CHROME_PATH.');
  process.exit(1);
}

export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
// The same Chromium with a WebGPU adapter: SwiftShader (Vulkan on the CPU). Only test/webgpu/ runs there (`--group webgpu`).
const webgpuArgs = [...chromiumArgs.filter((a) => a !== '--disable-gpu'), '--enable-unsafe-webgpu', '--use-angle=swiftshader', '--use-webgpu-adapter=swiftshader', '--enable-features=Vulkan'];
// Test files named on the command line mean "just these": the webgpu group then stays out unless asked for with --group.
const namedFiles = process.argv.slice(2).some((a) => !a.startsWith('-') && /\.tsx?$|\*/.test(a));

export default {
  files: ['test/**/*.test.ts', 'test/**/*.test.tsx', '!test/webgpu/**'],
  nodeResolve: true,
  concurrency: 2,
  reporters: [defaultReporter(), timingReporter()],
  // Generous: these machines are shared and a busy 2-core box can stall a page for seconds.
  testFramework: { config: { timeout: 20000 } },
  // A file's tests must finish within this: generous on a busy 2-core box; the long variants (PAGELOOP_LONG=1) run for many minutes.
  testsFinishTimeout: process.env.PAGELOOP_LONG === '1' ? 3_600_000 : 300_000,
  // The reliability tests' long variants and seed, from the environment (test/reliability/support/seeded.ts).
  testRunnerHtml: (testFramework) =>
    `<!DOCTYPE html><html><head><script>globalThis.__PAGELOOP_TEST_ENV__ = ${JSON.stringify({
      long: process.env.PAGELOOP_LONG === '1',
      seed: process.env.PAGELOOP_SEED ? Number(process.env.PAGELOOP_SEED) : undefined,
    })};</script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: findChromium(), headless: true, args: chromiumArgs },
    }),
  ],
  groups:
    namedFiles && !process.argv.includes('--group')
      ? []
      : [
          {
            name: 'webgpu',
            files: ['test/webgpu/**/*.test.ts'],
            browsers: [playwrightLauncher({ product: 'chromium', launchOptions: { executablePath: findChromium(), headless: true, args: webgpuArgs } })],
          },
        ],
  middleware: [mockOpenAI(), fixtures(), (await import('./test/support/otlp-receiver.js')).otlpReceiver(), (await import('./test/support/doc-middleware.js')).docPages(), (await import('./test/support/csp-middleware.js')).cspPages(), (await import('./test/support/isolated-middleware.js')).isolatedPages(), (await import('./test/support/mcp-servers.js')).mcpServers(), oauthMcpInfo, (await import('./test/support/agui-servers.js')).aguiServers(), (await import('./test/support/llama-server-middleware.js')).llamaServer(), (await import('./test/support/logged-cdn-middleware.js')).loggedCdn()],
  plugins: [(await import('./test/support/bundled-workers-plugin.js')).bundledWorkers(), (await import('./test/support/browser-field-plugin.js')).opentelemetryBrowserFiles(), (await import('./test/support/json-modules-plugin.js')).jsonModules(), esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: './tsconfig.json' }), (await import('./test/support/cold-page-plugin.js')).coldPages(), (await import('./test/support/mcp-servers.js')).mcpBrowserResolve()],
};
