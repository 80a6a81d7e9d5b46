export type { CohortClient, CohortClientOptions, CohortResult } from './client.ts';
export { asFetchClient, authMiddleware, createCohortClient } from './client.ts';
export type { FieldErrors } from './errors.ts';
export { ApiError } from './errors.ts';
export type { components, operations, paths } from './generated/schema.ts';
export { LIMIT_SOURCES, LIMITS } from './limits.ts';
export type { RawEvent, StreamEvents, StreamHandlers, StreamOptions, StreamPath } from './stream.ts';
export { openStream, SseParser } from './stream.ts';
export type {
  Media,
  MediaUse,
  UploaderOptions,
  UploadHandle,
  UploadInput,
  UploadProgress,
  UploadResult,
} from './upload.ts';
export { checkUpload, createUploader, UPLOAD_LIMITS } from './upload.ts';

import type { components, operations } from './generated/schema.ts';

/** The contract's schemas by name: `Schemas['Note']`, `Schemas['Channel']`, ... */
export type Schemas = components['schemas'];
export type User = Schemas['User'];
/** Another person's profile: contact details only for themself and their connections. */
export type PublicUser = Schemas['PublicUser'];
export type Friend = Schemas['Friend'];
export type Note = Schemas['Note'];
export type NoteInput = Schemas['NoteInput'];
export type ClubEntry = Schemas['ClubEntry'];
export type Interest = Schemas['Interest'];
export type Direction = Schemas['Direction'];
export type Experience = Schemas['Experience'];
export type ExperienceInput = Schemas['ExperienceInput'];
export type University = Schemas['University'];
export type Channel = Schemas['Channel'];
export type ChannelInput = Schemas['ChannelInput'];
export type Message = Schemas['Message'];
export type ChannelDetail = Schemas['ChannelDetail'];
export type ChannelInvite = Schemas['ChannelInvite'];
export type PersonSummary = Schemas['PersonSummary'];
export type UserStreamEvent = Schemas['UserStreamEvent'];
export type MessageFile = Schemas['MessageFile'];
export type MediaItem = Schemas['MediaItem'];
export type Resume = Schemas['Resume'];
export type ResourceKind = Schemas['ResourceKind'];
export type ResourceItem = Schemas['ResourceItem'];
export type ResourcePage = Schemas['ResourcePage'];
export type ErrorBody = Schemas['ErrorEnvelope'];
export type OperationId = keyof operations;
