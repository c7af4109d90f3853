import { z } from "#app/lib/zod.ts";

/** The register page's one post: « Vérifier maintenant ». */
export const IntegrityPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verifier") }),
]);
