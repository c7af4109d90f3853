import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderInRouter, visibleText as text } from "#tests/helpers/router-render.tsx";
import { SitePosition, type SitePositionView } from "./site-position.tsx";

const render = (node: ReactNode) => renderInRouter(node, { path: "/erp/chantiers/x" });

const view = (overrides: Partial<SitePositionView>): SitePositionView => ({
  status: "ok",
  officePlaced: true,
  distance: null,
  typedKm: null,
  ...overrides,
});

describe("the site's position on its page", () => {
  it("gives the distance and the zone when the position was found, without the form", () => {
    const html = render(
      <SitePosition view={view({ distance: { text: "16,5\u00a0km", zoneLabel: "Zone 2", typed: false } })} />,
    );
    // text() folds the non-breaking spaces into plain ones.
    expect(text(html)).toContain("Position trouvée (distance du siège : 16,5 km, zone 2).");
    expect(html).not.toContain('name="distanceKm"');
  });

  it.each([
    ["unreachable", "n'a pas répondu"],
    ["not_found", "ne connaît pas cette adresse"],
    ["uncertain", "trop incertaine"],
    [null, "pas encore localisée"],
  ] as const)("says why there is no position (%s) and offers the distance by hand", (status, why) => {
    const html = render(<SitePosition view={view({ status })} />);
    expect(text(html)).toContain(why);
    expect(html).toContain('name="distanceKm"');
    expect(text(html)).toContain("Distance du siège (km)");
    expect(html).not.toContain("effacer-distance");
  });

  it("shows the distance typed, the form filled with it, and a way to remove it", () => {
    const html = render(
      <SitePosition
        view={view({
          status: "unreachable",
          distance: { text: "12,3\u00a0km", zoneLabel: "Zone 2", typed: true },
          typedKm: "12,3",
        })}
      />,
    );
    expect(text(html)).toContain("Distance du siège saisie : 12,3 km (zone 2).");
    expect(html).toContain('value="12,3"');
    expect(html).toContain('value="effacer-distance"');
  });

  it("puts the refusal's message under the field and keeps what was typed", () => {
    const html = render(
      <SitePosition
        view={view({ status: "not_found" })}
        errors={{ distanceKm: ["La distance doit être supérieure à 0 et d'au plus 1 000 km."] }}
        values={{ distanceKm: "0" }}
      />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(text(html)).toContain("La distance doit être supérieure à 0");
    expect(html).toContain('value="0"');
  });
});
