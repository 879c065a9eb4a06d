// webpack 5: brain.js is an entry of its own, built as an ES module
// (webpack.config.js: `library: { type: 'module' }`), and named with
// `webpackIgnore` so webpack leaves the URL alone instead of copying the raw
// file as an asset.
import { runScripted } from '../scripted-app.js';

await runScripted(new URL(/* webpackIgnore: true */ './brain.js', import.meta.url).href);
