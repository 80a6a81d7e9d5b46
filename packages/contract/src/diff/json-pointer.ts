/** Escapes one segment of a JSON pointer (RFC 6901): `~` then `/`. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `pointer` with each segment appended, escaped. */
export function join(pointer: string, ...segments: (string | number)[]): string {
  return pointer + segments.map((s) => `/${escapePointer(String(s))}`).join('');
}
