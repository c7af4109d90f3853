import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { about } from "#app/content/about.ts";
import { projects } from "#app/content/projects.ts";
import { services } from "#app/content/services.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { type IllustrationName, illustrationSize, illustrationUrl } from "./illustrations.ts";

const used: IllustrationName[] = [
  "hero-home",
  "placeholder-product",
  ...services.map((service) => service.illustration),
  ...projects.map((project) => project.illustration),
  ...testimonials.map((testimonial) => testimonial.image),
  ...about.team.map((member) => member.image),
];

function svgSize(name: string): { width: number; height: number } {
  const svg = readFileSync(new URL(`../../assets/illustrations/${name}.svg`, import.meta.url), "utf8");
  const tag = svg.match(/<svg\b[^>]*>/)?.[0] ?? "";
  return {
    width: Number(tag.match(/\swidth="(\d+)"/)?.[1]),
    height: Number(tag.match(/\sheight="(\d+)"/)?.[1]),
  };
}

describe("illustrations", () => {
  it.each(used)("%s a une URL et la taille déclarée est celle du dessin", (name) => {
    // A hashed file in the build; tests run without the app's Vite config, which may inline it.
    expect(illustrationUrl(name)).toMatch(/\.svg$|^data:image\/svg\+xml/);
    expect(illustrationSize(name)).toEqual(svgSize(name));
  });

  it("chaque réalisation déclare la taille de son dessin", () => {
    for (const project of projects) {
      expect({ width: project.width, height: project.height }).toEqual(svgSize(project.illustration));
    }
  });
});
