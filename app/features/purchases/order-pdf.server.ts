import { type Cents, formatCents, formatQuantity, type Milli } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { drawTotalRows, joinLines, type TotalRow, vatCell } from "#app/lib/pdf/blocks.server.ts";
import { type DocumentBody, renderDocumentPdf } from "#app/lib/pdf/document.server.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { VAT_RATES, type VatCode } from "#app/lib/vat.ts";

/*
 * The purchase order's PDF (« Bon de commande ») in the company frame of app/lib/pdf: the
 * supplier, where and when to deliver, the site it is for, the lines and the totals. A
 * draft's preview carries no number and says so; the sent one is stored once and never
 * rendered again.
 */

export type OrderPdfInput = {
  identity: DocumentIdentity;
  /** « BC-2026-0001 »; null for a draft's preview. */
  number: string | null;
  /** The sending day (today for a preview), AAAA-MM-JJ. */
  date: string;
  creationDate: Date;
  supplier: {
    legalName: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
    siren: string | null;
  };
  deliveryAddress: string;
  wantedOn: string | null;
  site: { number: string; title: string } | null;
  lot: string | null;
  notes: string;
  lines: {
    reference: string;
    designation: string;
    unit: string;
    quantityMilli: Milli;
    unitPriceHtCents: Cents;
    vatCode: VatCode;
    totalHtCents: Cents;
  }[];
  totals: {
    byRate: { code: VatCode; ht: Cents; vat: Cents }[];
    totalHt: Cents;
    totalVat: Cents;
    totalTtc: Cents;
  };
};

export const ORDER_DRAFT_MARK = "Brouillon — non envoyé";

export async function renderOrderPdf(input: OrderPdfInput): Promise<Buffer> {
  return renderDocumentPdf(
    {
      identity: input.identity,
      title: "Bon de commande",
      ...(input.number ? { number: input.number } : {}),
      date: input.date,
      headerLines: input.number ? [] : [ORDER_DRAFT_MARK],
      ...(input.number ? {} : { watermark: "Brouillon – sans valeur" }),
      creationDate: input.creationDate,
      subject: `Bon de commande à ${input.supplier.legalName}`,
      keywords: ["Bon de commande", ...(input.number ? [input.number] : [])],
    },
    (body) => drawOrder(body, input),
  );
}

function drawOrder(body: DocumentBody, input: OrderPdfInput): void {
  const { supplier } = input;
  body.heading("Fournisseur et livraison");
  const entries: [string, string][] = [
    ["Fournisseur", supplier.legalName],
    [
      "Adresse",
      joinLines([
        supplier.street,
        joinLines([supplier.postcode, supplier.city], " "),
        supplier.country === "FR" ? "" : supplier.country,
      ]) || "Non renseignée",
    ],
  ];
  if (supplier.siren) entries.push(["SIREN", supplier.siren]);
  entries.push(["Adresse de livraison", input.deliveryAddress || "À préciser à l'envoi"]);
  if (input.wantedOn) entries.push(["Livraison souhaitée le", formatDate(input.wantedOn)]);
  if (input.site) {
    entries.push([
      "Chantier",
      `${input.site.number} — ${input.site.title}${input.lot ? ` (lot : ${input.lot})` : ""}`,
    ]);
  }
  body.keyValues(entries, { labelWidth: 150 });

  body.heading("Articles commandés");
  body.table({
    columns: [
      { header: "Réf.", width: 1.2 },
      { header: "Désignation", width: 4, text: true },
      { header: "Qté", width: 1, align: "right" },
      { header: "Unité", width: 0.8 },
      { header: "PU HT", width: 1.3, align: "right" },
      { header: "TVA", width: 0.9, align: "right" },
      { header: "Total HT", width: 1.4, align: "right" },
    ],
    rows: input.lines.map((line) => [
      line.reference,
      line.designation,
      formatQuantity(line.quantityMilli),
      line.unit,
      formatCents(line.unitPriceHtCents),
      vatCell(line.vatCode),
      formatCents(line.totalHtCents),
    ]),
  });
  body.space(8);
  const rows: TotalRow[] = [{ label: "Total HT", amount: formatCents(input.totals.totalHt), bold: true }];
  for (const rate of input.totals.byRate) {
    if (rate.code === "autoliquidation") continue;
    rows.push({ label: VAT_RATES[rate.code].label, amount: formatCents(rate.vat) });
  }
  rows.push({ label: "Total TTC", amount: formatCents(input.totals.totalTtc), bold: true, ruleAbove: true });
  drawTotalRows(body, rows);

  if (input.notes.trim()) {
    body.heading("Remarques");
    body.paragraph(input.notes.trim());
  }
  body.space(6);
  body.paragraph(
    `Merci de rappeler le numéro de cette commande${input.number ? ` (${input.number})` : ""} sur le bon de livraison et sur la facture.`,
    { muted: true },
  );
}
