import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { formatCents, QUANTITY_MESSAGES } from "#app/lib/money.ts";
import { REVERSE_CHARGE_MENTION } from "#app/lib/vat.ts";
import { decodeHtml } from "#tests/helpers/html.ts";
import { draftInput, draftTermsInput } from "#tests/helpers/quote-content.ts";
import { renderInRouter } from "#tests/helpers/router-render.tsx";
import { QUOTE_MESSAGES, type QuoteDraftInput, type QuoteItemLineInput } from "../content.ts";
import { emptyItemLine } from "../editor-state.ts";
import { QuoteEditor, type QuoteEditorProps } from "./quote-editor.tsx";

/** Renders inside a data router, as the Espace Pro does (the editor's <Form> and blocker need one). */
function render(node: ReactNode) {
  const html = renderInRouter(node, { path: "/erp/devis/:id", url: "/erp/devis/42", action: () => null });
  const attributesOf = (selector: RegExp | string) => {
    const pattern =
      typeof selector === "string" ? new RegExp(`<(\\w+)\\b([^>]*\\bid="${selector}"[^>]*)>`) : selector;
    const match = pattern.exec(html);
    if (!match) throw new Error(`${selector} absent`);
    const attributes = match[2] ?? match[1] ?? "";
    return Object.fromEntries(
      [...attributes.matchAll(/([\w-:]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
        (name ?? "").toLowerCase(),
        decodeHtml(value ?? ""),
      ]),
    );
  };
  /** The text of the element with this id, tags removed. */
  const textOf = (id: string) => {
    const match = new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
    if (!match) throw new Error(`#${id} absent`);
    return decodeHtml(
      (match[2] ?? "")
        .replace(/<[^>]+>/g, " ")
        .replace(/[ \t\r\n]+/g, " ")
        .trim(),
    );
  };
  /** The text of the page, tags removed (no-break spaces kept: the amounts carry them). */
  const text = decodeHtml(html.replace(/<[^>]+>/g, " ").replace(/[ \t\r\n]+/g, " "));
  return { html, attributesOf, textOf, text };
}

function item(id: string, overrides: Partial<QuoteItemLineInput>): QuoteItemLineInput {
  return { ...emptyItemLine(id), ...overrides };
}

/** Démolition: 12,5 m² × 38,40 € = 480,00 €, a line still unpriced, a text; Plomberie: 620,00 €. */
function draft(overrides: Partial<QuoteDraftInput> = {}): QuoteDraftInput {
  return draftInput({
    site: { street: "12 rue Paul Lendrin", postalCode: "830", city: "Toulon" },
    lots: [
      {
        id: "lotA",
        title: "Démolition",
        lines: [
          item("a1", {
            designation: "Dépose du carrelage",
            unit: "m²",
            quantity: "12,5x",
            unitPriceHt: "38,40",
          }),
          item("a2", { designation: "Évacuation des gravats", unit: "forfait" }),
          { id: "a3", kind: "text", text: "Protection des sols comprise." },
        ],
      },
      {
        id: "lotB",
        title: "",
        lines: [
          item("b1", {
            designation: "Receveur extra-plat",
            quantity: "1",
            unitPriceHt: "620,00",
            cost: { labourHours: 2000, materialsCents: 30_000 },
          }),
        ],
      },
    ],
    terms: draftTermsInput({ validityDays: "0", deposit: { kind: "percent", value: "30" } }),
    ...overrides,
  });
}

function props(overrides: Partial<QuoteEditorProps> = {}): QuoteEditorProps {
  return {
    initial: draft(),
    revision: 3,
    hourlyCostCents: 4500,
    clientKind: "particulier",
    libraryUrl: "/api/erp/devis/bibliotheque.json",
    ...overrides,
  };
}

const FIELD_ERRORS = {
  "lots.0.lines.0.quantity": [QUANTITY_MESSAGES.format],
  "lots.1.title": [QUOTE_MESSAGES.lotTitle],
  "site.postalCode": [QUOTE_MESSAGES.postalCode],
  "terms.validityDays": [QUOTE_MESSAGES.validity],
};

describe("quote editor, after a refused save", () => {
  const page = render(
    <QuoteEditor
      {...props({
        fieldErrors: FIELD_ERRORS,
        formError: "Le devis n'a pas été enregistré : corrigez les champs signalés.",
      })}
    />,
  );

  it("posts the intent, the revision and the draft as typed", () => {
    expect(page.attributesOf(/<input\b([^>]*name="intent"[^>]*)>/)).toMatchObject({ value: "enregistrer" });
    expect(page.attributesOf(/<input\b([^>]*name="revision"[^>]*)>/)).toMatchObject({ value: "3" });
    const posted = page.attributesOf(/<input\b([^>]*name="draft"[^>]*)>/).value ?? "";
    expect(JSON.parse(posted)).toEqual(draft());
    expect(page.attributesOf(/<form\b([^>]*)>/)).toMatchObject({ method: "post", "aria-label": "Devis" });
  });

  it("labels every field, and names each line's controls by line and lot", () => {
    expect(page.html).toMatch(/<label[^>]*for="devis-title"[^>]*>Objet/);
    expect(page.html).toMatch(/<label[^>]*for="devis-description"[^>]*>Nature des travaux/);
    expect(page.html).toMatch(/<label[^>]*for="devis-site-postalCode"[^>]*>Code postal/);
    expect(page.html).toMatch(/<label[^>]*for="devis-site-city"[^>]*>Commune/);
    expect(page.html).toMatch(/<label[^>]*for="devis-lot-lotA-title"[^>]*>Titre du lot 1/);
    expect(page.attributesOf("devis-ligne-a1-quantity")).toMatchObject({
      "aria-label": "Quantité, ligne 1, lot Démolition",
      inputmode: "decimal",
      value: "12,5x",
    });
    // A lot without a title is named by its number.
    expect(page.attributesOf("devis-ligne-b1-unitPriceHt")["aria-label"]).toBe(
      "Prix unitaire HT en euros, ligne 1, lot 2",
    );
    expect(page.attributesOf("devis-ligne-a3-text")["aria-label"]).toBe("Texte, ligne 3, lot Démolition");
    // The first line cannot go up, the last one cannot go down; the others can.
    expect(page.attributesOf("devis-ligne-a1-monter")).toMatchObject({
      "aria-label": "Monter la ligne 1, lot Démolition",
      disabled: "",
    });
    expect(page.attributesOf("devis-ligne-a1-descendre")).not.toHaveProperty("disabled");
    expect(page.attributesOf("devis-ligne-b1-monter")).not.toHaveProperty("disabled");
    expect(page.attributesOf("devis-ligne-b1-descendre")).toHaveProperty("disabled");
    expect(page.text).toContain("Ajouter une ligne au lot Démolition");
    expect(page.text).toContain("Depuis la bibliothèque");
    expect(page.text).toContain("Ajouter un lot");
  });

  it("shows each message at its field, wired to it", () => {
    expect(page.attributesOf("devis-ligne-a1-quantity")).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "devis-ligne-a1-quantity-erreur",
    });
    expect(page.textOf("devis-ligne-a1-quantity-erreur")).toBe(QUANTITY_MESSAGES.format);
    expect(page.attributesOf("devis-ligne-a1-unitPriceHt")).not.toHaveProperty("aria-invalid");

    expect(page.attributesOf("devis-lot-lotB-title")["aria-invalid"]).toBe("true");
    expect(page.textOf("devis-lot-lotB-title-erreur")).toBe(QUOTE_MESSAGES.lotTitle);

    expect(page.attributesOf("devis-site-postalCode")).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "devis-site-postalCode-erreur",
    });
    expect(page.textOf("devis-site-postalCode-erreur")).toBe(QUOTE_MESSAGES.postalCode);

    const validity = page.attributesOf("devis-terms-validityDays");
    expect(validity["aria-invalid"]).toBe("true");
    expect(validity["aria-describedby"]?.split(" ")).toContain("devis-terms-validityDays-erreur");
    expect(page.textOf("devis-terms-validityDays-erreur")).toBe(QUOTE_MESSAGES.validity);
  });

  it("says what went wrong at the top of the form", () => {
    const alert = /<div[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(page.html)?.[1] ?? "";
    const alertText = decodeHtml(alert.replace(/<[^>]+>/g, " "));
    expect(alertText).toContain("Le devis n'a pas été enregistré : corrigez les champs signalés.");
    expect(alertText).toContain("4 champs sont à corriger");
  });

  it("shows the totals of what is typed, each line's total and each lot's subtotal", () => {
    // 12,5x cannot be read yet: the line counts 0 and shows « — » until it can.
    expect(page.text).toMatch(/Sous-total HT du lot : 0,00\u00a0€/);
    expect(page.text).toContain(`Sous-total HT du lot : ${formatCents(62_000)}`);
    expect(page.text).toMatch(/Total HT —/);
    expect(page.text).toContain(`Total HT ${formatCents(62_000)}`);
    expect(page.text).toContain(`Total TTC ${formatCents(74_400)}`);
  });

  it("shows the cost and margin to the team, and the lines it cannot count", () => {
    // 2 h × 45,00 € + 300,00 € = 390,00 € of cost for 620,00 €: 230,00 € of margin, 37,1 %.
    expect(page.text).toContain("Coût estimé et marge (visible par l'équipe uniquement)");
    expect(page.text).toContain(
      `Coût estimé ${formatCents(39_000)} · Marge ${formatCents(23_000)} (37,1\u00a0%)`,
    );
    expect(page.text).toContain("Aucun prix de revient.");
  });

  it("offers the off-premises box to a private client, not the reverse charge", () => {
    expect(page.text).toContain("Contrat signé hors établissement (au domicile du client)");
    expect(page.text).not.toContain("Autoliquidation (sous-traitance pour un entrepreneur principal)");
    expect(page.text).toContain("Droit de rétractation de 14 jours");
  });
});

