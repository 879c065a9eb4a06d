/**
 * The built-in tool `render_a2ui` (option `a2ui`): its arguments are A2UI
 * messages, and the call draws them as a surface in its card.
 *
 * It is a page tool, not one of the worker's built-ins, because the catalog
 * is the page's: the app registers its components there (a Lit element, a
 * React component, a function) with their schemas, and only the page can
 * draw them. So the arguments are checked where the schema lives, once,
 * through the path every page tool takes (the worker asks the page to run
 * the call; the page checks and answers): a surface that fails the check
 * (a2ui-check.ts) is the call's `invalid` result, every problem named, and
 * the model corrects it. The worker learns nothing new; the element draws
 * the surface from the call's arguments, checking them again before it
 * draws (a stored or imported thread is not trusted for having passed once).
 *
 * Offered at once, without the A2UI chunk: the description is written
 * without the official core (a2ui-offer-text.ts), and the chunk (the core,
 * the catalogs, the check) loads on the first call's check. An app catalog
 * the core cannot read is that call's error, naming the problem.
 *
 * A call ends at once with what was shown: the user's actions on the
 * surface come back as the next user message (see the card), not as this
 * call's result, so a surface never holds the run open and can be acted on
 * again, and after a reload.
 */
import { A2UI_TOOL_NAME, type A2uiOptions } from '../../a2ui-types.js';
import type { Tool } from '../../tool-types.js';
import { offerText } from './a2ui-offer-text.js';

/** What a call returns to the model: the surfaces the user now sees. */
export interface A2uiShown {
  shown: string[];
  note: string;
}

/** The checked messages, as a call runs with them. */
interface Checked {
  surfaces: string[];
}

/** `render_a2ui` for option `a2ui`; its check loads the A2UI chunk on the first call. */
export function a2uiTool(option: boolean | A2uiOptions | undefined): Tool<Checked, A2uiShown> {
  return {
    kind: 'page',
    name: A2UI_TOOL_NAME,
    description: offerText(option),
    parameters: {
      type: 'object',
      properties: { messages: { type: 'array', minItems: 1, items: { type: 'object' }, description: 'A2UI v0.9 messages: createSurface, then updateComponents (and updateDataModel).' } },
      required: ['messages'],
      additionalProperties: false,
    },
    // Drawing asks nothing of the user; acting on it is the user's own choice.
    needsApproval: false,
    async validate(args) {
      const { catalogSet, checkA2ui } = await import('./a2ui.js');
      let result;
      try {
        result = checkA2ui(args, catalogSet(option));
      } catch (err) {
        return { ok: false, error: `The page's A2UI catalogs cannot be read: ${err instanceof Error ? err.message : String(err)}` };
      }
      return result.ok ? { ok: true, value: { surfaces: result.surfaces } } : { ok: false, error: `${result.error}\nFix them and call ${A2UI_TOOL_NAME} again with all the messages.` };
    },
    execute: ({ surfaces }) => ({
      shown: surfaces,
      note: 'The user sees it in the chat. Their actions on it come as user messages starting "A2UI action:".',
    }),
  };
}
