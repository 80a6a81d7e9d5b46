// The contract as data: openapi.yaml made into JSON at build by offline-plugin.ts.
declare module 'virtual:cohort-contract' {
  const doc: import('@cohort/openapi/schema').OpenApiDocument;
  export default doc;
}
