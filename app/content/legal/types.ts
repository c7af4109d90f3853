/**
 * Types of the French legal pages (mentions légales, politique de confidentialité, CGV, CGU)
 * and the model withdrawal form. Pure data: every string is plain text (no HTML, no markdown).
 */
import { company, fullAddress } from "#app/config/company.ts";

export type LegalBlock =
  | { type: "p"; text: string }
  | { type: "ul"; items: readonly string[] }
  | { type: "table"; caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }
  | { type: "withdrawal-form" };

export type LegalSection = { id: string; heading: string; blocks: readonly LegalBlock[] };

export type LegalPage = {
  path: string;
  /** ≤ 65 characters. */
  title: string;
  /** ≤ 160 characters. */
  metaDescription: string;
  h1: string;
  /** ISO date (YYYY-MM-DD). */
  updatedAt: string;
  /** e.g. "Dernière mise à jour : 28 août 2025". */
  updatedLabel: string;
  intro?: string;
  sections: readonly LegalSection[];
};

export type WithdrawalForm = {
  heading: string;
  /** The instruction printed at the top of the official model, in parentheses. */
  intro: string;
  /** "À l'attention de" + the company's name, postal address and e-mail address. */
  addressee: string;
  /**
   * The lines of the model, in order. The first one is the notification sentence (the consumer
   * lists the goods after it); the others are the fields to fill. No trailing colon: the renderer
   * adds the separator and the space to write in.
   */
  lines: readonly string[];
  footnote: string;
};

/**
 * Modèle de formulaire de rétractation, annexe à l'article R. 221-1 du Code de la consommation,
 * reproduced word for word with the company's details in the addressee line.
 */
export const withdrawalForm: WithdrawalForm = {
  heading: "Modèle de formulaire de rétractation",
  intro:
    "(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)",
  addressee: `À l'attention de ${company.legalName}, ${fullAddress}, adresse électronique : ${company.email} :`,
  lines: [
    "Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous",
    "Commandé le (*) / reçu le (*)",
    "Nom du (des) consommateur(s)",
    "Adresse du (des) consommateur(s)",
    "Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier)",
    "Date",
  ],
  footnote: "(*) Rayez la mention inutile.",
};
