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

/** The party as a client's record holds it (its other columns left out). */
export function documentParty(client: DocumentParty): DocumentParty {
  return {
    kind: client.kind,
    name: client.name,
    legalName: client.legalName,
    siren: client.siren,
    vatNumber: client.vatNumber,
    email: client.email,
    billingStreet: client.billingStreet,
    billingPostalCode: client.billingPostalCode,
    billingCity: client.billingCity,
  };
}
