/** The old screens' import path of the app's API client; new code imports lib/api-client.ts. */
export { apiClientAtom } from '../lib/api-client.ts';
