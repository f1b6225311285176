/** The Swagger UI page and its initializer: the bundled explorer pointed at the generated documents, with Authorize keeping the pasted token. */
import { documentGroups, SERVICE_GROUP } from './document-groups.js';

/** The files of swagger-ui-dist the page loads; served as they are, never fetched from a network. */
export const SWAGGER_ASSETS = ['swagger-ui.css', 'index.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png', 'favicon-16x16.png'];

export const swaggerPage = (base: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Tessera API explorer</title>
<link rel="stylesheet" href="${base}/swagger-ui.css">
<link rel="stylesheet" href="${base}/index.css">
<link rel="icon" type="image/png" href="${base}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${base}/swagger-ui-bundle.js" charset="UTF-8"></script>
<script src="${base}/swagger-ui-standalone-preset.js" charset="UTF-8"></script>
<script src="${base}/swagger-initializer.js" charset="UTF-8"></script>
</body>
</html>
`;

/**
 * The explorer's definitions: the small parts first (it opens on the service routes), then each entity type per
 * version, then the whole documents (slow to render: hundreds of operations).
 */
function explorerUrls(base: string): { url: string; name: string }[] {
  const part = (v: string, group: string) => `${base}/openapi/${v}/api-docs/${group}`;
  return [
    { url: part('v3', SERVICE_GROUP), name: 'GraphQL, emitter wire, jobs, system' },
    ...(['v3', 'v2'] as const).flatMap((v) => documentGroups().filter((g) => g !== SERVICE_GROUP).map((g) => ({ url: part(v, g), name: `REST ${v}: ${g}` }))),
    { url: `${base}/openapi/v3/api-docs`, name: 'REST v3: everything (slow to open)' },
    { url: `${base}/openapi/v2/api-docs`, name: 'REST v2: everything (slow to open)' },
  ];
}

/** `base` is '' or '/gms': the documents are read from the same prefix the page was served under. */
export const swaggerInitializer = (base: string) => `window.onload = function () {
  window.ui = SwaggerUIBundle({
    urls: ${JSON.stringify(explorerUrls(base))},
    dom_id: '#swagger-ui',
    deepLinking: true,
    // Hundreds of operations: tags start collapsed (fast first paint) and a filter box finds a tag by name.
    docExpansion: 'none',
    filter: true,
    persistAuthorization: true,
    displayRequestDuration: true,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout'
  });
};
`;
