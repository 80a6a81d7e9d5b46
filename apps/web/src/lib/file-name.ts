/**
 * A readable name for a file URL: its last path segment, percent-decoded when that is valid.
 * Server data may carry any URL the contract allows, including malformed escapes (`a%FF.txt`),
 * so this never throws: an undecodable name is shown as sent.
 */
export function fileNameFromUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segment = path.split('/').filter(Boolean).pop() ?? '';
  if (!segment) return url || 'File';
  try {
    return decodeURIComponent(segment) || segment;
  } catch {
    return segment;
  }
}
