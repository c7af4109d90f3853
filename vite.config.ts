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
            // Every page needs the framework: one file instead of a dozen small ones. Over
            // HTTP/1.1 (six connections per origin) each extra file costs a round trip.
            // The Espace Pro's menus (dropdown, alert dialog and their positioning code)
            // stay out of it: public pages never use them.
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
              ],
            },
          },
    },
  },
  server: { port: 5173 },
}));
