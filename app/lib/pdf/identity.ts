import type { Company } from "#app/config/company.ts";

/**
 * Who issues a document: everything the frame of a quote or an invoice prints about
 * the company (BACKOFFICE.md: identity, décennale insurance, RGE). A plain object so
 * that it can come from the company settings in the database as well as from
 * app/config/company.ts; the PDF module never reads the config itself.
 */
export interface DocumentIdentity {
  /** Registered name: « BATI RADE TOULON ». Also the PDF's Author. */
  legalName: string;
  /** Trade name shown large in the header: « Bâti Rade Toulon ». */
  tradeName: string;
  /** « SASU », « SARL », … */
  legalForm: string;
  /** Share capital in integer cents. */
  capitalCents: number;
  /** Postal address, one entry a line: ["145 avenue de la République", "83000 Toulon"]. */
  addressLines: readonly string[];
  siret: string;
  /** The full registration mention: « RCS Toulon 912 345 675 ». */
  rcs: string;
  /** Intra-EU VAT number: « FR65912345675 ». */
  vatNumber: string;
  phone: string;
  email: string;
  /** Compulsory ten-year insurance (loi 96-603 art. 22-2): printed on every page. */
  insurance: {
    insurer: string;
    /** The insurer's postal address, on one line. */
    address: string;
    policy: string;
    /** Geographic coverage: « France métropolitaine ». */
    coverage: string;
    /** Last day of validity, AAAA-MM-JJ, when known. */
    validUntil?: string;
  };
  /** RGE qualification, when the company holds one (energy-renovation work). */
  rge?: {
    number: string;
    /** Last day of validity, AAAA-MM-JJ. */
    validUntil: string;
  };
}

/**
 * The identity from app/config/company.ts, until the company settings move to the
 * database. The config holds no RGE qualification: pass one in `extra` if needed.
 */
export function identityFromCompanyConfig(
  company: Company,
  extra: Pick<DocumentIdentity, "rge"> = {},
): DocumentIdentity {
  return {
    legalName: company.legalName,
    tradeName: company.name,
    legalForm: company.legalForm,
    capitalCents: company.capitalEuros * 100,
    addressLines: [company.address.street, `${company.address.postalCode} ${company.address.city}`],
    siret: company.siret,
    rcs: company.rcs,
    vatNumber: company.vatNumber,
    phone: company.phone.display,
    email: company.email,
    insurance: {
      insurer: company.insurer.name,
      address: company.insurer.address,
      policy: company.insurer.decennialPolicy,
      coverage: company.insurer.coverage,
    },
    ...(extra.rge ? { rge: { ...extra.rge } } : {}),
  };
}
