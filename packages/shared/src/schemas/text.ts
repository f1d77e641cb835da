/**
 * The one rule for text the server accepts, in any field of any request (JSON bodies, query
 * strings, path parameters and multipart form fields alike): no NUL characters, and only valid
 * Unicode (no lone UTF-16 surrogates). PostgreSQL cannot store the first, and the second is not
 * text at all.
 */
// eslint-disable-next-line no-control-regex
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_TEXT_MESSAGE = 'Text may not contain NUL characters or invalid Unicode';

export function isValidText(value: string): boolean {
  return !INVALID_TEXT.test(value);
}

/**
 * The path of the first string (key or value) in `value` that breaks the text rule, or null when
 * every string keeps it. Walks without recursion, so no nesting depth can overflow the stack.
 */
export function findInvalidText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isValidText(item)) return path;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], path ? `${path}.${i}` : String(i)]);
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isValidText(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
