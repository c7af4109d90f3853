import { loadEnv } from "#app/config/env.server.ts";
import { productSitemapPaths } from "#app/features/shop/sitemap.server.ts";
import { servicesContext } from "#app/lib/app-context.ts";
import { indexablePaths } from "#app/routes/public-paths.ts";
import type { Route } from "./+types/sitemap";

function escapeXml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const siteUrl = (services?.env ?? loadEnv()).SITE_URL;
  // The shop's product pages, from the store service.
  const productPaths = services ? await productSitemapPaths(services) : [];
  const urls = [...indexablePaths, ...productPaths]
    .map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
