// esbuild: brain.js is a second entry point beside this one (build-esbuild.js);
// esbuild leaves `new URL(…, import.meta.url)` as it is, so the URL names the
// built file next to this one.
import { runScripted } from '../scripted-app.js';

await runScripted(new URL('./brain.js', import.meta.url).href);
