import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = path.resolve(import.meta.dirname, 'src/client');
// BUILD_DIR (default: the project root) lets two browser-suite runs on one machine build apart.
const buildRoot = path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? '.');

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': root,
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  build: {
    outDir: path.join(buildRoot, 'dist/client'),
    emptyOutDir: true,
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    // `npm run dev` runs the API on API_PORT; the browser only talks to this origin.
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 5001}`, changeOrigin: false } },
  },
});
