import { describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import { META_DESCRIPTION_MAX, pageTitle, seo, truncateDescription } from "./seo.ts";

describe("truncateDescription", () => {
  it("keeps a description of 160 characters or less as it is", () => {
    const text = "a".repeat(160);
    expect(truncateDescription(text)).toBe(text);
  });

  it("cuts a longer one to at most 160 characters, on a word, with an ellipsis", () => {
    const text = `${"mot ".repeat(60)}fin`;
    const cut = truncateDescription(text);
    expect(cut.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).not.toMatch(/\s…$/);
  });
});

describe("seo", () => {
  it("gives the canonical URL on SITE_URL, Open Graph and Twitter tags", () => {
    const tags = seo({
      title: pageTitle("Contact"),
      description: "Écrivez-nous.",
      path: "/contact",
      siteUrl: "https://www.example.fr",
    });
    expect(tags).toContainEqual({ title: `Contact | ${company.name}` });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://www.example.fr/contact",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://www.example.fr/contact" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
  });

  it("marks noindex pages", () => {
    const tags = seo({
      title: "Merci",
      description: "Reçu.",
      path: "/merci",
      siteUrl: "https://x.fr",
      noindex: true,
    });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });
});
