import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import { formatCents } from "#app/lib/money.ts";
import { createLocalStorage } from "#app/lib/storage.server.ts";
import { expectNoOverlappingText } from "#tests/helpers/pdf-layout.ts";
import {
  brokenPhrases,
  flattenSpaces,
  type PdfContent,
  printedCharacters,
  readPdf,
} from "#tests/helpers/pdf-text.ts";
import {
  type DocumentBody,
  type DocumentFrame,
  renderDocumentPdf,
  type TableColumn,
} from "./document.server.ts";
import { substitutedCharacters } from "./fonts.server.ts";
import { type DocumentIdentity, identityFromCompanyConfig } from "./identity.ts";
import { sha256Hex, storeRenderedPdf } from "./store.server.ts";

const CREATED = new Date(Date.UTC(2026, 10, 23, 9, 30));
const ACCENTED = "Rénovation, maçonnerie, 1\u202f234,56\u00a0€";

const COLUMNS: TableColumn[] = [
  { header: "N°", width: 0.6 },
  { header: "Désignation", width: 5 },
  { header: "Unité", width: 0.8 },
  { header: "Quantité", width: 1, align: "right" },
  { header: "Prix unitaire HT", width: 1.8, align: "right" },
  { header: "Total HT", width: 1.8, align: "right" },
];

function frame(identity: DocumentIdentity, overrides: Partial<DocumentFrame> = {}): DocumentFrame {
  return {
    identity,
    title: "Devis",
    number: "DEV-2026-0001",
    date: "2026-11-23",
    creationDate: CREATED,
    ...overrides,
  };
}

/** A quote-like body: a heading, accented text, a key/value list and a table of `lines` lines. */
function quoteBody(lines: number) {
  return (content: DocumentBody) => {
    content.heading("Objet des travaux");
    content.paragraph(ACCENTED);
    content.keyValues([
      ["Client", "Mme Élodie Dupont"],
      ["Adresse du chantier", "12 rue des Lilas, 83000 Toulon"],
    ]);
    content.table({
      columns: COLUMNS,
      rows: Array.from({ length: lines }, (_, index) => [
        String(index + 1),
        `Ligne ${index + 1} : enduit de façade à la chaux${index % 9 === 0 ? ", reprise des fissures et des éclats, traitement des angles et des appuis de fenêtres" : ""}`,
        "m²",
        "12,5",
        formatCents(4_550 + index),
        formatCents(56_875 + index * 12),
      ]),
    });
    content.paragraph("Fin du devis.", { bold: true });
  };
}

const identity = identityFromCompanyConfig(company);
const identityWithRge = identityFromCompanyConfig(company, {
  rge: { number: "E-E182736", validUntil: "2027-06-30" },
});

let quote: Buffer;
let read: PdfContent;
let withRge: PdfContent;

beforeAll(async () => {
  quote = await renderDocumentPdf(frame(identity), quoteBody(120));
  read = await readPdf(quote);
  withRge = await readPdf(await renderDocumentPdf(frame(identityWithRge), quoteBody(120)));
});

