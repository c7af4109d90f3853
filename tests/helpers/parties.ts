import type { DocumentParty } from "#app/lib/document-party.ts";

/** A private client in Toulon as a quote or an invoice names them; `overrides` change a field or two. */
export function privateParty(overrides: Partial<DocumentParty> = {}): DocumentParty {
  return {
    kind: "particulier",
    name: "Mme Élodie Dupont",
    legalName: null,
    siren: null,
    vatNumber: null,
    email: "elodie.dupont@example.fr",
    billingStreet: "8 rue des Lilas",
    billingPostalCode: "83100",
    billingCity: "Toulon",
    ...overrides,
  };
}