describe("quote editor, messages on fields it hides", () => {
  it("opens a line's description and the quote's price when they carry a message", () => {
    const page = render(
      <QuoteEditor
        {...props({
          initial: draft({ terms: { ...draft().terms, paid: false, priceCents: "douze" } }),
          fieldErrors: {
            "lots.0.lines.1.description": [QUOTE_MESSAGES.textTooLong],
            "terms.priceCents": ["Saisissez un montant, par exemple 1\u202f234,56."],
          },
        })}
      />,
    );
    expect(page.attributesOf("devis-ligne-a2-description")["aria-invalid"]).toBe("true");
    expect(page.textOf("devis-ligne-a2-description-erreur")).toBe(QUOTE_MESSAGES.textTooLong);
    expect(page.attributesOf("devis-terms-priceCents")).toMatchObject({
      "aria-invalid": "true",
      value: "douze",
    });
    // Without a message, a line's empty description stays folded behind its button.
    expect(page.html).not.toContain('id="devis-ligne-a1-description"');
    expect(page.text).toContain("Ajouter une description");
  });
});

describe("quote editor, figures", () => {
  const valid = draft({
    site: { street: "12 rue Paul Lendrin", postalCode: "83000", city: "Toulon" },
    terms: { ...draft().terms, validityDays: "30" },
  });
  const lotA = valid.lots[0];
  if (!lotA) throw new Error("lot absent");
  const lots = [
    {
      ...lotA,
      lines: [
        item("a1", {
          designation: "Dépose du carrelage",
          unit: "m²",
          quantity: "12,5",
          unitPriceHt: "38,40",
        }),
        ...lotA.lines.slice(1),
      ],
    },
    ...valid.lots.slice(1),
  ];

  it("adds 20 % of VAT to 1 100,00 € HT: 1 320,00 € TTC, and 30 % of it as a deposit", () => {
    const page = render(<QuoteEditor {...props({ initial: { ...valid, lots } })} />);
    expect(page.html).not.toContain('aria-invalid="true"');
    expect(page.html).not.toContain('role="alert"');
    expect(page.text).toContain(`Total HT des lignes ${formatCents(110_000)}`);
    expect(page.text).toContain(`TVA 20\u00a0% (sur ${formatCents(110_000)} HT) ${formatCents(22_000)}`);
    expect(page.text).toContain(`Total TTC ${formatCents(132_000)}`);
    expect(formatCents(132_000)).toBe("1\u202f320,00\u00a0€");
    expect(page.text).toContain(`Acompte demandé ${formatCents(39_600)} TTC`);
    expect(page.text).toContain(`Total HT ${formatCents(48_000)}`);
    expect(page.text).toContain("Tout est enregistré");
  });

  it("shows HT only under reverse charge, the rates replaced by « Autoliquidation »", () => {
    const page = render(
      <QuoteEditor
        {...props({ clientKind: "entreprise", initial: { ...valid, lots, reverseCharge: true } })}
      />,
    );
    expect(page.attributesOf("devis-reverseCharge")).toHaveProperty("checked");
    expect(page.text).toContain("Autoliquidation (sous-traitance pour un entrepreneur principal)");
    expect(page.text).not.toContain("Contrat signé hors établissement");
    const vat = page.attributesOf("devis-ligne-a1-vatCode");
    expect(vat).toHaveProperty("disabled");
    expect(page.html).toMatch(
      /id="devis-ligne-a1-vatCode"[^>]*>\s*<option value="autoliquidation"[^>]*>Autoliquidation<\/option>\s*<\/select>/,
    );
    expect(page.text).toContain(`Total HT ${formatCents(110_000)}`);
    expect(page.text).toMatch(/TVA Autoliquidation/);
    expect(page.text).not.toContain("Total TTC");
    expect(page.text).not.toContain("TVA 20");
    expect(page.text).toContain(`Mention « ${REVERSE_CHARGE_MENTION} »`);
    expect(page.text).not.toContain("Droit de rétractation");
  });

  it("shows why the totals cannot be computed instead of wrong figures", () => {
    const huge = [
      {
        ...lotA,
        lines: [item("a1", { designation: "Trop", quantity: "9 999 999", unitPriceHt: "9 999 999 999" })],
      },
      ...valid.lots.slice(1),
    ];
    const page = render(<QuoteEditor {...props({ initial: { ...valid, lots: huge } })} />);
    expect(page.text).toContain("Total de la ligne : Le montant doit être compris entre");
    expect(page.text).toContain("Totaux indisponibles");
    expect(page.text).not.toContain("Total TTC");
  });
});
