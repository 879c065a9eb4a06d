// webpack 5, production mode: the scripted page (webpack/main.js) and the
// model module (brain.js) as an entry of its own, output as an ES module that
// keeps its exports (library type 'module' needs experiments.outputModule),
// into dist/webpack/ beside the Vite build. Terser is off only to keep CI
// quick; what is checked — which files exist and what they export — is the
// same with it on.
import { resolve } from 'node:path';

export default {
  mode: 'production',
  context: import.meta.dirname,
  entry: {
    main: './webpack/main.js',
    brain: { import: './brain.js', library: { type: 'module' } },
  },
  experiments: { outputModule: true },
  output: { path: resolve(import.meta.dirname, 'dist/webpack'), filename: '[name].js', module: true, clean: true },
  optimization: { minimize: false },
  performance: { hints: false },
};
