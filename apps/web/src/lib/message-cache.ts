/** A group's messages (`getMessages`): one infinite query per group, newest page first. */
export const MESSAGES = '/api/v1/channels/{id}/get-messages';
