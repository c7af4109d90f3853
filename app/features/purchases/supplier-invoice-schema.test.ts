import { describe, expect, it } from "vitest";
import {
  parseAllocations,
  parseSupplierInvoiceFilters,
  SUPPLIER_INVOICE_MESSAGES,
} from "./supplier-invoice-schema.ts";

const SITE = "0b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b";
const LOT = "1c8f5d2b-3a4e-4f6a-9b0c-1d2e3f4a5b6c";

describe("the allocation rows", () => {
  it("reads the rows typed, skips the empty ones, amounts in cents", () => {
    expect(
      parseAllocations({
        "allocations.0.jobSiteId": SITE,
        "allocations.0.lotId": LOT,
        "allocations.0.lineId": "",
        "allocations.0.amount": "121,00",
        "allocations.1.jobSiteId": "",
        "allocations.1.amount": "",
        "allocations.2.jobSiteId": SITE,
        "allocations.2.amount": "1 000,5",
      }),
    ).toEqual({
      ok: true,
      rows: [
        { jobSiteId: SITE, lotId: LOT, lineId: null, amountCents: 12100 },
        { jobSiteId: SITE, lotId: null, lineId: null, amountCents: 100050 },
      ],
    });
  });

  it("names the field of a row without a site, with a wrong amount, or when nothing is typed", () => {
    expect(parseAllocations({ "allocations.0.jobSiteId": "", "allocations.0.amount": "12" })).toEqual({
      ok: false,
      field: "allocations.0.jobSiteId",
      message: SUPPLIER_INVOICE_MESSAGES.jobSite,
    });
    expect(parseAllocations({ "allocations.3.jobSiteId": SITE, "allocations.3.amount": "-5" })).toMatchObject(
      {
        ok: false,
        field: "allocations.3.amount",
      },
    );
    expect(parseAllocations({})).toEqual({
      ok: false,
      field: "allocations.0.jobSiteId",
      message: SUPPLIER_INVOICE_MESSAGES.noAllocation,
    });
  });
});

describe("the list's filters", () => {
  it("reads the status, the due filter and the supplier; refuses what it does not know", () => {
    const read = parseSupplierInvoiceFilters(
      new URLSearchParams(`statut=a_payer&echeance=retard&fournisseur=${SITE}`),
    );
    expect(read).toMatchObject({
      ok: true,
      filters: { statut: "a_payer", echeance: "retard", fournisseur: SITE },
    });
    expect(parseSupplierInvoiceFilters(new URLSearchParams("echeance=demain"))).toEqual({
      ok: false,
      message: SUPPLIER_INVOICE_MESSAGES.filters.due,
    });
    expect(parseSupplierInvoiceFilters(new URLSearchParams("fournisseur=abc"))).toEqual({
      ok: false,
      message: SUPPLIER_INVOICE_MESSAGES.filters.supplier,
    });
  });
});
