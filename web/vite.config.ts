/** Builds the catalog's web page (web/) into dist/ui, served by the service under /ui. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/ui/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/ui', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Everything the page needs ships in the build; nothing is fetched from the network at run time.
    assetsInlineLimit: 0,
  },
});
