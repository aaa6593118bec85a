import { defineConfig } from 'vite';

// The BFF for Node, bundled (the dependencies stay imports): dist/server/main.js (`opi-bff`, `npm run serve`, the
// container's CMD), server.js (`opi-checkout/server`), contract.js (`opi-checkout/contract`), and the sandbox:
// sandbox.js (`opi-checkout/sandbox`) and opi-sandbox.js (`opi-sandbox`), sharing chunks in
// the same folder, so the widget is at ../widget/ from every one of them (bff/http/widget-asset.ts). main.js and
// opi-sandbox.js keep their #! lines, so they run as commands. pglite-worker.js is the embedded ledger's thread.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/server',
    target: 'node20',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    rolldownOptions: {
      input: {
        main: 'bff/main.ts',
        server: 'bff/index.ts',
        contract: 'shared/index.ts',
        sandbox: 'demo/sandbox/sandbox.ts',
        'opi-sandbox': 'demo/sandbox/main.ts',
        // The embedded ledger's thread, found beside the driver that starts it (bff/store/pglite-thread-driver.ts).
        'pglite-worker': 'bff/store/pglite-worker.ts',
      },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
});
