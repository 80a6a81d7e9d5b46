import { LIMITS } from '@cohort/api';
import { type PickedUpload, useUploadBatch } from '@/lib/upload-batch.ts';

export const MAX_ATTACHMENTS = LIMITS.messageFiles;
/** Why a pick stops at MAX_ATTACHMENTS, in the words the tray shows. */
export const ATTACHMENTS_LIMIT = `a message holds at most ${MAX_ATTACHMENTS} files`;

/** One file picked for the message being written. */
export type Attachment = PickedUpload;

/**
 * The composer's attachments (use `attachment`, at most MAX_ATTACHMENTS), uploaded as soon as they are picked. A new
 * `scope` (another chat opened on the same screen) drops them all: a file picked for one chat never goes to another.
 */
export function useAttachments(scope: string) {
  return useUploadBatch({ use: 'attachment', max: MAX_ATTACHMENTS, scope });
}