describe("the document frame", () => {
  it("prints the company's identity and the décennale insurance on every page, numbered « Page N / M »", () => {
    const pages = read.pages.map(flattenSpaces);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      const where = `page ${index + 1}`;
      for (const mention of [
        "Bâti Rade Toulon",
        "BATI RADE TOULON",
        "SASU au capital de 3 000 €",
        "SIRET 91234567500009",
        "RCS Toulon 912 345 675",
        "TVA FR65912345675",
        "145 avenue de la République, 83000 Toulon",
        "Assurance décennale : Mutuelle des Artisans du Sud, 12 boulevard de Strasbourg, 83000 Toulon",
        "contrat n° DEC-2023-004512",
        "couverture : France métropolitaine",
        "Devis DEV-2026-0001",
        "Date : 23 novembre 2026",
        `Page ${index + 1} / ${pages.length}`,
      ]) {
        expect(page, `${where}: ${mention}`).toContain(mention);
      }
      expect(page, where).not.toContain("RGE");
    });
  });

  it("prints the RGE qualification on every page when the company holds one", () => {
    expect(withRge.pages.length).toBe(read.pages.length);
    for (const page of withRge.pages.map(flattenSpaces)) {
      expect(page).toContain("Qualification RGE n° E-E182736, valable jusqu'au 30 juin 2027");
    }
  });

  it("repeats the table's header row on every page the table runs onto", () => {
    const pages = read.pages.map(flattenSpaces);
    const header = "N° Désignation Unité Quantité Prix unitaire HT Total HT";
    pages.forEach((page, index) => {
      expect(page, `page ${index + 1}`).toContain(header);
      // The header comes before the page's first line of the table.
      const firstLine = /(\d+) Ligne \1 :/.exec(page);
      expect(firstLine, `page ${index + 1}`).not.toBeNull();
      expect(page.indexOf(header)).toBeLessThan(firstLine?.index ?? -1);
    });
    // Every line is printed once, in order, across the pages.
    const numbers = [...pages.join(" ").matchAll(/(\d+) Ligne \1 :/g)].map((match) => Number(match[1]));
    expect(numbers).toEqual(Array.from({ length: 120 }, (_, index) => index + 1));
    expect(pages.at(-1)).toContain("Fin du devis.");
  });

  it("keeps accented French text and the amounts' no-break spaces intact", () => {
    const first = flattenSpaces(read.pages[0] ?? "");
    expect(first).toContain("Rénovation, maçonnerie, 1 234,56 €");
    expect(first).toContain("Mme Élodie Dupont");
    expect(first).toContain("Ligne 1 : enduit de façade à la chaux");
    expect(first).toContain("m² 12,5 45,50 € 568,75 €");
    // pdfjs gives every space as U+0020: the fonts' own maps tell which were printed.
    // The fontsource files have no U+202F (narrow no-break space), so it is printed as
    // U+00A0, which still never breaks a number across two lines; if the fonts gain
    // it, it is printed as is.
    const printed = printedCharacters(quote);
    const thousands = substitutedCharacters().has("\u202f") ? "\u00a0" : "\u202f";
    expect(printed).toContain(thousands);
    expect(printed).toContain("\u00a0");
    for (const character of "éçàÉ€²–") expect(printed, character).toContain(character);
    if (thousands === "\u00a0") expect(printed).not.toContain("\u202f");
  });

  it("sets the title, the author, the language and the creation date given", () => {
    expect(read.info).toMatchObject({
      Title: "Devis DEV-2026-0001",
      Author: "BATI RADE TOULON",
      Language: "fr-FR",
      CreationDate: "D:20261123093000Z",
    });
  });

  it("draws no text over other text: header, body and footer each keep to their band", async () => {
    await expectNoOverlappingText(quote, { minBoxesPerPage: 10 });
  });

  it("gives pages that flowing text opens by itself the same frame and margins", async () => {
    const pdf = await renderDocumentPdf(
      frame(identity, { number: undefined, headerLines: ["Version 2", "Valable jusqu'au 23 décembre 2026"] }),
      (content) => {
        content.heading("Conditions générales");
        for (let index = 1; index <= 40; index++) {
          content.paragraph(
            `Article ${index}. Les travaux sont exécutés conformément aux règles de l'art et aux documents techniques unifiés ; toute modification demandée en cours de chantier fait l'objet d'un avenant écrit, chiffré et accepté avant son exécution.`,
            { align: "justify" },
          );
        }
        content.keyValues(
          Array.from({ length: 30 }, (_, index) => [
            `Échéance ${index + 1}`,
            `${formatCents(100_000 + index)} à réception`,
          ]),
        );
      },
    );
    const pages = (await readPdf(pdf)).pages.map(flattenSpaces);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
      expect(page).toContain("couverture : France métropolitaine");
      // A draft has no number: the title alone.
      expect(page).toMatch(/Devis Date : 23 novembre 2026 Version 2 Valable jusqu'au 23 décembre 2026/);
    });
    expect(pages.join(" ")).toContain("Article 40.");
    expect(pages.join(" ")).toContain("Échéance 30 1 000,29 € à réception");
    await expectNoOverlappingText(pdf, { minBoxesPerPage: 10 });
  });
});

