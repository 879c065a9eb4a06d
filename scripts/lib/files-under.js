// @ts-check
/**
 * `filesUnder(dir, { ext, skip })`: the files under a folder whose names end
 * in `ext`, as paths relative to it (with `/`), sorted; `skip(path)` leaves a
 * folder out (its path relative to `dir`). For the documentation's scripts.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * @param {string} dir @param {{ ext: string, skip?: (folder: string) => boolean }} options
 * @returns {string[]}
 */
export function filesUnder(dir, { ext, skip = () => false }) {
  /** @type {string[]} */
  const out = [];
  const walk = (/** @type {string} */ folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const rel = relative(dir, path).split(sep).join('/');
      if (entry.isDirectory()) {
        if (!skip(rel)) walk(path);
      } else if (entry.name.endsWith(ext)) out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}
