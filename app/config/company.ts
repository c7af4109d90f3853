/**
 * Company identity: the one place that holds the contractor's facts.
 * The specification hides the real values, so these are a clearly fictional but
 * well-formed identity (the SIREN passes the Luhn check, the VAT key is computed
 * from it). Replace them here and nowhere else.
 */
export const company = {
  /** Trade name, shown in titles and the footer. */
  name: "Bâti Rade Toulon",
  /** Text logo in three parts; `logoLabel` is what assistive technology reads. */
  logo: { parts: ["Bâti", "Rade", "Toulon"] as const, label: "Bâti Rade Toulon, accueil" },
  legalName: "BATI RADE TOULON",
  legalForm: "SASU",
  legalFormLong: "Société par actions simplifiée unipersonnelle",
  capitalEuros: 3000,
  siren: "912345675",
  siret: "91234567500009",
  rcs: "RCS Toulon 912 345 675",
  vatNumber: "FR65912345675",
  nafCode: "4120A",
  director: "Julien Marchetti",
  /** Display form and E.164 form of the phone number. */
  phone: { display: "04 94 00 12 34", e164: "+33494001234" },
  /** Mobile number used for the messaging-app chat link. */
  whatsapp: { display: "06 12 34 56 78", e164: "33612345678" },
  email: "contact@batirade-toulon.fr",
  address: {
    street: "145 avenue de la République",
    postalCode: "83000",
    city: "Toulon",
    region: "Var",
    regionCode: "FR-83",
    country: "FR",
    countryName: "France",
    geo: { latitude: 43.1229, longitude: 5.9368 },
  },
  hours: {
    label: "Du lundi au vendredi, de 8 h à 18 h",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const,
    opens: "08:00",
    closes: "18:00",
  },
  serviceRadiusKm: 30,
  areasServed: ["Toulon", "Var", "Hyères", "La Seyne-sur-Mer", "La Garde"] as const,
  foundedYear: 2023,
  /**
   * The insurer as the company started with it: copied into the `company_settings` row by
   * migration 0010, where the owners change it (/erp/parametres) and where quotes and
   * invoices read it (app/features/settings). The public pages, prerendered at build
   * time, still print these values: change both, or see decision 015.
   */
  insurer: {
    name: "Mutuelle des Artisans du Sud",
    address: "12 boulevard de Strasbourg, 83000 Toulon",
    decennialPolicy: "DEC-2023-004512",
    liabilityPolicy: "RCP-2023-004513",
    coverage: "France métropolitaine",
  },
  host: {
    name: "OVH SAS",
    address: "2 rue Kellermann, 59100 Roubaix, France",
    phone: "1007",
  },
  mediator: {
    name: "CM2C (Centre de la Médiation de la Consommation de Conciliateurs de Justice)",
    address: "49 rue de Ponthieu, 75008 Paris",
    website: "https://www.cm2c.net",
  },
  social: [
    { name: "Facebook", url: "https://www.facebook.com/batiradetoulon" },
    { name: "Instagram", url: "https://www.instagram.com/batiradetoulon" },
    { name: "LinkedIn", url: "https://www.linkedin.com/company/batiradetoulon" },
  ],
} as const;

export type Company = typeof company;

export const fullAddress = `${company.address.street}, ${company.address.postalCode} ${company.address.city}`;
