/**
 * The contract's `maxItems` and `maxLength` of what a person picks or types into a request body (a
 * test keeps the two equal), so the app says a limit where the person meets it without a copy of its own.
 */
export const LIMITS = {
  /** `PostInput.images`: photos in one post. */
  postImages: 4,
  /** `PostInput.text`. */
  postText: 5000,
  /** `MessageInput.files`: files in one message. */
  messageFiles: 10,
  /** `MessageInput.message`. */
  messageText: 4000,
  /** `CommentInput.text`. */
  commentText: 2000,
  /** `StoryInput.text`: a text card's words. */
  storyText: 200,
} as const;

/** Where each limit stands in the contract: schema, property, keyword. */
export const LIMIT_SOURCES: Readonly<Record<keyof typeof LIMITS, readonly [string, string, 'maxItems' | 'maxLength']>> =
  {
    postImages: ['PostImagesInput', 'images', 'maxItems'],
    postText: ['PostTextInput', 'text', 'maxLength'],
    messageFiles: ['MessageFilesInput', 'files', 'maxItems'],
    messageText: ['MessageTextInput', 'message', 'maxLength'],
    commentText: ['CommentInput', 'text', 'maxLength'],
    storyText: ['StoryTextInput', 'text', 'maxLength'],
  };
