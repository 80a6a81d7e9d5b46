import { useEffect, useState } from 'react';

/**
 * A local preview of a picked file: an object URL, released when the file changes or the caller goes.
 * With `onlyImages`, a file that is not an image has none (no broken-image icon).
 */
export function usePreview(file: File | null, onlyImages = false): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || (onlyImages && !file.type.startsWith('image/'))) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file, onlyImages]);
  return url;
}
