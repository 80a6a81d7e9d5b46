import { sha256 } from '@noble/hashes/sha2.js';

// The seeded pictures as SVG text, drawn from a name alone (the same name, the same drawing). No
// Node built-in: the Node server rasterises them with sharp (seeded.ts); the browser demo serves
// the SVG as it is.

export function hue(text: string, salt = ''): number {
  const digest = sha256(new TextEncoder().encode(salt + text));
  return (((digest[0] ?? 0) << 8) | (digest[1] ?? 0)) % 360;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function avatarSvg(initials: string, seed: string): string {
  const h = hue(seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 128 128">
<rect width="128" height="128" fill="hsl(${h}, 55%, 88%)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="52" font-weight="600" fill="hsl(${h}, 45%, 32%)">${escapeXml(initials)}</text>
</svg>`;
}

export function pictureSvg(seed: string): string {
  const a = hue(seed, 'a');
  const b = hue(seed, 'b');
  const sun = 120 + (hue(seed, 'c') % 560);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${a}, 70%, 78%)"/><stop offset="1" stop-color="hsl(${b}, 60%, 90%)"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#sky)"/>
<circle cx="${sun}" cy="170" r="70" fill="hsl(${(a + 40) % 360}, 85%, 70%)"/>
<path d="M0 430 L180 290 L330 410 L500 250 L800 460 L800 600 L0 600 Z" fill="hsl(${b}, 35%, 45%)"/>
<path d="M0 500 L260 400 L520 500 L800 420 L800 600 L0 600 Z" fill="hsl(${b}, 40%, 32%)"/>
</svg>`;
}
