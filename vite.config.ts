import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

const root = path.resolve(import.meta.dirname, 'src/client');
// BUILD_DIR (default: the project root) lets two browser-suite runs on one machine build apart.
const buildRoot = path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? '.');

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz siblings of every text asset, at the highest levels: compressed once here, so the
    // server (http/static-files.ts, preCompressed) sends them with no CPU per request. A sibling
    // that would not be smaller is skipped, and the server then sends the file itself.
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
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
