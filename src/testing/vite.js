// @ts-check
/**
 * pageloop/testing/vite: the Vite plugins of the testing kit — the mock
 * endpoint on the app's own dev server, and model modules that survive
 * `vite build`. Node side (a Vite config); imports nothing of Vite itself.
 */
export { pageloopMock } from './vite-mock.js';
export { modelModules } from './vite-model-modules.js';
