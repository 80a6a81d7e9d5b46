import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { contractPath, type OpenApiDocument } from '@cohort/openapi';
import express, { Router } from 'express';

const require = createRequire(import.meta.url);
// Only the folder: the package's index would load the whole Swagger UI bundle into Node at start-up.
const swaggerUiDir = (require('swagger-ui-dist/absolute-path.js') as () => string)();

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Cohort API (mock)</title>
  <link rel="stylesheet" href="./swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="./swagger-ui-bundle.js"></script>
  <script src="./docs-init.js"></script>
</body>
</html>`;

// Served as a file, not inline, so the page works under a strict CSP too.
const INIT = `window.ui = SwaggerUIBundle({
  url: '../openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  tryItOutEnabled: true,
});`;

/** Interactive docs at /docs (Swagger UI from node_modules, so offline) and the contract at /openapi.{json,yaml}. */
export function docsRouter(doc: OpenApiDocument): Router {
  const router = Router();
  const yaml = readFileSync(contractPath, 'utf8');
  router.get('/openapi.json', (_req, res) => void res.json(doc));
  router.get('/openapi.yaml', (_req, res) => void res.type('application/yaml').send(yaml));
  router.get('/docs', (req, res) => {
    // Relative asset URLs need the trailing slash.
    if (!req.originalUrl.split('?')[0]?.endsWith('/')) return res.redirect(301, '/docs/');
    res.type('html').send(PAGE);
  });
  router.get('/docs/docs-init.js', (_req, res) => void res.type('application/javascript').send(INIT));
  router.use('/docs', express.static(swaggerUiDir, { index: false }));
  return router;
}
