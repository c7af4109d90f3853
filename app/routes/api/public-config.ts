import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/public-config";

/**
 * What the browser needs to load the trackers, asked for only after the visitor
 * accepted them (prerendered pages cannot carry runtime configuration).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { env } = getServices(context);
  return Response.json(
    {
      tiktokPixelId: env.TIKTOK_PIXEL_ID ?? null,
      tiktokPixelOrigin: env.TIKTOK_PIXEL_ORIGIN,
      trackingScriptUrl: env.TRACKING_SCRIPT_URL ?? null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
