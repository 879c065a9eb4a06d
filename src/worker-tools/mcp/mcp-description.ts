/**
 * The words an MCP server says about its tools — a tool's `description` and
 * `title`, and the `description` and `title` strings inside its input schema —
 * reach the model with every request, as the server wrote them: a server
 * could hide instructions there ("tool poisoning"). They are not fenced as
 * untrusted data like results are (they are how the model learns to call the
 * tool, and the app chose the server), and a description cannot run anything
 * past the agent's approvals. But they are cleaned, so the user sees what the
 * model reads (the MCP drawer shows the same text) and a description cannot be
 * a long prompt:
 * - invisible characters go: format characters (zero-width spaces and
 *   joiners, bidi overrides and isolates, the tag characters U+E0000–E007F
 *   that spell ASCII no one sees), and control characters but tab and newline;
 * - more than two newlines in a row become two;
 * - a description is cut at `MAX_TOOL_DESCRIPTION` characters (one inside
 *   the schema at `MAX_SCHEMA_DESCRIPTION`), saying so.
 */
import { isRecord } from '../../is-record.js';

/** The longest tool description the model is given. */
export const MAX_TOOL_DESCRIPTION = 1_024;
/** The longest `description` or `title` inside an input schema the model is given. */
export const MAX_SCHEMA_DESCRIPTION = 512;

/** Format characters (Cf: zero-width, bidi controls, tags…) and control characters other than tab and newline. */
const INVISIBLE = /[\p{Cf}\u0000-\u0008\u000b-\u001f\u007f-\u009f]/gu;

/** `text` from a server, cleaned and cut to `max` characters. */
export function serverText(text: string, max: number): string {
  const clean = text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '').replace(/\n{3,}/g, '\n\n').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max).trimEnd()}… (cut: the server's text is ${clean.length.toLocaleString('en')} characters)`;
}

/** A copy of input schema `schema` whose `description` and `title` strings are cleaned and cut (nothing else changes). */
export function cleanSchemaTexts<T>(schema: T): T {
  const copy = structuredClone(schema);
  // Iterative: the schema's depth is bounded when listed, but a stack costs nothing here.
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'description' || key === 'title') && typeof value === 'string') node[key] = serverText(value, MAX_SCHEMA_DESCRIPTION);
        // Data, not schema: a property named "description" is an object and is walked; an enum's strings are values and are not.
        else if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') stack.push(value);
      }
    }
  }
  return copy;
}
