// A Vite app of several pages, as `npm create vite` gives plus pages, with
// pageloop's modelModules() plugin so `import brain from './brain.js?model-module'`
// (scripted.js) survives `vite build` as a module of its own.
import { modelModules } from 'pageloop/testing/vite';

export default {
  plugins: [modelModules()],
  build: {
    rollupOptions: { input: { element: 'index.html', library: 'library.html', engine: 'engine.html', scripted: 'scripted.html', chat: 'chat.html' } },
  },
};
