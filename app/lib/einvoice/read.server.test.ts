import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import {
  generate,
  materialsInvoice,
  NEGOCE_SELLER,
  nodeZugferdMinimum,
  pdfWithAttachments,
  type Sample,
} from "#tests/helpers/einvoice-samples.ts";
import { supplierInvoiceProblems } from "./problems.ts";
import { readSupplierInvoice } from "./read.server.ts";
import type { ReadResult, ReadSupplierInvoice } from "./supplier-invoice.ts";

const REVERSE_CHARGE = "Autoliquidation – TVA due par le preneur assujetti (article 283-2 nonies du CGI)";

const materials: Sample = materialsInvoice({
  orderReference: "BC-2026-0012",
  seller: { ...NEGOCE_SELLER, iban: "FR7630006000011234567890189", bic: "AGRIFRPP" },
  paymentTerms: "30 jours net, par virement",
  note: "Livraison chantier Les Oliviers",
});

const threeRates: Sample = {
  number: "2026/4481",
  typeCode: "380",
  issueDate: "2026-09-30",
  dueDate: "2026-10-30",
  seller: {
    name: "Menuiseries Provençales SARL",
    siren: "552100554",
    vatNumber: "FR96552100554",
    iban: "FR7630006000011234567890189",
  },
  buyer: { name: "BTP Toulon" },
  lines: [
    {
      id: "10",
      name: "Bloc-porte isoplane",
      quantity: "3",
      unit: "H87",
      price: "150.00",
      net: "450.00",
      category: "S",
      rate: "20",
    },
    {
      id: "20",
      name: "Pose de plinthes (rénovation)",
      quantity: "12.5",
      unit: "MTR",
      price: "38.40",
      net: "480.00",
      category: "S",
      rate: "10",
    },
    {
      id: "30",
      name: "Isolation des combles",
      quantity: "4",
      unit: "MTK",
      price: "62.50",
      net: "250.00",
      category: "S",
      rate: "5.5",
    },
  ],
  allowance: { amount: "50.00", reason: "Remise fidélité", category: "S", rate: "20" },
  vat: [
    { category: "S", rate: "20", base: "400.00", vat: "80.00" },
    { category: "S", rate: "10", base: "480.00", vat: "48.00" },
    { category: "S", rate: "5.5", base: "250.00", vat: "13.75" },
  ],
  totals: {
    lines: "1180.00",
    allowances: "50.00",
    net: "1130.00",
    vat: "141.75",
    gross: "1271.75",
    prepaid: "200.00",
    due: "1071.75",
  },
  paymentTerms: "Acompte de 200 € déduit",
};

const creditNote: Sample = {
  number: "AV-2026-0009",
  typeCode: "381",
  issueDate: "2026-10-12",
  precedingInvoice: "FA-2026-00117",
  seller: materials.seller,
  buyer: materials.buyer,
  lines: [
    {
      id: "1",
      name: "Retour de 2 sacs de ciment abîmés",
      quantity: "2",
      unit: "H87",
      price: "45.00",
      net: "90.00",
      category: "S",
      rate: "20",
    },
  ],
  vat: [{ category: "S", rate: "20", base: "90.00", vat: "18.00" }],
  totals: { lines: "90.00", net: "90.00", vat: "18.00", gross: "108.00", due: "108.00" },
  paymentTerms: "Avoir à déduire de votre prochain règlement",
};

const subcontractor: Sample = {
  number: "ST-58",
  typeCode: "380",
  issueDate: "2026-10-20",
  dueDate: "2026-11-19",
  seller: {
    name: "Plomberie Varoise SARL",
    siren: "732829320",
    vatNumber: "FR44732829320",
    iban: "FR7630006000011234567890189",
  },
  buyer: { name: "BTP Toulon", vatNumber: "FR65912345675" },
  lines: [
    {
      id: "1",
      name: "Lot plomberie, chantier Les Oliviers",
      quantity: "1",
      unit: "C62",
      price: "3200.00",
      net: "3200.00",
      category: "AE",
      rate: "0",
    },
  ],
  vat: [
    {
      category: "AE",
      rate: "0",
      base: "3200.00",
      vat: "0.00",
      exemptionReason: REVERSE_CHARGE,
      exemptionCode: "VATEX-EU-AE",
    },
  ],
  totals: { lines: "3200.00", net: "3200.00", vat: "0.00", gross: "3200.00", due: "3200.00" },
  paymentTerms: "45 jours fin de mois",
};