describe("fonts", () => {
  it("embeds Open Sans and Montserrat and uses no standard font", () => {
    const raw = quote.toString("latin1");
    expect(raw).toMatch(/\/FontFile2 /);
    const fonts = [...raw.matchAll(/\/BaseFont \/([A-Za-z0-9+_-]+)/g)].map((match) => match[1]);
    expect(fonts).toEqual(expect.arrayContaining([expect.stringMatching(/^[A-Z]{6}\+OpenSans-Regular$/)]));
    expect(fonts).toEqual(expect.arrayContaining([expect.stringMatching(/^[A-Z]{6}\+OpenSans-Bold$/)]));
    expect(fonts).toEqual(expect.arrayContaining([expect.stringMatching(/^[A-Z]{6}\+Montserrat-Bold$/)]));
    // Every font is a subset embedded from a file: none of the 14 standard fonts.
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+(OpenSans|Montserrat)-/);
    expect(raw).not.toMatch(/Helvetica|Times-Roman|Courier/);
  });
});

describe("rendering is deterministic", () => {
  it("gives the same bytes for the same input and creation date, whatever the server's time zone", async () => {
    const again = await renderDocumentPdf(frame(identity), quoteBody(120));
    expect(sha256Hex(again)).toBe(sha256Hex(quote));

    const previous = process.env.TZ;
    process.env.TZ = "Pacific/Auckland";
    try {
      const elsewhere = await renderDocumentPdf(frame(identity), quoteBody(120));
      expect(sha256Hex(elsewhere)).toBe(sha256Hex(quote));
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }

    const later = await renderDocumentPdf(
      frame(identity, { creationDate: new Date(CREATED.getTime() + 1000) }),
      quoteBody(120),
    );
    expect(sha256Hex(later)).not.toBe(sha256Hex(quote));
  });
});

describe("storing a rendered PDF", () => {
  const root = mkdtempSync(path.join(tmpdir(), "batirade-pdf-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("writes the exact bytes and returns their SHA-256", async () => {
    const storage = createLocalStorage(root);
    const stored = await storeRenderedPdf(storage, "devis/2026/dev-2026-0001.pdf", quote);
    expect(stored).toEqual({
      key: "devis/2026/dev-2026-0001.pdf",
      sha256: sha256Hex(quote),
      bytes: quote.byteLength,
    });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    const back = await storage.get(stored.key);
    expect(sha256Hex(back)).toBe(stored.sha256);
    expect(back.equals(quote)).toBe(true);
  });

  it("refuses what is not a PDF", async () => {
    const storage = createLocalStorage(root);
    await expect(
      storeRenderedPdf(storage, "devis/x.pdf", new TextEncoder().encode("<html>")),
    ).rejects.toThrow("n'est pas un PDF");
  });
});

describe("PDF/A-3", () => {
  it("declares PDF/A-3b when asked: XMP identification and an sRGB output intent", async () => {
    const pdf = await renderDocumentPdf(frame(identity, { pdfA: true }), quoteBody(3));
    const { xmp } = await readPdf(pdf);
    expect(xmp).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(xmp).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    expect(pdf.subarray(0, 8).toString("latin1")).toBe("%PDF-1.7");
    const raw = pdf.toString("latin1");
    expect(raw).toContain("/OutputIntents");
    expect(raw).toContain("/GTS_PDFA1");
  });

  it("does not declare it otherwise", async () => {
    expect(read.xmp ?? "").not.toContain("pdfaid");
  });

  it("keeps the XMP metadata well-formed when a name holds « & »", async () => {
    const pdf = await renderDocumentPdf(
      frame({ ...identity, legalName: "MARTIN & FILS" }, { pdfA: true, title: "Devis <brouillon>" }),
      quoteBody(1),
    );
    const { xmp, info } = await readPdf(pdf);
    expect(xmp).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#)/);
    expect(xmp).toContain("MARTIN ＆ FILS");
    expect(info.Author).toBe("MARTIN ＆ FILS");
  });
});

