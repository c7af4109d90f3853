import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderInRouter, visibleText as text } from "#tests/helpers/router-render.tsx";
import { PointageSettings, type PointageSettingsView } from "./pointage-settings.tsx";

const render = (node: ReactNode) => renderInRouter(node, { path: "/erp/parametres" });

const rates = (validFrom: string, mealCents: number) => ({
  validFrom,
  mealCents,
  zones: ([1, 2, 3, 4, 5] as const).map((zone) => ({
    zone,
    transportCents: zone * 100,
    travelTimeCents: zone * 50,
  })),
});

const view = (overrides: Partial<PointageSettingsView> = {}): PointageSettingsView => ({
  zoneOrigin: "siege",
  overtimeQuotaHours: 220,
  office: { status: null, lat: null, lon: null },
  officeAddress: "145 avenue de la République, 83000 Toulon",
  versions: [],
  inForceFrom: null,
  today: "2026-11-27",
  ...overrides,
});

describe("the Pointage settings", () => {
  it.each([
    [{ status: "ok", lat: 43.12494, lon: 5.93012 }, "Siège localisé depuis l'adresse de l'entreprise"],
    [{ status: "unreachable", lat: null, lon: null }, "n'a pas répondu : le siège n'a pas pu être localisé"],
    [{ status: "uncertain", lat: null, lon: null }, "n'a pas pu situer avec certitude"],
    [{ status: null, lat: null, lon: null }, "pas encore localisé"],
  ] as const)("says where the office stands (%o)", (office, sentence) => {
    expect(text(render(<PointageSettings settings={view({ office })} refusal={null} />))).toContain(sentence);
  });

  it("lists the versions, the one in force marked, and starts a new one from the latest amounts", () => {
    const html = render(
      <PointageSettings
        settings={view({
          versions: [rates("2027-01-01", 1100), rates("2026-01-01", 1050)],
          inForceFrom: "2026-01-01",
        })}
        refusal={null}
      />,
    );
    expect(text(html)).toContain("01/01/2026 (en vigueur)");
    expect(text(html)).not.toContain("01/01/2027 (en vigueur)");
    expect(html).toMatch(/name="meal"[^>]*value="11,00"|value="11,00"[^>]*name="meal"/);
  });

  it("puts a refusal under its field in the form it answers, with what was typed", () => {
    const html = render(
      <PointageSettings
        settings={view()}
        refusal={{
          intent: "indemnites",
          message: "Indiquez un montant de 0 à 1 000,00 €.",
          fieldErrors: { transport3: ["Indiquez un montant de 0 à 1 000,00 €."] },
          values: { transport3: "5000" },
        }}
      />,
    );
    expect(text(html)).toContain("Un champ est à corriger");
    expect(html).toContain('value="5000"');
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
  });
});