function invoiceOf(result: ReadResult): ReadSupplierInvoice {
  if (!result.ok) throw new Error(`not read: ${result.reason} ${result.message}`);
  return result.invoice;
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** Every figure of `sample`, compared with what was read (the expected values are the sample's, as written). */
function expectSample(invoice: ReadSupplierInvoice, sample: Sample) {
  expect(invoice.number).toBe(sample.number);
  expect(invoice.typeCode).toBe(sample.typeCode);
  expect(invoice.issueDate).toBe(sample.issueDate);
  expect(invoice.currency).toBe("EUR");
  expect(invoice.seller.name).toBe(sample.seller.name);
  expect(invoice.seller.siren).toBe(sample.seller.siren);
  expect(invoice.seller.vatNumber).toBe(sample.seller.vatNumber);
  expect(invoice.seller.iban).toBe(sample.seller.iban);
  expect(invoice.buyer.name).toBe(sample.buyer.name);
  expect(
    invoice.lines.map((line) => [line.id, line.designation, line.quantity, line.unitCode, line.netCents]),
  ).toEqual(sample.lines.map((line) => [line.id, line.name, line.quantity, line.unit, cents(line.net)]));
  expect(
    invoice.vatBreakdown.map((entry) => [entry.category, entry.rate, entry.baseCents, entry.vatCents]),
  ).toEqual(
    sample.vat.map((entry) => [
      entry.category,
      cents(entry.rate ?? "0"),
      cents(entry.base),
      cents(entry.vat),
    ]),
  );
  expect(invoice.totals).toMatchObject({
    lines: cents(sample.totals.lines),
    net: cents(sample.totals.net),
    vat: cents(sample.totals.vat),
    gross: cents(sample.totals.gross),
    due: cents(sample.totals.due),
  });
  expect(supplierInvoiceProblems(invoice)).toEqual([]);
}

describe("readSupplierInvoice on e-invoices made by @e-invoice-eu/core", () => {
  it("reads a UBL invoice at one rate, with its order, payment and line references", async () => {
    const result = readSupplierInvoice(await generate(materials, "UBL"), "FA-2026-00117.xml");
    expect(result.ok && result.format).toBe("ubl");
    const invoice = invoiceOf(result);
    expectSample(invoice, materials);
    expect(invoice).toMatchObject({
      isCreditNote: false,
      dueDate: "2026-11-04",
      orderReference: "BC-2026-0012",
      paymentTerms: "30 jours net, par virement",
      notes: ["Livraison chantier Les Oliviers"],
      seller: {
        bic: "AGRIFRPP",
        address: {
          lines: ["12 rue des Négociants"],
          postcode: "13002",
          city: "Marseille",
          countryCode: "FR",
        },
      },
    });
    expect(invoice.lines[1]).toMatchObject({
      reference: "SAB04",
      unitPrice: "48.40",
      quantityMilli: 2500,
      vatCategory: "S",
      vatRate: 2000,
    });
  });

  it("reads the same invoice written as CII", async () => {
    const result = readSupplierInvoice(await generate(materials, "CII"), "facture.xml");
    expect(result.ok && result.format).toBe("cii");
    const invoice = invoiceOf(result);
    expectSample(invoice, materials);
    expect(invoice).toMatchObject({
      dueDate: "2026-11-04",
      orderReference: "BC-2026-0012",
      paymentTerms: "30 jours net, par virement",
    });
    expect(invoice.lines[0]).toMatchObject({ reference: "CIM35", unitPrice: "10.00", quantityMilli: 10000 });
  });

  it("reads the XML inside a Factur-X EN 16931 PDF", async () => {
    const pdf = await generate(materials, "Factur-X-EN16931");
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const result = readSupplierInvoice(pdf, "FA-2026-00117.pdf");
    expect(result.ok && result.format).toBe("facturx");
    expectSample(invoiceOf(result), materials);
    expect(result.ok && result.xml).toContain("CrossIndustryInvoice");
  });

  for (const [format, expected] of [
    ["UBL", "ubl"],
    ["CII", "cii"],
    ["Factur-X-Extended", "facturx"],
  ] as const) {
    it(`reads three VAT rates, a document allowance and a deposit deducted (${format})`, async () => {
      const result = readSupplierInvoice(await generate(threeRates, format), "2026-4481");
      expect(result.ok && result.format).toBe(expected);
      const invoice = invoiceOf(result);
      expectSample(invoice, threeRates);
      expect(invoice.totals).toMatchObject({ allowances: 5000, prepaid: 20000 });
      expect(invoice.allowances).toEqual([
        { amountCents: 5000, reason: "Remise fidélité", vatCategory: "S", vatRate: 2000 },
      ]);
      expect(invoice.lines[1]).toMatchObject({ quantity: "12.5", quantityMilli: 12500, vatRate: 1000 });
      expect(invoice.lines[2]).toMatchObject({ vatRate: 550 });
    });
  }

  for (const format of ["UBL", "CII"]) {
    it(`reads a credit note and the invoice it corrects (${format})`, async () => {
      const invoice = invoiceOf(readSupplierInvoice(await generate(creditNote, format), "avoir.xml"));
      expectSample(invoice, creditNote);
      expect(invoice.isCreditNote).toBe(true);
      // The generator writes BG-3 (the invoice corrected) in UBL only.
      expect(invoice.precedingInvoices).toEqual(format === "UBL" ? ["FA-2026-00117"] : []);
    });
  }

  for (const format of ["UBL", "CII", "Factur-X-EN16931"]) {
    it(`reads a subcontractor's reverse-charge invoice: AE, no VAT, the 283-2 nonies mention (${format})`, async () => {
      const invoice = invoiceOf(readSupplierInvoice(await generate(subcontractor, format), "ST-58"));
      expectSample(invoice, subcontractor);
      expect(invoice.vatBreakdown).toEqual([
        {
          category: "AE",
          rate: 0,
          baseCents: 320000,
          vatCents: 0,
          exemptionReason: REVERSE_CHARGE,
          exemptionCode: "VATEX-EU-AE",
        },
      ]);
      expect(invoice.totals.vat).toBe(0);
      expect(invoice.buyer.vatNumber).toBe("FR65912345675");
    });
  }
});

describe("readSupplierInvoice on a Factur-X MINIMUM made by node-zugferd", () => {
  it("reads its totals from a PDF with object streams, and flags it as no full invoice", async () => {
    const pdf = await nodeZugferdMinimum();
    expect(Buffer.from(pdf).includes("/ObjStm")).toBe(true);
    const result = readSupplierInvoice(pdf, "LOC-2026-311.pdf");
    expect(result.ok && result.format).toBe("facturx");
    const invoice = invoiceOf(result);
    expect(invoice).toMatchObject({
      number: "LOC-2026-311",
      issueDate: "2026-10-31",
      orderReference: "BC-2026-0031",
      seller: { name: "Loca'Var Engins", siren: "443061841", vatNumber: "FR64443061841" },
      buyer: { name: "BTP Toulon" },
      lines: [],
      totals: { lines: null, net: 85000, vat: 17000, gross: 102000, due: 102000 },
    });
    const rules = supplierInvoiceProblems(invoice).map((problem) => problem.rule);
    expect(rules).toEqual(expect.arrayContaining(["BR-12", "BR-16", "BR-CO-18"]));
    expect(rules).not.toContain("BR-CO-15");
  });
});

describe("readSupplierInvoice on PDFs whose attachments pdfkit wrote", () => {
  it("finds the invoice among other attached files, by its name or its content", async () => {
    const cii = await generate(materials, "CII");
    const timesheet = '<?xml version="1.0"?><releve><heures>12</heures></releve>';
    for (const name of ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml", "facture-fournisseur.xml"]) {
      const pdf = await pdfWithAttachments([
        { name: "releve.xml", content: timesheet },
        { name, content: cii },
      ]);
      const result = readSupplierInvoice(pdf, "f.pdf");
      expect(result.ok && result.format).toBe("facturx");
      expectSample(invoiceOf(result), materials);
    }
  });

  it("a PDF whose only XML is no invoice: no-xml", async () => {
    const pdf = await pdfWithAttachments([
      { name: "releve.xml", content: "<releve><heures>12</heures></releve>" },
    ]);
    expect(readSupplierInvoice(pdf, "f.pdf")).toMatchObject({ ok: false, reason: "no-xml" });
  });

  it("a PDF carrying an XML bomb: unsafe-xml", async () => {
    const bomb = '<!DOCTYPE a [<!ENTITY b "bbbbbbbb"><!ENTITY c "&b;&b;&b;&b;&b;&b;">]><a>&c;</a>';
    const pdf = await pdfWithAttachments([{ name: "factur-x.xml", content: bomb }]);
    expect(readSupplierInvoice(pdf, "f.pdf")).toMatchObject({ ok: false, reason: "unsafe-xml" });
  });

  it("a PDF whose attachment inflates beyond 10 MB (a deflate bomb): too-large", async () => {
    const pdf = await pdfWithAttachments([
      { name: "factur-x.xml", content: `<a>${" ".repeat(30 * 1024 * 1024)}</a>` },
    ]);
    expect(pdf.length).toBeLessThan(1024 * 1024);
    expect(readSupplierInvoice(pdf, "f.pdf")).toMatchObject({ ok: false, reason: "too-large" });
  });
});

describe("readSupplierInvoice: namespaces are read by URI, not by prefix", () => {
  it("reads a CII whose producer chose other prefixes", async () => {
    const xml = new TextDecoder().decode(await generate(materials, "CII"));
    const renamed = xml
      .replaceAll("rsm:", "inv:")
      .replaceAll("xmlns:rsm=", "xmlns:inv=")
      .replaceAll("ram:", "r:")
      .replaceAll("xmlns:ram=", "xmlns:r=");
    expect(renamed).not.toContain("ram:");
    expectSample(invoiceOf(readSupplierInvoice(new TextEncoder().encode(renamed), "f.xml")), materials);
  });

  it("does not take an element for CII's when its prefix is bound to another namespace", async () => {
    const xml = new TextDecoder().decode(await generate(materials, "CII"));
    const foreign = xml.replace(
      'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
      'xmlns:ram="urn:example:not-cii"',
    );
    const invoice = invoiceOf(readSupplierInvoice(new TextEncoder().encode(foreign), "f.xml"));
    expect(invoice.number).toBe("");
    expect(supplierInvoiceProblems(invoice).map((problem) => problem.rule)).toContain("BR-02");
  });
});

function plainPdf(): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const document = new PDFDocument();
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    document.text("Facture n° 12 – à saisir");
    document.end();
  });
}

