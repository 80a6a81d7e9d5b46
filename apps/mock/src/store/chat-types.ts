import type { Message, Report } from './types.ts';

/**
 * What `send` accepts, once the contract's `MessageInput` has validated it (its generated type is
 * an `anyOf` union too loose to read fields from).
 */
export type MessageDraft = Partial<Pick<Message, 'message' | 'reply_message_id' | 'files' | 'client_id'>>;
export type ReportReason = Report['reason'];

export interface MessagePage {
  data: Message[];
  meta: { has_more: boolean; next_before: string | null };
}
