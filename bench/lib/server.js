// @ts-check
/**
 * The bench's web server: the repository served the way the tests serve it
 * (TypeScript compiled by esbuild, bare imports resolved from node_modules),
 * so bench pages import src/*.ts and components/*.ts directly, and dist/cdn is
 * served as built files for the bundle-realistic startup figure.
 *
 * Every response is cross-origin isolated (COOP + COEP): without it Chromium
 * coarsens `performance.now()` to 100 µs, too coarse for sub-millisecond
 * medians; with it the resolution is 5 µs.
 */
// @web/dev-server comes with @web/test-runner (a devDependency); it is what the tests run on.
import { startDevServer } from '@web/dev-server';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { benchAgUi } from './agui-server.js';
// The A2UI packages import their JSON schemas as modules; served as the tests serve them.
import { jsonModules } from '../../test/support/json-modules-plugin.js';

/** @param {string} rootDir */
export async function startBenchServer(rootDir) {
  const server = await startDevServer({
    config: {
      rootDir,
      port: 0,
      hostname: '127.0.0.1',
      nodeResolve: true,
      watch: false,
      middleware: [
        /** @param {any} ctx @param {() => Promise<unknown>} next */
        async (ctx, next) => {
          await next();
          ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
          ctx.set('Cross-Origin-Embedder-Policy', 'require-corp');
          ctx.set('Cache-Control', 'no-store');
        },
        benchAgUi(),
      ],
      plugins: [jsonModules(), esbuildPlugin({ ts: true, target: 'es2022', tsconfig: `${rootDir}/tsconfig.json` })],
    },
    readCliArgs: false,
    readFileConfig: false,
    logStartMessage: false,
    autoExitProcess: false,
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.server?.address());
  return { url: `http://127.0.0.1:${address.port}`, stop: () => server.stop() };
}
