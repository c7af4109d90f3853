import { loadEnv } from "#app/config/env.server.ts";
import { servicesContext } from "#app/lib/app-context.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = (context.get(servicesContext)?.env ?? loadEnv()).SITE_URL;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /erp",
    "Disallow: /api/",
    "Disallow: /accord/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
