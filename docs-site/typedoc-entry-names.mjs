// @ts-check
/**
 * Names TypeDoc's modules as an app imports them (`pageloop`,
 * `pageloop/testing`, `pageloop/react`) instead of after their entry files
 * (src/index.ts, src/testing/index.ts, frameworks/react/index.ts, which TypeDoc
 * names by their folder under the entries' common one, the repository's:
 * `src`, `src/testing`, `frameworks/react`). An entry it does not know fails
 * the run, so a new entry point gets its name here.
 */
import { Converter, ReflectionKind } from 'typedoc';

/** TypeDoc's name of each entry → the import specifier. */
const NAMES = new Map([
  ['src', 'pageloop'],
  ['src/testing', 'pageloop/testing'],
  ['frameworks/react', 'pageloop/react'],
]);

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const mod of context.project.getReflectionsByKind(ReflectionKind.Module)) {
      const name = NAMES.get(mod.name);
      if (!name) throw new Error(`typedoc-entry-names: no import name for the entry "${mod.name}"`);
      mod.name = name;
    }
  });
}
