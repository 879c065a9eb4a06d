// A scripted model module: the agent's worker imports it instead of talking
// HTTP (option `modelModule`). It imports a package by name, so it must be
// *built* as a module of its own by the app's bundler — see scripted.js (Vite),
// webpack.config.js and build-esbuild.js for the form each bundler keeps.
import { scriptedModel } from 'pageloop/testing';

/** @param {{ model: string, baseURL: string }} config */
export function createModel(config) {
  return scriptedModel([
    { toolCalls: [{ id: 'c1', name: 'find_orders', args: { query: 'ACME' } }] },
    { text: `ACME has one pending order (scripted by ${config.model}).` },
  ]);
}
