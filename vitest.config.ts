import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
      '@': path.resolve(import.meta.dirname, 'src/client'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/process/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Database-backed suites are I/O heavy and each opens its own database; two at a time fits 2 cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    // CI asks for a JSON report too, so it can print one closing "N passed, N failed" line.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
    hookTimeout: 60_000,
  },
});