const encode = (text: string) => new TextEncoder().encode(text);

describe("readSupplierInvoice refuses what it cannot read, in French", () => {
  it("a PDF without XML: no-xml, the file to keep and type by hand", async () => {
    const result = readSupplierInvoice(await plainPdf(), "scan.pdf");
    expect(result).toEqual({
      ok: false,
      reason: "no-xml",
      message: expect.stringContaining("saisie à la main"),
    });
    expect(!result.ok && result.message).toContain("ne contient pas de facture électronique");
  });

  it("a photo: unsupported, the file to keep and type by hand", () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3]);
    expect(readSupplierInvoice(jpeg, "facture.jpg")).toEqual({
      ok: false,
      reason: "unsupported",
      message: expect.stringContaining("saisie à la main"),
    });
  });

  it("an XML that is not an invoice: not-invoice", () => {
    const order =
      '<?xml version="1.0"?><Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>';
    expect(readSupplierInvoice(encode(order), "commande.xml")).toEqual({
      ok: false,
      reason: "not-invoice",
      message: expect.stringContaining("n'est pas une facture électronique"),
    });
  });

  it("an XML bomb (billion laughs): unsafe-xml, before any expansion", () => {
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [<!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, index) => `<!ENTITY lol${index + 1} "${`&lol${index || ""};`.repeat(10)}">`,
      ),
      "]>",
      "<lolz>&lol9;</lolz>",
    ].join("\n");
    const started = performance.now();
    const result = readSupplierInvoice(encode(lol), "bombe.xml");
    expect(performance.now() - started).toBeLessThan(500);
    expect(result).toEqual({
      ok: false,
      reason: "unsafe-xml",
      message: expect.stringContaining("refusée par sécurité"),
    });
  });

  it("an external entity (XXE) in an invoice: unsafe-xml", async () => {
    const xml = new TextDecoder().decode(await generate(materials, "UBL"));
    const xxe = xml
      .replace(
        '<?xml version="1.0" encoding="utf-8"?>',
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      )
      .replace("FA-2026-00117", "&xxe;");
    expect(xxe).toContain("<!DOCTYPE");
    expect(readSupplierInvoice(encode(xxe), "f.xml")).toMatchObject({ ok: false, reason: "unsafe-xml" });
  });

  it("a 100 MB buffer: too-large, checked first", () => {
    const result = readSupplierInvoice(new Uint8Array(100 * 1024 * 1024), "enorme.pdf");
    expect(result).toEqual({ ok: false, reason: "too-large", message: expect.stringContaining("20 Mo") });
  });

  it("a truncated Factur-X PDF: malformed", async () => {
    const pdf = await generate(materials, "Factur-X-EN16931");
    const result = readSupplierInvoice(pdf.subarray(0, Math.floor(pdf.length / 2)), "coupe.pdf");
    expect(result).toEqual({
      ok: false,
      reason: "malformed",
      message: expect.stringContaining("incomplet ou endommagé"),
    });
  });

  it("garbage bytes: unsupported; the same named .xml: malformed", () => {
    let seed = 42;
    const garbage = Uint8Array.from({ length: 4096 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 256;
    });
    garbage[0] = 0x07; // not « < », not « %PDF », not an image
    expect(readSupplierInvoice(garbage, "facture.bin")).toEqual({
      ok: false,
      reason: "unsupported",
      message: expect.stringContaining("ni un PDF ni un fichier XML"),
    });
    expect(readSupplierInvoice(garbage, "facture.xml")).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("an ill-formed XML: malformed", () => {
    const result = readSupplierInvoice(encode("<Invoice><cbc:ID>1</Invoice>"), "f.xml");
    expect(result).toEqual({ ok: false, reason: "malformed", message: expect.stringContaining("mal formé") });
  });

  it("an empty file: malformed", () => {
    expect(readSupplierInvoice(new Uint8Array(0), "vide.pdf")).toMatchObject({
      ok: false,
      reason: "malformed",
    });
  });
});

