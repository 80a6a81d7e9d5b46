#!/usr/bin/env node
// The installed package's server: the bundle in dist/ (`pnpm dev` runs the same entry from source).
await import('../dist/main.js');
