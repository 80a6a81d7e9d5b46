/**
 * How people and groups are named on screen, one copy for every screen. Server text may be any
 * string the contract allows: empty names, a name in a right-to-left script, emoji, 255 letters
 * without a space. Nothing here throws, and nothing shows an empty label.
 */

export const UNNAMED_PERSON = 'Unnamed member';
export const UNNAMED_GROUP = 'Unnamed group';

/** "First Last", or `fallback` when both are empty (the contract allows empty names). */
export function personName(
  person: { first_name?: string | null; last_name?: string | null } | null | undefined,
  fallback = UNNAMED_PERSON,
): string {
  const name = `${person?.first_name ?? ''} ${person?.last_name ?? ''}`.trim();
  return name || fallback;
}

/** A group's name, or `fallback` when it is blank. */
export function groupName(name: string | null | undefined, fallback = UNNAMED_GROUP): string {
  return name?.trim() || fallback;
}

/**
 * Up to two initials for an avatar without a photo: the first letter or digit of the first two
 * words, whole characters (never half of an emoji or of a letter outside the BMP); '?' if none.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w));
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  return (first(words[0]) + first(words[1])).toUpperCase() || '?';
}

/** Case- and space-insensitive "contains", the pickers' filter rule. */
export function matches(text: string, query: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return norm(text).includes(norm(query));
}

/** "1 member", "12 members", "1,204 members". */
export function memberCount(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'member' : 'members'}`;
}
