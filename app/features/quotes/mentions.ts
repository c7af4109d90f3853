import { type DecennaleFacts, decennaleProblem, type RgeFacts, rgeProblem } from "#app/lib/compliance.ts";
import type { DocumentParty } from "#app/lib/document-party.ts";
import { formatCents, MoneyError } from "#app/lib/money.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import {
  clientHref,
  editorHref,
  messagesOf,
  type Problem,
  problem,
  settingsHref,
} from "#app/lib/problems.ts";
import { CERTIFICATION_5_5, CERTIFICATION_10, REVERSE_CHARGE_MENTION } from "#app/lib/vat.ts";
import { allLines, type QuoteContent } from "./content.ts";
import { documentTotals } from "./totals.ts";

/*
 * What a quote must carry, derived from its data (BACKOFFICE.md « Quotes » and « VAT »),
 * and what stops it from being sent. The PDF, the client's page and the editor's
 * checklist all read `quoteMentions` and `missingForSending`: a mention is written once,
 * here. Browser-safe.
 */

/** The facts of the client a quote prints and checks. */
export type QuoteClientFacts = DocumentParty & {
  /** Its id links a missing fact to the client's page; without it, the reason has no link. */
  id?: string;
  anonymised: boolean;
};

/** The facts of the company a quote checks: the register's décennale and RGE, the settings' bank details. */
export type QuoteCompanyFacts = {
  /** The compliance register's current décennale; null when none is filed. */
  decennale: DecennaleFacts;
  /** The register's current RGE certificate; null when the company holds none. */
  rge: RgeFacts;
  /** The bank details a deposit invoice will print; absent: not known (no warning). */
  bank?: { holder: string | null; iban: string | null; bic: string | null };
};

export const WITHDRAWAL_NOTICE =
  "Droit de rétractation : lorsque le présent contrat est conclu à distance ou hors établissement, le client " +
  "consommateur dispose d'un délai de quatorze jours pour se rétracter, sans avoir à motiver sa décision ni à " +
  "supporter d'autres coûts que ceux prévus par la loi (articles L221-18 et suivants du Code de la consommation). " +
  "Le délai court à compter de la conclusion du contrat. Pour l'exercer, le client adresse à l'entreprise, avant " +
  "l'expiration de ce délai, le formulaire de rétractation ci-dessous ou toute autre déclaration dénuée " +
  "d'ambiguïté. S'il demande que les travaux commencent avant la fin du délai, il le fait par une demande " +
  "expresse et paie, en cas de rétractation, un montant proportionnel aux travaux déjà réalisés.";

export const OFF_PREMISES_NOTICE =
  "Contrat conclu hors établissement : aucun paiement, sous quelque forme que ce soit, ne peut être exigé ni " +
  "obtenu du client avant l'expiration d'un délai de sept jours à compter de la conclusion du contrat " +
  "(article L221-10 du Code de la consommation), sauf travaux d'urgence demandés par le client.";

export const WITHDRAWAL_FORM_TITLE = "Formulaire de rétractation";
/** The model form of the annex to article R221-1 of the Code de la consommation; `{company}` is the address line. */
export function withdrawalFormLines(companyLine: string): string[] {
  return [
    "(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)",
    `À l'attention de ${companyLine} :`,
    "Je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous :",
    "Commandé le / reçu le : ……………………………",
    "Nom du consommateur : ……………………………",
    "Adresse du consommateur : ……………………………",
    "Signature du consommateur (uniquement en cas de notification du présent formulaire sur papier) :",
    "Date : ……………………………",
  ];
}

export const ACCEPTANCE_BLOCK =
  "Bon pour accord : date, nom et signature du client, précédés de la mention manuscrite « Bon pour accord ».";

/**
 * The acceptance form of the client's page: an electronic signature (Code civil
 * 1366-1367), not the handwritten mention of a paper copy (ACCEPTANCE_BLOCK).
 */
