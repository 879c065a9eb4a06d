// Vite: `?model-module` (the modelModules() plugin of pageloop/testing/vite,
// in vite.config.js) builds brain.js as a module of its own and gives its
// URL, in `vite` and after `vite build` alike. (`new URL('./brain.js',
// import.meta.url)` would be an asset: inlined as a data: URL of the raw
// source, which the worker cannot run.)
import brain from './brain.js?model-module';
import { runScripted } from './scripted-app.js';

await runScripted(brain);
