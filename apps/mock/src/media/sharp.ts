import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

/**
 * sharp (libvips), imported on the first image to render or read: its import alone took a tenth of
 * the mock's start-up, and most runs never draw an image.
 */
export function loadSharp(): Promise<typeof sharpType> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
