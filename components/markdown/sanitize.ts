/**
 * The one place model-made HTML becomes DOM. Everything the model, a tool
 * result or a tool name says passes through DOMPurify here before it is
 * inserted; nothing else in the element writes `innerHTML`.
 */
import createDOMPurify, { type Config } from 'dompurify';

// A private instance, so our hooks never change how the host page's own
// DOMPurify (if it has one) behaves.
let purifier: ReturnType<typeof createDOMPurify> | undefined;

function getPurifier(): ReturnType<typeof createDOMPurify> {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // Links leave the page in a new tab and cannot reach back through `opener`.
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

const CONFIG: Config = {
  // Inline styles would be blocked on strict-CSP pages anyway, and forms or
  // media can phone home or spoof the page's own UI. `hidden` and `popover`
  // would hide the rest of a reply (every reply renders to its end).
  FORBID_ATTR: ['style', 'hidden', 'popover'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'img', 'video', 'audio', 'svg', 'math'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
};

/** Sanitises an HTML string into a fragment that is safe to insert. */
export function sanitizeToFragment(html: string): DocumentFragment {
  return getPurifier().sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}
