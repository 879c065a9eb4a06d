/**
 * Syntax highlighting for finished code blocks. highlight.js is loaded with
 * a dynamic import the first time a code block completes, so pages whose
 * replies carry no code never pay for it; only a handful of common languages
 * are registered to keep that chunk small.
 */
import { sanitizeToFragment } from './sanitize.js';

type HljsApi = typeof import('highlight.js/lib/core').default;

let loading: Promise<HljsApi> | undefined;

async function loadHighlighter(): Promise<HljsApi> {
  const [core, js, ts, json, python, bash, xml, css, sql] = await Promise.all([
    import('highlight.js/lib/core'),
    import('highlight.js/lib/languages/javascript'),
    import('highlight.js/lib/languages/typescript'),
    import('highlight.js/lib/languages/json'),
    import('highlight.js/lib/languages/python'),
    import('highlight.js/lib/languages/bash'),
    import('highlight.js/lib/languages/xml'),
    import('highlight.js/lib/languages/css'),
    import('highlight.js/lib/languages/sql'),
  ]);
  const hljs = core.default;
  hljs.registerLanguage('javascript', js.default);
  hljs.registerLanguage('typescript', ts.default);
  hljs.registerLanguage('json', json.default);
  hljs.registerLanguage('python', python.default);
  hljs.registerLanguage('bash', bash.default);
  hljs.registerLanguage('xml', xml.default);
  hljs.registerLanguage('css', css.default);
  hljs.registerLanguage('sql', sql.default);
  return hljs;
}

/**
 * Highlights one `<code>` element in place, when its language is known.
 * Resolves once done; never rejects (an unhighlighted block is still readable).
 */
export async function highlightCode(code: HTMLElement): Promise<void> {
  const language = /\blanguage-([\w-]+)/.exec(code.className)?.[1];
  if (!language) return;
  try {
    loading ??= loadHighlighter();
    const hljs = await loading;
    if (!hljs.getLanguage(language)) return;
    const html = hljs.highlight(code.textContent ?? '', { language, ignoreIllegals: true }).value;
    // highlight.js escapes the source, but its output still goes through the
    // sanitiser: no HTML reaches the DOM any other way.
    code.replaceChildren(sanitizeToFragment(html));
    code.classList.add('hljs');
  } catch {
    // Leave the block as plain text.
  }
}
