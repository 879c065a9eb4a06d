// @ts-check
/** Settings of the custom elements manifest analyzer for `<agent-chat>` (see manifest.js). */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsAttributes } from './lib/settings-table.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The option attributes come from the settings table (src/settings.ts), not
 * from `@attr` lines: Lit declares them at runtime from the same rows
 * (element-options.ts), where the analyzer cannot see them. An `@attr` line
 * for one of them is refused, so each is documented once, beside its option.
 */
function optionAttributes() {
  return {
    name: 'pageloop-option-attributes',
    /** @param {{ customElementsManifest: { modules: { declarations?: { tagName?: string, attributes?: { name: string, type?: { text: string }, description?: string, fieldName?: string }[] }[] }[] } }} params */
    packageLinkPhase({ customElementsManifest }) {
      const element = customElementsManifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'agent-chat');
      if (!element) return;
      const attributes = (element.attributes ??= []);
      for (const { attribute, fieldName, type, description } of settingsAttributes(root)) {
        if (attributes.some((a) => a.name === attribute)) {
          throw new Error(`components/agent-chat.ts: \`${attribute}\` is an option's attribute (src/settings.ts); remove its @attr line and document it on the option (an \`@attr\` JSDoc tag in AgentOptions)`);
        }
        attributes.push({ name: attribute, type: { text: type }, description, fieldName });
      }
    },
  };
}

export default {
  globs: ['components/**/*.ts'],
  exclude: ['components/cdn.ts'],
  litelement: true,
  packagejson: false,
  plugins: [optionAttributes()],
};
