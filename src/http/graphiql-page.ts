/**
 * GraphiQL served entirely by this service — its script, styles, editor workers and icon from the
 * @graphql-yoga/render-graphiql package, each a file of its own — so the page works offline, behind a proxy and
 * under a content policy that allows nothing but this origin (yoga's default page loads them from a public CDN).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Route } from '../wire/route.js';
import { sendText } from '../wire/send-text.js';

/** Only this origin; GraphiQL sets inline styles, and its icon is a data URL. */
export const GRAPHIQL_CSP = "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'";

interface Bundle {
  css: string;
  js: string;
  editorWorkerService: string;
  jsonWorker: string;
  graphqlWorker: string;
  favicon: string;
}

const packageDir = dirname(createRequire(import.meta.url).resolve('@graphql-yoga/render-graphiql/package.json'));
let bundle: Promise<Bundle> | undefined;
/** The package's one module of built assets (about 9 MB of strings), loaded the first time someone opens the page. */
const loadBundle = () => (bundle ??= import(pathToFileURL(join(packageDir, 'esm', 'graphiql.js')).href) as Promise<Bundle>);

/** Starts GraphiQL: its editor workers come from this service, its options from the page. */
const START = `self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: function (_moduleId, label) {
    return new URL('graphql-assets/' + (label === 'editorWorkerService' ? 'editor' : label) + '.worker.js', document.baseURI).href;
  },
};
YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), JSON.parse(document.getElementById('graphiql-options').textContent));
`;

const escapeJson = (value: unknown) => JSON.stringify(value ?? {}).replace(/</g, '\\u003c');
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** yoga's `renderGraphiQL`: the page, with every asset a file under `graphql-assets/` beside the endpoint. */
export function renderGraphiqlPage(opts?: { title?: string } & Record<string, unknown>): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(opts?.title ?? 'GraphiQL')}</title>
<link rel="icon" href="graphql-assets/favicon.ico">
<link rel="stylesheet" href="graphql-assets/graphiql.css">
</head>
<body id="body" class="no-focus-outline">
<noscript>You need to enable JavaScript to run GraphiQL.</noscript>
<div id="root"></div>
<script type="application/json" id="graphiql-options">${escapeJson(opts)}</script>
<script src="graphql-assets/graphiql.js"></script>
<script src="graphql-assets/start.js"></script>
</body>
</html>`;
}

const ASSETS: Record<string, { type: string; body: (b: Bundle) => string | Buffer }> = {
  'graphiql.js': { type: 'text/javascript', body: (b) => b.js },
  'graphiql.css': { type: 'text/css', body: (b) => b.css },
  'editor.worker.js': { type: 'text/javascript', body: (b) => b.editorWorkerService },
  'json.worker.js': { type: 'text/javascript', body: (b) => b.jsonWorker },
  'graphql.worker.js': { type: 'text/javascript', body: (b) => b.graphqlWorker },
  'start.js': { type: 'text/javascript', body: () => START },
  'favicon.ico': { type: 'image/x-icon', body: (b) => Buffer.from(b.favicon.slice(b.favicon.indexOf(',') + 1), 'base64') },
};

/** The page's files, public like the page, beside every GraphQL endpoint the page can be opened at. */
export function graphiqlAssetRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: ['/api/graphql-assets/:file', '/api/v2/graphql-assets/:file', '/api/graphql/graphql-assets/:file', '/api/v2/graphql/graphql-assets/:file'],
      public: true,
      handle: async ({ res, params }) => {
        const asset = Object.hasOwn(ASSETS, params.file) ? ASSETS[params.file] : undefined;
        if (!asset) return void sendText(res, 404, 'text/plain', 'No such GraphiQL file');
        // The files are a build of the installed package: they change only with it, so browsers may keep them a day.
        sendText(res, 200, asset.type, asset.body(await loadBundle()), { 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' });
      },
    },
  ];
}
