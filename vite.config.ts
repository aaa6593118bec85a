import { defineConfig } from 'vite';

// The widget, built to one ES module with lit and zod/mini inside: dist/widget/opi-checkout.js.
// The BFF serves that file at /opi-checkout.js with its SRI hash.
export default defineConfig({
  build: {
    outDir: 'dist/widget',
    target: 'es2022',
    copyPublicDir: false,
    emptyOutDir: true,
    lib: { entry: 'widget/index.ts', formats: ['es'], fileName: () => 'opi-checkout.js' },
  },
});