describe("supplierInvoiceProblems on a hand-altered copy of a valid invoice", () => {
  it("names each arithmetic rule broken, and the invoice is still read", async () => {
    const xml = new TextDecoder().decode(await generate(threeRates, "UBL"));
    const altered = xml
      // A line's net no longer sums into BT-106 (BR-CO-10) nor into its rate's base (BR-S-08).
      .replace(
        '<cbc:LineExtensionAmount currencyID="EUR">480.00</cbc:LineExtensionAmount>',
        '<cbc:LineExtensionAmount currencyID="EUR">490.00</cbc:LineExtensionAmount>',
      )
      // The 20 % rate's VAT is 10 € too high: BR-S-09 and BR-CO-14.
      .replace(
        '<cbc:TaxAmount currencyID="EUR">80.00</cbc:TaxAmount>',
        '<cbc:TaxAmount currencyID="EUR">90.00</cbc:TaxAmount>',
      )
      // The amount due forgets the deposit: BR-CO-16.
      .replace(
        '<cbc:PayableAmount currencyID="EUR">1071.75</cbc:PayableAmount>',
        '<cbc:PayableAmount currencyID="EUR">1271.75</cbc:PayableAmount>',
      );
    expect(altered).not.toBe(xml);
    const result = readSupplierInvoice(encode(altered), "f.xml");
    const invoice = invoiceOf(result);
    expect(invoice.totals.due).toBe(127175);
    const problems = supplierInvoiceProblems(invoice);
    expect(problems.map((problem) => problem.rule).sort()).toEqual([
      "BR-CO-10",
      "BR-CO-14",
      "BR-CO-16",
      "BR-S-08",
      "BR-S-09",
    ]);
    expect(problems.find((problem) => problem.rule === "BR-CO-16")?.message).toBe(
      "Le montant à payer (BT-115) n'est pas le total TTC, moins le déjà payé, plus l'arrondi : la facture porte 1\u202f271,75\u00a0€, le calcul donne 1\u202f071,75\u00a0€.",
    );
  });

  it("finds BR-CO-13 and BR-CO-15 on a CII whose net and gross were changed", async () => {
    const xml = new TextDecoder().decode(await generate(materials, "CII"));
    const altered = xml
      .replace(
        "<ram:TaxBasisTotalAmount>221.00</ram:TaxBasisTotalAmount>",
        "<ram:TaxBasisTotalAmount>212.00</ram:TaxBasisTotalAmount>",
      )
      .replace(
        "<ram:GrandTotalAmount>265.20</ram:GrandTotalAmount>",
        "<ram:GrandTotalAmount>265.21</ram:GrandTotalAmount>",
      );
    expect(altered).not.toBe(xml);
    const rules = supplierInvoiceProblems(invoiceOf(readSupplierInvoice(encode(altered), "f.xml"))).map(
      (problem) => problem.rule,
    );
    expect(rules.sort()).toEqual(["BR-CO-13", "BR-CO-15", "BR-CO-16"]);
  });

  it("finds a reverse-charge invoice that charges VAT (BR-AE-09) or omits its reason (BR-AE-10)", async () => {
    const xml = new TextDecoder().decode(await generate(subcontractor, "UBL"));
    const charged = xml.replace(
      /<cac:TaxSubtotal>([\s\S]*?)<cbc:TaxAmount currencyID="EUR">0.00<\/cbc:TaxAmount>/,
      '<cac:TaxSubtotal>$1<cbc:TaxAmount currencyID="EUR">640.00</cbc:TaxAmount>',
    );
    expect(charged).not.toBe(xml);
    const rules = supplierInvoiceProblems(invoiceOf(readSupplierInvoice(encode(charged), "f.xml"))).map(
      (problem) => problem.rule,
    );
    expect(rules).toContain("BR-AE-09");
    const silent = xml.replace(
      /<cbc:TaxExemptionReasonCode>.*?<\/cbc:TaxExemptionReasonCode>\s*<cbc:TaxExemptionReason>.*?<\/cbc:TaxExemptionReason>/s,
      "",
    );
    expect(silent).not.toBe(xml);
    const silentRules = supplierInvoiceProblems(invoiceOf(readSupplierInvoice(encode(silent), "f.xml"))).map(
      (problem) => problem.rule,
    );
    expect(silentRules).toEqual(["BR-AE-10"]);
  });

  it("rounds an amount with three decimals and says so (BR-DEC)", async () => {
    const xml = new TextDecoder().decode(await generate(materials, "UBL"));
    const altered = xml.replace(
      '<cbc:PayableAmount currencyID="EUR">265.20</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="EUR">265.195</cbc:PayableAmount>',
    );
    const invoice = invoiceOf(readSupplierInvoice(encode(altered), "f.xml"));
    expect(invoice.totals.due).toBe(26520);
    expect(supplierInvoiceProblems(invoice)).toEqual([
      {
        rule: "BR-DEC",
        message: "Montant à payer : « 265.195 » a plus de deux décimales ; lu arrondi au centime.",
      },
    ]);
  });
});

