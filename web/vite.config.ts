// Builds the console into web/dist; in dev, /prod-api and /mqtt go to a running bridge.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { firstScreenPreload } from './build/first-screen-preload.ts'
import { languagePacks } from './build/language-packs.ts'
import { precompress } from './build/precompress.ts'

const bridge = 'http://127.0.0.1:4780'

export default defineConfig({
  plugins: [react(), languagePacks(), firstScreenPreload(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['defineConfig'] },
      output: {
        // Module bodies run in source order whatever chunk they land in: the grouped chunks below can import each
        // other in a cycle, and without this a constant (CardFlag) was read before its module had run.
        strictExecutionOrder: true,
        // Fewer, larger shared chunks: over HTTP/1.1 (six connections) dozens of tiny files cost more than bytes.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // The shell every page runs (router, session, requests, i18n) in one file, not a dozen small ones: on a
            // busy desk PC each file costs the bridge a request, and the sign-in page needs all of them at once.
            {
              name: 'shell',
              test: /(web[\\/]src[\\/](app[\\/](App|AppRouter|FeedbackHost|chakra)\.tsx?|api|i18n|session|router|screens)[\\/]?|node_modules[\\/](i18next|react-i18next|wouter|regexparam|use-sync-external-store)[\\/])/,
              priority: 25,
            },
            // The sign-in pages' own code, one file (their CSS beside it); the code and QR ways load apart.
            {
              name: 'sign-in',
              test: /web[\\/]src[\\/]login[\\/](LoginPage|AdminLoginPage|LoginShell|PasswordForm|LanguageSelect|finish|rules|preloadNext|useCountdown)\.tsx?$/,
              priority: 24,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss|@internationalized|stylis|proxy-compare)[\\/]/,
              priority: 20,
              entriesAware: true,
              entriesAwareMergeThreshold: 0,
            },
            {
              name: 'shared',
              priority: 10,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/prod-api': { target: bridge, changeOrigin: false },
      '/mqtt': { target: bridge.replace(/^http/, 'ws'), ws: true },
    },
  },
})
