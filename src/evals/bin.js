// @ts-check
// The `pageloop-eval` command (package.json `bin`; the build adds its `#!/usr/bin/env node`): see cli.js.
import { main } from './cli.js';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(`pageloop-eval: ${err instanceof Error ? err.message : err}`);
    process.exit(2);
  },
);
