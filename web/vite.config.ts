// Builds the console into web/dist; in dev, /prod-api and /mqtt go to a running bridge.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const bridge = 'http://127.0.0.1:4780'

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: {
    proxy: {
      '/prod-api': { target: bridge, changeOrigin: false },
      '/mqtt': { target: bridge.replace(/^http/, 'ws'), ws: true },
    },
  },
})
