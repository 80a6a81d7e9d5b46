import type { components } from '@cohort/api';
import { contract } from '../contract/contract.ts';

export type MediaUse = components['schemas']['MediaUse'];
export interface UseLimit {
  maxBytes: number;
  types: readonly string[];
}

/** Raster images a browser may show inline; everything else is served as a download. */
export const SAFE_IMAGES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

let cached: Record<MediaUse, UseLimit> | undefined;

/** Size limit and allowed types per use, read once from the contract's `x-upload-limits` (the one place they are written). */
export function uploadLimits(): Record<MediaUse, UseLimit> {
  if (cached) return cached;
  const op = contract().doc.paths['/api/v1/media']?.post as
    | { 'x-upload-limits'?: Record<string, { max_bytes: number; types: string[] }> }
    | undefined;
  const raw = op?.['x-upload-limits'];
  if (!raw) throw new Error('the contract has no x-upload-limits on uploadMedia');
  const out = {} as Record<MediaUse, UseLimit>;
  for (const use of ['avatar', 'resume', 'attachment'] as const) {
    const limit = raw[use];
    if (!limit) throw new Error(`x-upload-limits has no ${use}`);
    out[use] = { maxBytes: limit.max_bytes, types: limit.types };
  }
  cached = out;
  return out;
}

export function largestLimit(): number {
  return Math.max(...Object.values(uploadLimits()).map((l) => l.maxBytes));
}

export const isUse = (value: string): value is MediaUse =>
  value === 'avatar' || value === 'resume' || value === 'attachment';

/** "5 MB" for 5,242,880 bytes. */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
