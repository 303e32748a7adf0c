/**
 * The one rule for text that crosses the wire: no NUL character and no lone UTF-16 surrogate.
 * PostgreSQL can store neither, so such input is refused at validation (400 `invalidCharacters`)
 * instead of failing in the database.
 */
export function isSafeText(text: string): boolean {
  return !text.includes('\0') && text.isWellFormed();
}

/**
 * Path of the first unsafe string (value or object key) in parsed JSON, a query or path
 * parameters, `''` for the value itself; null when every text is safe.
 */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (!isSafeText(key)) return `${path}/${key.replace(/[^\x20-\x7e]/g, '?')}`;
      const found = findUnsafeText(v, `${path}/${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}
