import type { Ref } from 'react';

/**
 * A hidden file input that a button opens through `ref`. The chosen files go to `onFiles`, and the
 * input is emptied so that the same file can be chosen again.
 */
export function HiddenFileInput({
  ref,
  label,
  accept,
  multiple,
  onFiles,
}: {
  ref: Ref<HTMLInputElement>;
  label: string;
  accept?: string;
  multiple?: boolean;
  onFiles: (files: [File, ...File[]]) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      multiple={multiple}
      hidden
      aria-label={label}
      onChange={(event) => {
        const [first, ...more] = Array.from(event.currentTarget.files ?? []);
        event.currentTarget.value = '';
        if (first) onFiles([first, ...more]);
      }}
    />
  );
}