describe("tables", () => {
  // Shares far too narrow for their content: pdfkit would break « Avancement » and the amounts.
  const NARROW: TableColumn[] = [
    { header: "Lot", width: 10, text: true },
    { header: "Avancement cumulé", width: 1, align: "right" },
    { header: "Montant du lot HT", width: 1, align: "right" },
    { header: "TVA", width: 1, align: "center" },
  ];
  const NARROW_CELLS = ["33,33\u00a0%", "1\u202f234\u202f567,89\u00a0€", "Autoliquidation"];
  const NARROW_ROWS = [
    ["Gros œuvre", ...NARROW_CELLS],
    { cells: ["Total des travaux", "", "-12\u202f345,67\u00a0€", ""], bold: true },
  ];

  it("gives a column at least its longest word: no header or amount breaks mid-word", async () => {
    const pdf = await renderDocumentPdf(frame(identity), (content) =>
      content.table({ columns: NARROW, rows: NARROW_ROWS }),
    );
    const { pages } = await readPdf(pdf);
    expect(
      brokenPhrases(pages, {
        headers: NARROW.map((column) => column.header),
        amounts: ["33,33 %", "1 234 567,89 €", "-12 345,67 €", "Autoliquidation"],
      }),
    ).toEqual([]);
    await expectNoOverlappingText(pdf, { minBoxesPerPage: 10 });
  });

  it("takes that room from the text column, whose own long words wrap rather than widen it", async () => {
    const long = "Réhabilitation".repeat(12);
    let widths: number[] = [];
    let contentWidth = 0;
    const pdf = await renderDocumentPdf(frame(identity), (content) => {
      contentWidth = content.contentWidth;
      const rows = [[long, ...NARROW_CELLS]];
      widths = content.columnWidths({ columns: NARROW, rows });
      content.table({ columns: NARROW, rows });
    });
    expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(contentWidth, 6);
    // The text column's share is 10/13 of the page; the other three took what they need.
    expect(widths[0]).toBeLessThan((contentWidth * 10) / 13);
    expect(widths[0]).toBeGreaterThan(contentWidth / 2);
    const { pages } = await readPdf(pdf);
    expect(brokenPhrases(pages, { amounts: ["1 234 567,89 €", "Autoliquidation"] })).toEqual([]);
  });

  it("keeps the columns' shares when their content fits", async () => {
    const columns: TableColumn[] = [
      { header: "Désignation", width: 3, text: true },
      { header: "Total HT", width: 1, align: "right" },
    ];
    let widths: number[] = [];
    let contentWidth = 0;
    await renderDocumentPdf(frame(identity), (content) => {
      contentWidth = content.contentWidth;
      widths = content.columnWidths({ columns, rows: [["Dépose", "1\u202f234,56\u00a0€"]] });
    });
    expect(widths[0]).toBeCloseTo((contentWidth * 3) / 4, 6);
    expect(widths[1]).toBeCloseTo(contentWidth / 4, 6);
  });

  it("refuses a row with more cells than columns", async () => {
    await expect(
      renderDocumentPdf(frame(identity), (content) =>
        content.table({ columns: [{ header: "A", width: 1 }], rows: [["1", "2"]] }),
      ),
    ).rejects.toThrow("plus de cellules que de colonnes");
  });
});
