/**
 * The best parse of JSON that is still streaming: `{"city": "Par` reads as
 * `{ city: "Par" }`. Lets a rendered card fill in while the model writes its
 * arguments. The text is scanned once, keeping a stack of what is open;
 * then the open string, a dangling key or `:`, a half-written literal and a
 * trailing comma are dropped or closed, and the open arrays and objects are
 * closed in order. Nothing is invented: a key without a value is left out.
 *
 * @example
 * parsePartialJson('{"slots": ["9:00", "10:3'); // → { slots: ['9:00', '10:3'] }
 */
export function parsePartialJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Still streaming: close what is open below.
  }
  const stack: ('{' | '[')[] = [];
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch);
    else if (ch === '}' || ch === ']') stack.pop();
  }
  let body = text;
  if (inString) body += escaped ? '\\"' : '"';
  for (let attempt = 0; attempt < 6; attempt++) {
    const closed = body + stack.slice().reverse().map((c) => (c === '{' ? '}' : ']')).join('');
    try {
      return JSON.parse(closed) as unknown;
    } catch {
      body = trimDangling(body);
    }
  }
  return undefined;
}

/** Drops one thing that cannot be closed into valid JSON: a trailing comma or colon, a key without a value, a half-written literal. */
function trimDangling(body: string): string {
  const rules = [
    /,\s*$/,
    // `"key":` or `"key"` at the end of an object: no value yet.
    /(?<=[{,])\s*"(?:[^"\\]|\\.)*"\s*:?\s*$/,
    /(?<=[[,:])\s*(?:-|t(?:ru?)?|f(?:a(?:ls?)?)?|n(?:ul?)?)$/,
    /:\s*$/,
  ];
  for (const rule of rules) {
    const next = body.replace(rule, '');
    if (next !== body) return next;
  }
  return body;
}
