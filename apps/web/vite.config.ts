import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { messages } from './vite/messages.ts';

// The API serves the built app from dist; in development vite proxies /api to it.
export default defineConfig({
  plugins: [react(), messages(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 1200, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