export const ONLINE_ACCEPTANCE_NOTICE =
  "Acceptation électronique (articles 1366 et 1367 du Code civil) : en cochant « Bon pour accord », en " +
  "indiquant vos nom et prénom et en saisissant le code envoyé à l'adresse e-mail du devis, vous signez ce " +
  "devis électroniquement. Le code prouve que vous détenez cette adresse ; votre accord est lié au devis " +
  "présenté par son empreinte SHA-256, et l'exemplaire signé vous est envoyé par e-mail. Aucune mention " +
  "manuscrite n'est demandée ; la signature dessinée est facultative.";

/** In the document of the client's page, where its acceptance form prints the certification. */
export const CERTIFICATION_IN_FORM =
  "Attestation du client pour le taux réduit de TVA : son texte figure au formulaire « Accepter le devis », " +
  "où vous la confirmez.";

export type QuoteMentions = {
  /** « Devis gratuit » or « Devis payant : 120,00 € TTC ». */
  price: string;
  /** The client's certification(s) of the reduced rate(s), to confirm when accepting. */
  certifications: string[];
  /** A 5.5 % line: the RGE qualification is printed. */
  needsRge: boolean;
  reverseCharge: string | null;
  /** A private client: the 14-day withdrawal right and its form. */
  withdrawal: boolean;
  /** A private client signing off-premises: no payment within 7 days. */
  offPremises: boolean;
};

export function quoteMentions(
  content: Pick<QuoteContent, "lots" | "reverseCharge" | "offPremises" | "terms" | "travel">,
  client: Pick<QuoteClientFacts, "kind">,
): QuoteMentions {
  const rates = new Set<string>();
  if (!content.reverseCharge) {
    for (const line of allLines(content)) if (line.kind === "item") rates.add(line.vatCode);
    if (content.travel) rates.add(content.travel.vatCode);
  }
  const certifications: string[] = [];
  if (rates.has("10")) certifications.push(CERTIFICATION_10);
  if (rates.has("5.5")) certifications.push(CERTIFICATION_5_5);
  const consumer = client.kind === "particulier";
  return {
    price:
      content.terms.paid && content.terms.priceCents !== null
        ? `Devis payant : ${formatCents(content.terms.priceCents)} TTC`
        : "Devis gratuit",
    certifications,
    needsRge: rates.has("5.5"),
    reverseCharge: content.reverseCharge ? REVERSE_CHARGE_MENTION : null,
    withdrawal: consumer,
    offPremises: consumer && content.offPremises,
  };
}

function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

/** A total the client could not owe (below zero) or the document cannot carry. */
function totalProblem(content: QuoteContent): string | null {
  let totals: ReturnType<typeof documentTotals>;
  try {
    totals = documentTotals(content);
  } catch (error) {
    if (error instanceof MoneyError) return error.message;
    throw error;
  }
  const total = content.reverseCharge ? totals.totalHt : totals.totalTtc;
  if (total < 0) {
    return `Le total du devis est négatif (${formatCents(total)}) : un devis ne peut pas être envoyé pour un montant négatif. Corrigez les lignes ou la remise.`;
  }
  return null;
}

/**
 * Why the quote cannot be sent today, in French, one reason a line; empty when it can.
 * Each reason says what to do, and links to the field that fixes it: the client's page,
 * the compliance register, the settings, or the editor's field (on the quote's own page).
 */
