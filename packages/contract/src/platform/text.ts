/**
 * The one rule for text that crosses the wire: no NUL character and no lone UTF-16 surrogate.
 * PostgreSQL can store neither, so such input is refused at validation (400 `invalidCharacters`)
 * instead of failing in the database.
 */
export function isSafeText(text: string): boolean {
  return !text.includes('\0') && text.isWellFormed();
}

/** The deepest nesting of arrays and objects a request may carry; no schema of the API comes near it. */
export const MAX_INPUT_DEPTH = 64;

/** A value met while walking parsed input: where it hangs (for its path) and how deep. */
type Node = { value: unknown; depth: number; parent: Node | null; segment: string; key?: string };

const pathOf = (node: Node | null): string => {
  const parts: string[] = [];
  for (let n = node; n && n.parent; n = n.parent) parts.push(n.segment);
  return parts
    .reverse()
    .map((p) => `/${p}`)
    .join('');
};

/**
 * Walks parsed input depth first with a stack of its own instead of recursion, so input nested
 * thousands of levels deep cannot overflow the call stack. `visit` answers a path to stop at.
 */
function walk(value: unknown, visit: (node: Node) => string | null): string | null {
  const stack: Node[] = [{ value, depth: 0, parent: null, segment: '' }];
  while (stack.length) {
    const node = stack.pop() as Node;
    const found = visit(node);
    if (found !== null) return found;
    const v = node.value;
    const children: Node[] = [];
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++)
        children.push({ value: v[i], depth: node.depth + 1, parent: node, segment: String(i) });
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [key, child] of Object.entries(v))
        children.push({ value: child, depth: node.depth + 1, parent: node, segment: key, key });
    }
    // Reversed onto the stack, so the first child is visited first, as a recursive walk would.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return null;
}

/**
 * Path of the first unsafe string (value or object key) in parsed JSON, a query or path
 * parameters, `''` for the value itself; null when every text is safe.
 */
export function findUnsafeText(value: unknown): string | null {
  return walk(value, (node) => {
    if (node.key !== undefined && !isSafeText(node.key))
      return `${pathOf(node.parent)}/${node.key.replace(/[^\x20-\x7e]/g, '?')}`;
    return typeof node.value === 'string' && !isSafeText(node.value) ? pathOf(node) : null;
  });
}

/** Path of the first array or object nested deeper than `maxDepth` levels; null when none is. */
export function findTooDeep(value: unknown, maxDepth = MAX_INPUT_DEPTH): string | null {
  return walk(value, (node) =>
    node.depth > maxDepth && node.value !== null && typeof node.value === 'object' ? pathOf(node) : null,
  );
}
