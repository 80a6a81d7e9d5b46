/** Case- and space-insensitive "contains", the picker's filter rule. */
export function matches(text: string, query: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return norm(text).includes(norm(query));
}