export function sendingProblems(
  content: QuoteContent,
  client: QuoteClientFacts,
  company: QuoteCompanyFacts,
  today: IsoDay,
): Problem[] {
  const missing: Problem[] = [];
  const push = (message: string, href: string | null = null) => missing.push(problem(message, href));
  if (client.anonymised) push("Ce client a été anonymisé : aucun devis ne peut plus lui être envoyé.");
  if (blank(client.billingStreet) || blank(client.billingPostalCode) || blank(client.billingCity)) {
    const field = blank(client.billingStreet)
      ? "billingStreet"
      : blank(client.billingPostalCode)
        ? "billingPostalCode"
        : "billingCity";
    push(
      "L'adresse du client est incomplète : complétez-la sur sa fiche (rue, code postal, ville).",
      client.anonymised ? null : clientHref(client.id, field),
    );
  }
  if (blank(client.email)) {
    push(
      "Le client n'a pas d'adresse e-mail : ajoutez-la sur sa fiche pour lui envoyer le devis.",
      client.anonymised ? null : clientHref(client.id, "email"),
    );
  }
  if (blank(content.site.street) || blank(content.site.postalCode) || blank(content.site.city)) {
    const field = blank(content.site.street)
      ? "site.street"
      : blank(content.site.postalCode)
        ? "site.postalCode"
        : "site.city";
    push(
      "L'adresse du chantier est incomplète : indiquez la rue, le code postal et la commune.",
      editorHref(field),
    );
  }
  if (blank(content.description)) push("Décrivez la nature exacte des travaux.", editorHref("description"));
  // The date or the time of execution (Code de la consommation L111-1 3°, which the arrêté of
  // 24 January 2017 makes part of every quote): docs/decisions/022-quote-start-and-duration.md.
  if (!content.terms.startOn) {
    push(
      "Indiquez la date de début estimée des travaux (arrêté du 24 janvier 2017).",
      editorHref("terms.startOn"),
    );
  }
  if (blank(content.terms.duration)) {
    push("Indiquez la durée estimée des travaux (arrêté du 24 janvier 2017).", editorHref("terms.duration"));
  }

  const insurance = decennaleProblem(company.decennale, today, "un devis");
  if (insurance) missing.push(insurance);

  if (quoteMentions(content, client).needsRge) {
    const rge = rgeProblem(company.rge, today);
    if (rge) missing.push(rge);
  }
  if (content.reverseCharge && (client.kind !== "entreprise" || blank(client.vatNumber))) {
    push(
      "L'autoliquidation ne s'applique qu'à un client entreprise assujetti : indiquez son numéro de TVA sur sa fiche, ou retirez l'autoliquidation.",
      client.kind === "entreprise" ? clientHref(client.id, "vatNumber") : editorHref("reverseCharge"),
    );
  }

  let counted = 0;
  for (const lot of content.lots) {
    lot.lines.forEach((line, index) => {
      if (line.kind !== "item") return;
      const where = `Lot « ${lot.title} », ligne ${index + 1} (${line.designation})`;
      if (line.quantity === null || line.quantity === 0) {
        push(`${where} : indiquez la quantité.`, `#devis-ligne-${line.id}-quantity`);
      }
      if (line.unitPriceHt === null) {
        push(`${where} : indiquez le prix unitaire HT.`, `#devis-ligne-${line.id}-unitPriceHt`);
      }
      if (!line.optional) counted += 1;
    });
  }
  if (counted === 0) push("Le devis ne compte aucune ligne chiffrée (hors options).");
  const total = totalProblem(content);
  if (total) push(total);
  return missing;
}

/** The reasons of `sendingProblems`, as text only. */
export function missingForSending(
  content: QuoteContent,
  client: QuoteClientFacts,
  company: QuoteCompanyFacts,
  today: IsoDay,
): string[] {
  return messagesOf(sendingProblems(content, client, company, today));
}

/**
 * What « Avant l'envoi » warns about without refusing: a quote asking for a deposit
 * while the settings have no bank details (the deposit invoice will need them, and
 * « Émettre » refuses without them).
 */
export function sendingWarnings(content: QuoteContent, company: QuoteCompanyFacts): Problem[] {
  const warnings: Problem[] = [];
  const bank = company.bank;
  if (content.terms.deposit && bank && (blank(bank.holder) || blank(bank.iban) || blank(bank.bic))) {
    const field = blank(bank.holder) ? "bankAccountHolder" : blank(bank.iban) ? "iban" : "bic";
    warnings.push(
      problem(
        "Le devis demande un acompte : la facture d'acompte devra porter les coordonnées bancaires (titulaire, IBAN, BIC). Renseignez-les dans les paramètres de l'entreprise.",
        settingsHref(field),
      ),
    );
  }
  return warnings;
}
