import { configDefaults, defineConfig } from 'vitest/config'

// Two projects: the engine, the demo service and the Electron-side modules run under
// plain Node; the renderer's components and stores run in a simulated DOM (happy-dom),
// rendered by React as in the app.
export default defineConfig({
  test: {
    // A safety net for a test that hangs, not a bound on its speed: the tests that start
    // processes or walk thousands of folders take two to three times as long on a loaded
    // machine as on a quiet one.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // The app speaks the system's language: the tests run in English, whatever the
    // machine's, unless a test chooses one (LC_ALL and LC_MESSAGES would win over LANG).
    env: { LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/unit/renderer/**'],
          environment: 'node'
        }
      },
      {
        extends: true,
        // The app's tsconfig for the page uses React's automatic runtime; so do its tests.
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'renderer',
          include: ['test/unit/renderer/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/unit/renderer/setup.ts']
        }
      },
      {
        extends: true,
        // The built main process under a stand-in Electron: needs `electron-vite build` first.
        test: {
          name: 'electron',
          include: ['test/electron-smoke/**/*.test.ts'],
          environment: 'node'
        }
      }
    ]
  }
})
