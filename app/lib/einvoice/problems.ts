import { ibanProblem, normalizeIban } from "../bank.ts";
import { isValidSiren } from "../company-ids.ts";
import { type BasisPoints, type Cents, formatCents, formatPercent, percentOf } from "../money.ts";
import type { ReadAllowanceCharge, ReadSupplierInvoice, SupplierInvoiceProblem } from "./supplier-invoice.ts";

/*
 * The EN 16931 rules a reader can check on a supplier's invoice (decision 030), each
 * problem naming its rule, in French. `checkFacturxInvoice` (app/lib/facturx) checks the
 * invoices this product writes, stops at the first fault and knows only S and AE; a
 * supplier's invoice needs every fault listed, on any category, and is recorded anyway.
 * The arithmetic is that of EN 16931: exact sums, and BR-CO-17's tolerance of one currency
 * unit between a rate's VAT and its base × rate.
 */

/** BR-CO-17's Schematron tolerance: |BT-117 − round(BT-116 × BT-119)| ≤ 1 currency unit. */
const VAT_TOLERANCE: Cents = 100;

/** UNTDID 5305 categories as EN 16931 names their rules (BR-S-…, BR-IC-… for K…). */
const RULE_PREFIX: Record<string, string> = {
  S: "S",
  Z: "Z",
  E: "E",
  AE: "AE",
  K: "IC",
  G: "G",
  O: "O",
  L: "IG",
  M: "IP",
};
/** Categories whose VAT is base × rate; every other one carries no VAT. */
const RATED = new Set(["S", "L", "M"]);

function vatLabel(category: string, rate: BasisPoints | null): string {
  if (category === "AE") return "autoliquidation (AE)";
  return rate === null ? `catégorie ${category}` : `catégorie ${category} à ${formatPercent(rate)}`;
}

function sumKnown(values: readonly (Cents | null)[]): Cents | null {
  return values.some((value) => value === null)
    ? null
    : values.reduce<Cents>((total, value) => total + (value ?? 0), 0);
}

const key = (category: string | undefined, rate: BasisPoints | null) =>
  `${category ?? ""}:${RATED.has(category ?? "") ? rate : 0}`;

