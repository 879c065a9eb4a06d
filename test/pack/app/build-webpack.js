// Runs webpack.config.js through webpack's Node API (what `npx webpack` does
// with webpack-cli installed), failing on any error, then puts the page beside
// its bundle (what html-webpack-plugin would do).
import { copyFileSync } from 'node:fs';
import webpack from 'webpack';
import config from './webpack.config.js';

const stats = await new Promise((resolve, reject) => webpack(config, (err, result) => (err ? reject(err) : resolve(result))));
if (stats.hasErrors()) {
  console.error(stats.toString({ all: false, errors: true }));
  process.exit(1);
}
copyFileSync('webpack/index.html', 'dist/webpack/index.html');
