import type { Message } from '@cohort/api';
import { fileNameFromUrl } from '../../lib/file-name.ts';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"')]+/g;

export interface ChannelMedia {
  images: { url: string; messageId: string }[];
  files: { url: string; name: string; messageId: string }[];
  links: { url: string; messageId: string }[];
}

/** The Media, Files and Link tabs: images and other files attached to messages, and links written in them. */
export function channelMedia(messages: readonly Message[]): ChannelMedia {
  const out: ChannelMedia = { images: [], files: [], links: [] };
  // Newest first, as a gallery reads.
  for (const m of [...messages].reverse()) {
    for (const f of m.files) {
      if (f.file_type === 1) out.images.push({ url: f.url, messageId: m.id });
      else out.files.push({ url: f.url, name: fileNameFromUrl(f.url), messageId: m.id });
    }
    for (const url of m.message.match(URL_PATTERN) ?? []) out.links.push({ url, messageId: m.id });
  }
  return out;
}
