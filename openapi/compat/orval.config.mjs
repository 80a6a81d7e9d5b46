// orval's common outputs, each as its own project: fetch (with MSW mocks), axios, react-query, zod.
// `split` mode is what orval's docs use with mocks (schemas, client and mocks in separate files).
const input = '../openapi.yaml';
const output = (name, client, extra = {}) => ({
  target: `./out/orval-${name}/api.ts`,
  client,
  mode: 'split',
  ...extra,
});
export default {
  fetch: { input, output: output('fetch', 'fetch', { mock: true }) },
  axios: { input, output: output('axios', 'axios') },
  reactQuery: { input, output: output('react-query', 'react-query') },
  zod: { input, output: output('zod', 'zod') },
};