export function supplierInvoiceProblems(invoice: ReadSupplierInvoice): SupplierInvoiceProblem[] {
  const problems: SupplierInvoiceProblem[] = [...invoice.readIssues];
  const add = (rule: string, message: string) => problems.push({ rule, message });
  const { totals } = invoice;

  // Mandatory terms (BR-02 to BR-16).
  if (!invoice.number) add("BR-02", "Le numéro de la facture (BT-1) manque.");
  if (!invoice.issueDate) add("BR-03", "La date d'émission (BT-2) manque ou n'est pas une date.");
  if (!invoice.typeCode) add("BR-04", "Le type de document (BT-3) manque.");
  if (!invoice.currency) add("BR-05", "La devise de la facture (BT-5) manque.");
  if (!invoice.seller.name) add("BR-06", "La raison sociale du vendeur (BT-27) manque.");
  if (!invoice.buyer.name) add("BR-07", "Le nom de l'acheteur (BT-44) manque.");
  if (!invoice.seller.address) add("BR-08", "L'adresse du vendeur (BG-5) manque.");
  else if (!invoice.seller.address.countryCode) add("BR-09", "Le pays du vendeur (BT-40) manque.");
  if (totals.lines === null) add("BR-12", "Le total des lignes (BT-106) manque.");
  if (totals.net === null) add("BR-13", "Le total HT (BT-109) manque.");
  if (totals.gross === null) add("BR-14", "Le total TTC (BT-112) manque.");
  if (totals.due === null) add("BR-15", "Le montant à payer (BT-115) manque.");
  if (invoice.lines.length === 0) add("BR-16", "La facture ne compte aucune ligne.");

  // Lines (BR-21 to BR-26).
  const lineIds = new Set<string>();
  invoice.lines.forEach((line, index) => {
    const where = `Ligne ${line.id || index + 1}`;
    if (!line.id) add("BR-21", `Ligne ${index + 1} : l'identifiant de ligne (BT-126) manque.`);
    else if (lineIds.has(line.id))
      add("BR-21", `${where} : cet identifiant est déjà pris par une autre ligne.`);
    lineIds.add(line.id);
    if (!line.quantity) add("BR-22", `${where} : la quantité (BT-129) manque.`);
    if (!line.unitCode) add("BR-23", `${where} : l'unité (BT-130) manque.`);
    if (line.netCents === null) add("BR-24", `${where} : le montant net (BT-131) manque.`);
    if (!line.designation) add("BR-25", `${where} : la désignation (BT-153) manque.`);
    if (line.unitPrice === undefined) add("BR-26", `${where} : le prix unitaire net (BT-146) manque.`);
    if (!line.vatCategory) add("BR-CO-04", `${where} : la catégorie de TVA (BT-151) manque.`);
    else if (line.vatCategory === "S" && !(line.vatRate !== null && line.vatRate > 0)) {
      add("BR-S-05", `${where} : une ligne au taux normal (S) a un taux de TVA supérieur à zéro.`);
    } else if (!RATED.has(line.vatCategory) && line.vatRate !== null && line.vatRate !== 0) {
      const prefix = RULE_PREFIX[line.vatCategory] ?? line.vatCategory;
      add(`BR-${prefix}-05`, `${where} : la catégorie ${line.vatCategory} se déclare au taux de 0 %.`);
    }
  });

  // Sums (BR-CO-10 to BR-CO-16).
  const check = (rule: string, actual: Cents | null, expected: Cents | null, message: string) => {
    if (actual !== null && expected !== null && actual !== expected) {
      add(
        rule,
        `${message} : la facture porte ${formatCents(actual)}, le calcul donne ${formatCents(expected)}.`,
      );
    }
  };
  const linesSum = sumKnown(invoice.lines.map((line) => line.netCents));
  check(
    "BR-CO-10",
    totals.lines,
    linesSum,
    "Le total des lignes (BT-106) n'est pas la somme des montants nets des lignes",
  );
  const allowancesSum = sumKnown(invoice.allowances.map((entry) => entry.amountCents));
  const chargesSum = sumKnown(invoice.charges.map((entry) => entry.amountCents));
  check(
    "BR-CO-11",
    totals.allowances ?? 0,
    allowancesSum,
    "Le total des remises (BT-107) n'est pas la somme des remises",
  );
  check(
    "BR-CO-12",
    totals.charges ?? 0,
    chargesSum,
    "Le total des frais (BT-108) n'est pas la somme des frais",
  );
  if (totals.lines !== null) {
    check(
      "BR-CO-13",
      totals.net,
      totals.lines - (totals.allowances ?? 0) + (totals.charges ?? 0),
      "Le total HT (BT-109) n'est pas le total des lignes, moins les remises, plus les frais",
    );
  }
  const vatSum = sumKnown(invoice.vatBreakdown.map((entry) => entry.vatCents));
  check(
    "BR-CO-14",
    totals.vat ?? 0,
    vatSum,
    "Le total de la TVA (BT-110) n'est pas la somme de la TVA par taux",
  );
  if (totals.net !== null) {
    check(
      "BR-CO-15",
      totals.gross,
      totals.net + (totals.vat ?? 0),
      "Le total TTC (BT-112) n'est pas le total HT plus la TVA",
    );
  }
  if (totals.gross !== null) {
    check(
      "BR-CO-16",
      totals.due,
      totals.gross - (totals.prepaid ?? 0) + (totals.rounding ?? 0),
      "Le montant à payer (BT-115) n'est pas le total TTC, moins le déjà payé, plus l'arrondi",
    );
  }

  // VAT breakdown (BR-CO-18, BR-x-01, BR-x-08, BR-x-09, BR-CO-17, BR-AE-10).
  if (invoice.vatBreakdown.length === 0)
    add("BR-CO-18", "La facture ne ventile pas sa TVA par taux (BG-23).");
  const bases = new Map<string, Cents | null>();
  const addTo = (
    category: string | undefined,
    rate: BasisPoints | null,
    amount: Cents | null,
    sign: 1 | -1,
  ) => {
    const entry = key(category, rate);
    const current = bases.has(entry) ? (bases.get(entry) ?? null) : 0;
    bases.set(entry, current === null || amount === null ? null : current + sign * amount);
  };
  for (const line of invoice.lines) addTo(line.vatCategory, line.vatRate, line.netCents, 1);
  const documentLevel = (entries: readonly ReadAllowanceCharge[], sign: 1 | -1) => {
    for (const entry of entries) addTo(entry.vatCategory, entry.vatRate, entry.amountCents, sign);
  };
  documentLevel(invoice.allowances, -1);
  documentLevel(invoice.charges, 1);
  const seen = new Set<string>();
  for (const entry of invoice.vatBreakdown) {
    const prefix = RULE_PREFIX[entry.category] ?? entry.category;
    const what = `Ventilation ${vatLabel(entry.category, entry.rate)}`;
    const entryKey = key(entry.category, entry.rate);
    seen.add(entryKey);
    const expected = bases.get(entryKey);
    if (expected === undefined) {
      add(`BR-${prefix}-08`, `${what} : aucune ligne de la facture n'est à ce taux.`);
    } else {
      check(`BR-${prefix}-08`, entry.baseCents, expected, `${what}, base`);
    }
    if (RATED.has(entry.category)) {
      if (entry.rate === null) add("BR-CO-17", `${what} : le taux de TVA (BT-119) manque.`);
      else if (entry.baseCents !== null && entry.vatCents !== null) {
        const computed = percentOf(Math.abs(entry.baseCents), entry.rate) * Math.sign(entry.baseCents);
        if (Math.abs(entry.vatCents - computed) > VAT_TOLERANCE) {
          add(
            `BR-${prefix}-09`,
            `${what} : la TVA porte ${formatCents(entry.vatCents)}, la base × le taux donne ${formatCents(computed)}.`,
          );
        }
      }
    } else if (entry.vatCents !== null && entry.vatCents !== 0) {
      add(
        `BR-${prefix}-09`,
        `${what} : cette catégorie ne porte pas de TVA, la facture en compte ${formatCents(entry.vatCents)}.`,
      );
    }
    if (!RATED.has(entry.category) && entry.category !== "Z" && !entry.exemptionReason) {
      add(`BR-${prefix}-10`, `${what} : le motif d'exonération (BT-120 ou BT-121) manque.`);
    }
  }
  for (const entryKey of bases.keys()) {
    if (!seen.has(entryKey)) {
      const [category = "", rate = "0"] = entryKey.split(":");
      const prefix = RULE_PREFIX[category] ?? category;
      add(
        `BR-${prefix}-01`,
        `La ventilation de la TVA omet « ${vatLabel(category, Number(rate))} », utilisée par des lignes.`,
      );
    }
  }
  if (invoice.vatBreakdown.some((entry) => entry.category === "AE")) {
    if (!invoice.seller.vatNumber)
      add("BR-AE-02", "Autoliquidation : le numéro de TVA du vendeur (BT-31) manque.");
    if (!invoice.buyer.vatNumber)
      add("BR-AE-02", "Autoliquidation : le numéro de TVA de l'acheteur (BT-48) manque.");
  }

  // Identities the product matches suppliers by.
  if (invoice.seller.siren && !isValidSiren(invoice.seller.siren)) {
    add("SIREN", `Le SIREN du vendeur ${invoice.seller.siren} a une clé fausse.`);
  }
  if (invoice.seller.iban) {
    const issue = ibanProblem(normalizeIban(invoice.seller.iban));
    if (issue) add("IBAN", `IBAN du vendeur : ${issue}`);
  }
  return problems;
}
