// @ts-check
// The `pageloop-mock` command (package.json `bin`; the build adds its `#!/usr/bin/env node`): see mock-cli.js. Stops on SIGINT and SIGTERM.
import { main } from './mock-cli.js';

const server = await main(process.argv.slice(2));
if (typeof server === 'number') process.exit(server);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.once(signal, () => void server.close().then(() => process.exit(0)));
