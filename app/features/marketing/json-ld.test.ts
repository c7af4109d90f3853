import { describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import { getService } from "#app/content/services.ts";
import {
  breadcrumbJsonLd,
  contractorJsonLd,
  faqPageJsonLd,
  openingHoursText,
  serviceJsonLd,
} from "./json-ld.ts";

const siteUrl = "https://www.example.fr";

describe("données structurées", () => {
  it("décrit l'entreprise : horaires Mo-Fr 08:00-18:00, zones servies et rayon de 30 km", () => {
    const data = JSON.parse(JSON.stringify(contractorJsonLd(siteUrl)));
    expect(data["@type"]).toBe("GeneralContractor");
    expect(data.openingHours).toBe("Mo-Fr 08:00-18:00");
    expect(openingHoursText()).toBe("Mo-Fr 08:00-18:00");
    expect(data.address).toMatchObject({ postalCode: company.address.postalCode, addressLocality: "Toulon" });
    const names = data.areaServed
      .filter((area: { name?: string }) => area.name)
      .map((a: { name: string }) => a.name);
    expect(names).toEqual(["Toulon", "Var", "Hyères", "La Seyne-sur-Mer", "La Garde"]);
    const circle = data.areaServed.find((area: { "@type": string }) => area["@type"] === "GeoCircle");
    expect(circle.geoRadius).toBe(30_000);
    expect(data.url).toBe("https://www.example.fr/");
  });

  it("relie le service à son URL canonique et à l'entreprise", () => {
    const service = getService("renovation-toulon");
    if (!service) throw new Error("service absent");
    const data = JSON.parse(JSON.stringify(serviceJsonLd(siteUrl, service)));
    expect(data.url).toBe("https://www.example.fr/services/renovation-toulon");
    expect(data.provider).toMatchObject({ "@id": "https://www.example.fr/#entreprise" });
  });

  it("numérote le fil d'Ariane à partir de 1 avec des URL absolues", () => {
    const data: { itemListElement: { position: number; item: string }[] } = JSON.parse(
      JSON.stringify(
        breadcrumbJsonLd(siteUrl, [
          { name: "Accueil", path: "/" },
          { name: "Nos services", path: "/services" },
        ]),
      ),
    );
    expect(data.itemListElement.map((item) => [item.position, item.item])).toEqual([
      [1, "https://www.example.fr/"],
      [2, "https://www.example.fr/services"],
    ]);
  });

  it("reprend chaque question et sa réponse dans la FAQPage", () => {
    const data = JSON.parse(JSON.stringify(faqPageJsonLd([{ question: "Q ?", answer: "R." }])));
    expect(data.mainEntity[0]).toMatchObject({ name: "Q ?", acceptedAnswer: { text: "R." } });
  });
});
