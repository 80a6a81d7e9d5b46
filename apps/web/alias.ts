import { fileURLToPath } from 'node:url';

/** `@/x` is `src/x`, for Vite and both Vitest configs (tsconfig.json's `paths` says the same to TypeScript). */
export const srcAlias = [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` }];
