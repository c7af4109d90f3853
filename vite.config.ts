import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Keep every asset a file with a hashed name: the CSP has no `data:` for
    // scripts and the server gives hashed files a one-year immutable cache.
    assetsInlineLimit: 0,
  },
  server: { port: 5173 },
});
