// Test projects: unit (pure logic and services), validation (solver physics), e2e (headless Chromium).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          globalSetup: ['tests/support/solverBundles.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'validation',
          include: ['tests/validation/**/*.test.ts'],
          environment: 'node',
          // Node's own loader (type stripping), as the solver runs in the product: under Vite's module
          // runner every call to an imported function in the pair loops goes through the runner's module
          // object, and the CPU solver took twice as long per step (12 against 27 ms on the 7k hydrostatic tank).
          experimental: { viteModuleRunner: false },
          globalSetup: ['tests/support/solverBundles.ts'],
          testTimeout: 900_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
