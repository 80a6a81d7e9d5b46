import { open } from 'node:fs/promises';

/** The extension each type is stored and served under (and the type a file name's extension claims). */
export const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/zip': 'zip',
  'image/svg+xml': 'svg',
  'text/html': 'html',
};

const BY_EXTENSION: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(EXTENSIONS).map(([mime, ext]) => [ext, mime])),
  jpeg: 'image/jpeg',
  htm: 'text/html',
  xhtml: 'text/html',
};

/** Names for the same thing that clients send. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-zip-compressed': 'application/zip',
  'application/xhtml+xml': 'text/html',
};
const canonical = (mime: string) => {
  const bare = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  return ALIASES[bare] ?? bare;
};
/** Plain text and CSV are the same bytes; a client may call either the other. */
const family = (mime: string) => (mime === 'text/csv' ? 'text/plain' : mime);

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

const LEGACY_OFFICE: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** What markup a text file is: SVG and HTML are never served as pages, so they are told apart from text. */
function markupType(head: string): string | undefined {
  const text = head
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/<svg[\s>/]/.test(text)) return 'image/svg+xml';
  if (/<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>]|<iframe[\s>]/.test(text)) return 'text/html';
  if (text.startsWith('<?xml')) return 'application/xml';
  return undefined;
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The file's real type, from its bytes (file-type's signatures), with text told apart from
 * binary and markup (SVG, HTML) told apart from text: never from the name or the client's header.
 */
export async function sniff(path: string, name: string): Promise<string> {
  // Imported on the first upload, not at start-up.
  const { fileTypeFromFile } = await import('file-type');
  const found = await fileTypeFromFile(path);
  if (found && found.mime !== 'application/xml') {
    if (found.mime === 'application/x-cfb') return LEGACY_OFFICE[extensionOf(name)] ?? found.mime;
    return found.mime;
  }
  const head = await readHead(path, 64 * 1024);
  const markup = markupType(head.toString('utf8'));
  if (markup) return markup;
  if (found) return found.mime;
  if (head.includes(0)) return 'application/octet-stream';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, lastCompleteChar(head)));
  } catch {
    return 'application/octet-stream';
  }
  return extensionOf(name) === 'csv' ? 'text/csv' : 'text/plain';
}

/** Where the head can be cut without splitting a UTF-8 character. */
function lastCompleteChar(head: Buffer): number {
  let end = head.length;
  for (let i = head.length - 1; i >= Math.max(0, head.length - 4); i--) {
    const byte = head[i] ?? 0;
    if ((byte & 0xc0) !== 0x80) {
      end = byte < 0x80 ? head.length : i;
      break;
    }
  }
  return end;
}

/** Why the file's name or declared type disagrees with its bytes, or undefined when nothing does. */
export function mismatch(sniffed: string, name: string, declared: string | undefined): string | undefined {
  const claimed = BY_EXTENSION[extensionOf(name)];
  if (claimed && family(claimed) !== family(sniffed)) {
    return `the content is ${sniffed}, which does not match the file name's extension .${extensionOf(name)}`;
  }
  const type = declared ? canonical(declared) : '';
  if (type && type !== 'application/octet-stream' && family(type) !== family(sniffed)) {
    return `the content is ${sniffed}, which does not match the declared type ${type}`;
  }
  return undefined;
}