describe("readSupplierInvoice against a hostile XML of two million elements", () => {
  it("refuses it before parsing: too-large, at once", () => {
    const wide = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${"<x>1</x>".repeat(2_000_000)}</Invoice>`;
    const started = performance.now();
    const result = readSupplierInvoice(encode(wide), "f.xml");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result).toEqual({
      ok: false,
      reason: "too-large",
      message: expect.stringContaining("200 000 éléments"),
    });
  });
});

describe("supplierInvoiceProblems on the supplier's identities", () => {
  it("flags a SIREN whose key is wrong and an IBAN that fails its check, still reading the invoice", async () => {
    const xml = new TextDecoder().decode(await generate(materials, "UBL"));
    const altered = xml
      .replace(
        '<cbc:CompanyID schemeID="0002">542051180</cbc:CompanyID>',
        '<cbc:CompanyID schemeID="0002">542051181</cbc:CompanyID>',
      )
      .replace("FR7630006000011234567890189", "FR7630006000011234567890188");
    expect(altered).not.toBe(xml);
    const invoice = invoiceOf(readSupplierInvoice(encode(altered), "f.xml"));
    expect(invoice.seller.siren).toBe("542051181");
    const problems = supplierInvoiceProblems(invoice);
    expect(problems.map((problem) => problem.rule)).toEqual(["SIREN", "IBAN"]);
    expect(problems[0]?.message).toBe("Le SIREN du vendeur 542051181 a une clé fausse.");
  });

  it("derives the SIREN from an FR VAT number when the legal registration is missing", async () => {
    const withoutSiren = { ...materials, seller: { ...materials.seller, siren: undefined } };
    const invoice = invoiceOf(readSupplierInvoice(await generate(withoutSiren, "CII"), "f.xml"));
    expect(invoice.seller.legalId).toBeUndefined();
    expect(invoice.seller.siren).toBe("542051180");
  });
});
