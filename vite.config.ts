import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Keep every asset a file with a hashed name: the CSP has no `data:` for
    // scripts and the server gives hashed files a one-year immutable cache.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: isSsrBuild
        ? {}
        : {
            // Fewer, fuller files: each file a page fetches costs its headers (about
            // 340 bytes) and a request; the public pages' scripts are 8 to 12 files
            // (decision 021). The server build is left to Rolldown's defaults.
            // - framework: React, React DOM, React Router, which every page runs.
            // - root: app/root.tsx and everything it imports (header, footer, consent,
            //   cart button, quote button): every page loads the root route anyway, so
            //   these cost no page anything extra. The dialogs (quote modal, cart panel)
            //   and the toasts' Radix code are imported lazily and stay out.
            // - site: the public pages' shared components (hero, cards, reviews, JSON-LD,
            //   SEO tags, accordion, call to action), one file for the public pages;
            //   the page-specific ones (map, legal text, portfolio) stay with their page.
            // Everything else (the Espace Pro's screens, forms, zod) is split by Rolldown
            // per route as before.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  priority: 20,
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                },
                {
                  name: "root",
                  priority: 10,
                  test: /[\\/]app[\\/]root\.tsx$/,
                },
                {
                  name: "site",
                  priority: 5,
                  test: /[\\/]app[\\/](features[\\/]marketing[\\/](?!components[\\/](lazy-map|legal-document|portfolio))|lib[\\/]seo\.ts|features[\\/]quote-request[\\/]components[\\/]cta-band|components[\\/]ui[\\/]accordion)/,
                },
              ],
            },
          },
    },
  },
  server: { port: 5173 },
}));
