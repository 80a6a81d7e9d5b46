/**
 * Roughly what `value` takes on V8's heap, walking it as plain data (objects, arrays, Maps, Sets,
 * strings, numbers): a session's memory is judged by it before the session is made, without
 * measuring the heap (which needs a GC to mean anything). Shared references are counted each time.
 */
export function approxBytes(value: unknown): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    switch (typeof item) {
      case 'string':
        // A sequential string: a header and a byte per character (two for non-Latin-1; rare here).
        bytes += 16 + item.length;
        break;
      case 'number':
        bytes += 8;
        break;
      case 'object': {
        if (item === null) break;
        if (Array.isArray(item)) {
          bytes += 32 + 8 * item.length;
          for (const inner of item) stack.push(inner);
        } else if (item instanceof Map) {
          bytes += 64 + 24 * item.size;
          for (const [key, inner] of item) stack.push(key, inner);
        } else if (item instanceof Set) {
          bytes += 64 + 16 * item.size;
          for (const inner of item) stack.push(inner);
        } else if (ArrayBuffer.isView(item)) {
          bytes += 64 + item.byteLength;
        } else {
          const values = Object.values(item);
          bytes += 24 + 8 * values.length;
          for (const inner of values) stack.push(inner);
        }
        break;
      }
      default:
        break;
    }
  }
  return bytes;
}
