/*
 * The client as a commercial document (a quote, an invoice) names it: what it prints in
 * the « Client » block and what the law's checks read (a business's SIREN, the billing
 * address). Each document adds what it needs beside it.
 */

export type DocumentParty = {
  kind: "particulier" | "entreprise";
  name: string;
  legalName: string | null;
  siren: string | null;
  vatNumber: string | null;
  email: string | null;
  billingStreet: string | null;
  billingPostalCode: string | null;
  billingCity: string | null;
};
