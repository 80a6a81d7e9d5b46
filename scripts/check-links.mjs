#!/usr/bin/env node
// Every relative link in the repository's Markdown files points at a file or folder that exists,
// and a `#fragment` at a heading of that file: `node scripts/check-links.mjs`.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const files = execSync('git ls-files "*.md"', { encoding: 'utf8' }).split('\n').filter(Boolean);
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchors = (file) =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, ''))),
  );

let bad = 0;
for (const file of files) {
  // Links outside code blocks and code spans.
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [path, fragment] = target.split('#');
    const to = path === '' ? file : resolve(dirname(file), path);
    const problem = !existsSync(to)
      ? 'no such file'
      : fragment && statSync(to).isFile() && to.endsWith('.md') && !anchors(to).has(fragment)
        ? `no heading #${fragment}`
        : undefined;
    if (problem) {
      console.error(`${join(file)}: (${target}) ${problem}`);
      bad++;
    }
  }
}
if (bad) process.exit(1);
console.log(`${files.length} Markdown files: every relative link resolves`);
