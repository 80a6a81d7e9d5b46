// hey-api as a frontend team would configure it: fetch client, SDK, TanStack Query hooks, zod schemas.
export default {
  input: '../openapi.yaml',
  output: { path: './out/hey-api' },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk', '@tanstack/react-query', 'zod'],
  logs: { level: 'warn' },
};
