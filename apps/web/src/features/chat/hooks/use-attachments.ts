import { type PickedUpload, useUploadBatch } from '../../../lib/upload-batch.ts';

export const MAX_ATTACHMENTS = 10;

/** One file picked for the message being written. */
export type Attachment = PickedUpload;

/**
 * The composer's attachments (use `attachment`, at most 10), uploaded as soon as they are picked. A new
 * `scope` (another chat opened on the same screen) drops them all: a file picked for one chat never goes to another.
 */
export function useAttachments(scope: string) {
  return useUploadBatch({ use: 'attachment', max: MAX_ATTACHMENTS, scope });
}
