import type {
  ProjectIllustration,
  ServiceIllustration,
  TeamMember,
  TestimonialImage,
} from "#app/content/types.ts";

/** Every original illustration of the site, by name (the file name without `.svg`). */
export type IllustrationName =
  | "hero-home"
  | "placeholder-product"
  | ServiceIllustration
  | ProjectIllustration
  | TeamMember["image"]
  | TestimonialImage;

export type IllustrationSize = { width: number; height: number };

// Vite turns each file into a hashed URL under /assets/, which the server caches
// for a year; only the URL strings reach the browser bundle.
const urls = import.meta.glob<string>("../../assets/illustrations/*.svg", {
  query: "?url",
  import: "default",
  eager: true,
});

/** Intrinsic size of each family of drawings (the SVG's own width and height). */
const sizes: ReadonlyArray<readonly [prefix: string, size: IllustrationSize]> = [
  ["hero-", { width: 1200, height: 800 }],
  ["service-", { width: 1200, height: 800 }],
  ["project-", { width: 1200, height: 900 }],
  ["team-", { width: 400, height: 400 }],
  ["avatar-", { width: 96, height: 96 }],
  ["placeholder-", { width: 800, height: 800 }],
];

/** The hashed URL of an illustration; a missing file stops the build (prerendering calls this). */
export function illustrationUrl(name: IllustrationName): string {
  const url = urls[`../../assets/illustrations/${name}.svg`];
  if (!url) throw new Error(`Illustration introuvable : app/assets/illustrations/${name}.svg`);
  return url;
}

export function illustrationSize(name: IllustrationName): IllustrationSize {
  const entry = sizes.find(([prefix]) => name.startsWith(prefix));
  if (!entry) throw new Error(`Taille inconnue pour l'illustration ${name}`);
  return entry[1];
}
