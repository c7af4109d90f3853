import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_CENTS,
  MAX_MILLI,
  MONEY_MESSAGES,
  PERCENT_MESSAGES,
  parseMoney,
  parsePercent,
  parseQuantity,
  QUANTITY_MESSAGES,
} from "#app/lib/money.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import { storedItemLine } from "#tests/helpers/quote-lines.ts";
import {
  allLines,
  emptyQuoteContent,
  LINE_VAT_CODES,
  MAX_LINES,
  MAX_LOTS,
  newLineId,
  QUOTE_MESSAGES,
  QUOTE_UNITS,
  type QuoteContent,
  type QuoteDraftInput,
  QuoteDraftSchema,
  type QuoteItemLine,
  type QuoteItemLineInput,
  type QuoteLine,
  type QuoteTextLineInput,
  quoteDisplayNumber,
  toDraftInput,
} from "./content.ts";

const NNBSP = "\u202f";
const NBSP = "\u00a0";

// ─── Builders ─────────────────────────────────────────────────────────────────────────

function itemInput(fields: Partial<QuoteItemLineInput> = {}): QuoteItemLineInput {
  return {
    id: "line1",
    kind: "item",
    designation: "Carrelage",
    description: "",
    unit: "m²",
    quantity: "1",
    unitPriceHt: "10",
    vatCode: "20",
    optional: false,
    libraryItemId: null,
    cost: null,
    ...fields,
  };
}

const textInput = (id: string, text = "Note"): QuoteTextLineInput => ({ id, kind: "text", text });

/** A draft as the editor posts it, typed the French way. */
function validDraft(): QuoteDraftInput {
  return {
    title: "  Rénovation de la salle de bains ",
    description: "Dépose de l'existant.\nPose d'une douche à l'italienne.",
    site: { street: "12 rue Jean Jaurès", postalCode: "83000", city: "Toulon" },
    reverseCharge: false,
    offPremises: true,
    lots: [
      {
        id: "lotA",
        title: "Démolition",
        lines: [
          textInput("t1", "Préparation"),
          itemInput({
            id: "l1",
            designation: " Dépose carrelage ",
            quantity: "1 234,56",
            unitPriceHt: "1 234,56",
            vatCode: "10",
          }),
          itemInput({
            id: "l2",
            unit: "h",
            quantity: `1${NNBSP}000`,
            unitPriceHt: `12,5${NBSP}€`,
            vatCode: "5.5",
            optional: true,
            libraryItemId: "0b8f5a6e-4c1d-4e2f-9a3b-1c2d3e4f5a6b",
            cost: { labourHours: 400, materialsCents: 1_230 },
          }),
        ],
      },
      {
        id: "lotB",
        title: "Isolation",
        lines: [itemInput({ id: "l3", quantity: "12.5", unitPriceHt: "-45" })],
      },
    ],
    discount: { kind: "percent", value: "5,5" },
    travel: { amountHt: "45", vatCode: "20" },
    terms: {
      validityDays: " 30 ",
      startOn: "2026-12-01",
      duration: "3 semaines",
      deposit: { kind: "amount", value: `1${NBSP}500,00 €` },
      depositSchedule: "30 % à la signature.",
      paymentTerms: "À réception de facture.",
      paid: false,
      priceCents: "",
      noteToClient: "",
      retentionPercent: "",
      retentionBankGuarantee: false,
    },
  };
}

function withTerms(draft: QuoteDraftInput, terms: Partial<QuoteDraftInput["terms"]>): QuoteDraftInput {
  return { ...draft, terms: { ...draft.terms, ...terms } };
}

/** The second line of the first lot (`lots.0.lines.1`), changed. */
function withLine(fields: Partial<QuoteItemLineInput>): QuoteDraftInput {
  const draft = validDraft();
  const lot = draft.lots[0];
  if (!lot) throw new Error("no lot");
  lot.lines[1] = { ...(lot.lines[1] as QuoteItemLineInput), ...fields };
  return draft;
}

/** The refusals as « path → message ». */
function refusals(draft: unknown): [string, string][] {
  const result = QuoteDraftSchema.safeParse(draft);
  if (result.success) return [];
  return result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

// zod's own messages are English: none may reach the staff.
const ENGLISH = /^(Invalid|Too (big|small)|Expected|Required|Unrecognized)/;

// ─── Parsing ──────────────────────────────────────────────────────────────────────────

describe("QuoteDraftSchema", () => {
  it("parses French input into cents, thousandths and basis points", () => {
    const content = QuoteDraftSchema.parse(validDraft());
    const expected: QuoteContent = {
      title: "Rénovation de la salle de bains",
      description: "Dépose de l'existant.\nPose d'une douche à l'italienne.",
      site: { street: "12 rue Jean Jaurès", postalCode: "83000", city: "Toulon" },
      reverseCharge: false,
      offPremises: true,
      lots: [
        {
          id: "lotA",
          title: "Démolition",
          lines: [
            { id: "t1", kind: "text", text: "Préparation" },
            // 1 234,56 m² at 1 234,56 €
            storedItemLine("l1", "10", 123_456, {
              designation: "Dépose carrelage",
              unit: "m²",
              quantity: 1_234_560,
            }),
            // 1 000 h at 12,50 €
            storedItemLine("l2", "5.5", 1_250, {
              designation: "Carrelage",
              unit: "h",
              quantity: 1_000_000,
              optional: true,
              libraryItemId: "0b8f5a6e-4c1d-4e2f-9a3b-1c2d3e4f5a6b",
              cost: { labourHours: 400, materialsCents: 1_230 },
            }),
          ],
        },
        {
          id: "lotB",
          title: "Isolation",
          // 12.5 read as 12,5
          lines: [
            storedItemLine("l3", "20", -4_500, { designation: "Carrelage", unit: "m²", quantity: 12_500 }),
          ],
        },
      ],
      discount: { kind: "percent", basisPoints: 550 }, // 5,5 %
      travel: { amountHt: 4_500, vatCode: "20" },
      terms: {
        validityDays: 30,
        startOn: "2026-12-01",
        duration: "3 semaines",
        deposit: { kind: "amount", cents: 150_000 },
        depositSchedule: "30 % à la signature.",
        paymentTerms: "À réception de facture.",
        paid: false,
        priceCents: null,
        noteToClient: "",
        retention: null,
      },
    };
    expect(content).toEqual(expected);
  });

  it("keeps a draft line without quantity or price as null, and no travel costs as null", () => {
    const draft = withLine({ quantity: "", unitPriceHt: "   " });
    draft.travel = { amountHt: " ", vatCode: "10" };
    draft.discount = { kind: "", value: "12" };
    draft.terms.deposit = { kind: "percent", value: "" };
    draft.terms.startOn = "";
    const content = QuoteDraftSchema.parse(draft);
    expect(content.lots[0]?.lines[1]).toMatchObject({ quantity: null, unitPriceHt: null });
    expect(content.travel).toBeNull();
    expect(content.discount).toBeNull();
    expect(content.terms.deposit).toBeNull();
    expect(content.terms.startOn).toBeNull();
    // 0 is a figure, not an empty field.
    const zero = QuoteDraftSchema.parse(withLine({ quantity: "0", unitPriceHt: "0,00" }));
    expect(zero.lots[0]?.lines[1]).toMatchObject({ quantity: 0, unitPriceHt: 0 });
  });

  it("keeps the price of a paid quote only, and refuses a paid quote without price", () => {
    const paid = QuoteDraftSchema.parse(withTerms(validDraft(), { paid: true, priceCents: "120" }));
    expect(paid.terms).toMatchObject({ paid: true, priceCents: 12_000 });
    const free = QuoteDraftSchema.parse(withTerms(validDraft(), { paid: false, priceCents: "120" }));
    expect(free.terms).toMatchObject({ paid: false, priceCents: null });
    expect(refusals(withTerms(validDraft(), { paid: true, priceCents: "" }))).toEqual([
      ["terms.priceCents", QUOTE_MESSAGES.price],
    ]);
    expect(refusals(withTerms(validDraft(), { paid: true, priceCents: "-1" }))).toEqual([
      ["terms.priceCents", QUOTE_MESSAGES.negative],
    ]);
  });

  it("refuses a bad quantity or price with the French message at the line's field", () => {
    expect(refusals(withLine({ quantity: "abc" }))).toEqual([
      ["lots.0.lines.1.quantity", QUANTITY_MESSAGES.format],
    ]);
    expect(refusals(withLine({ quantity: "1,2345" }))).toEqual([
      ["lots.0.lines.1.quantity", QUANTITY_MESSAGES.decimals],
    ]);
    expect(refusals(withLine({ quantity: "10 000 000" }))).toEqual([
      ["lots.0.lines.1.quantity", QUANTITY_MESSAGES.range],
    ]);
    // « 1.234,56 » is refused rather than guessed.
    expect(refusals(withLine({ quantity: "1.234,56" }))).toEqual([
      ["lots.0.lines.1.quantity", QUANTITY_MESSAGES.format],
    ]);
    expect(refusals(withLine({ unitPriceHt: "12,345" }))).toEqual([
      ["lots.0.lines.1.unitPriceHt", MONEY_MESSAGES.decimals],
    ]);
    expect(refusals(withLine({ unitPriceHt: "douze" }))).toEqual([
      ["lots.0.lines.1.unitPriceHt", MONEY_MESSAGES.format],
    ]);
    expect(refusals(withLine({ quantity: "x", unitPriceHt: "y" }))).toEqual([
      ["lots.0.lines.1.quantity", QUANTITY_MESSAGES.format],
      ["lots.0.lines.1.unitPriceHt", MONEY_MESSAGES.format],
    ]);
  });

  it("refuses a bad line field at its path", () => {
    expect(refusals(withLine({ unit: "cm" }))).toEqual([["lots.0.lines.1.unit", QUOTE_MESSAGES.unit]]);
    // Reverse charge is a choice of the whole quote, not a line's rate.
    for (const vatCode of ["7", "autoliquidation", "5,5", ""]) {
      expect(refusals(withLine({ vatCode }))).toEqual([["lots.0.lines.1.vatCode", QUOTE_MESSAGES.vat]]);
    }
    expect(refusals(withLine({ designation: "   " }))).toEqual([
      ["lots.0.lines.1.designation", QUOTE_MESSAGES.designation],
    ]);
    expect(refusals(withLine({ designation: "x".repeat(301) }))).toEqual([
      ["lots.0.lines.1.designation", QUOTE_MESSAGES.designationTooLong],
    ]);
    expect(QuoteDraftSchema.safeParse(withLine({ designation: "x".repeat(300) })).success).toBe(true);
    const draft = validDraft();
    const first = draft.lots[0];
    if (!first) throw new Error("no lot");
    first.title = "";
    first.lines[0] = textInput("t1", " ");
    expect(refusals(draft)).toEqual([
      ["lots.0.title", QUOTE_MESSAGES.lotTitle],
      ["lots.0.lines.0.text", "Saisissez le texte ou supprimez la ligne."],
    ]);
  });

  it("refuses a validity outside 1 to 365 days", () => {
    for (const validityDays of ["0", "366", "1000", "abc", "", "-1", "1,5", "30 jours"]) {
      expect(refusals(withTerms(validDraft(), { validityDays }))).toEqual([
        ["terms.validityDays", QUOTE_MESSAGES.validity],
      ]);
    }
    for (const [typed, days] of [
      ["1", 1],
      ["365", 365],
      ["090", 90],
    ] as const) {
      expect(
        QuoteDraftSchema.parse(withTerms(validDraft(), { validityDays: typed })).terms.validityDays,
      ).toBe(days);
    }
  });

  it("refuses a postal code that is not five digits, and accepts none", () => {
    for (const postalCode of ["8300", "830000", "83 000", "2A000", "83000a"]) {
      const draft = validDraft();
      draft.site.postalCode = postalCode;
      expect(refusals(draft)).toEqual([["site.postalCode", QUOTE_MESSAGES.postalCode]]);
    }
    const draft = validDraft();
    draft.site.postalCode = " ";
    expect(QuoteDraftSchema.parse(draft).site.postalCode).toBe("");
  });

  it("refuses a bad discount, deposit or travel amount at its value", () => {
    const cases: [Partial<QuoteDraftInput>, string, string][] = [
      [{ discount: { kind: "percent", value: "abc" } }, "discount.value", PERCENT_MESSAGES.format],
      [{ discount: { kind: "percent", value: "150" } }, "discount.value", PERCENT_MESSAGES.range],
      [{ discount: { kind: "percent", value: "-5" } }, "discount.value", PERCENT_MESSAGES.range],
      [{ discount: { kind: "percent", value: "5,555" } }, "discount.value", PERCENT_MESSAGES.decimals],
      [{ discount: { kind: "amount", value: "-5" } }, "discount.value", QUOTE_MESSAGES.negative],
      [{ discount: { kind: "amount", value: "1,234" } }, "discount.value", MONEY_MESSAGES.decimals],
      [{ discount: { kind: "euros" as "amount", value: "5" } }, "discount.kind", QUOTE_MESSAGES.discountKind],
      [{ travel: { amountHt: "-45", vatCode: "20" } }, "travel.amountHt", QUOTE_MESSAGES.negative],
      [{ travel: { amountHt: "quarante", vatCode: "20" } }, "travel.amountHt", MONEY_MESSAGES.format],
      [{ travel: { amountHt: "45", vatCode: "19,6" } }, "travel.vatCode", QUOTE_MESSAGES.vat],
    ];
    for (const [change, path, message] of cases) {
      expect(refusals({ ...validDraft(), ...change })).toEqual([[path, message]]);
    }
    expect(refusals(withTerms(validDraft(), { deposit: { kind: "percent", value: "101" } }))).toEqual([
      ["terms.deposit.value", PERCENT_MESSAGES.range],
    ]);
    expect(refusals(withTerms(validDraft(), { deposit: { kind: "amount", value: "-1" } }))).toEqual([
      ["terms.deposit.value", QUOTE_MESSAGES.negative],
    ]);
    expect(
      refusals(withTerms(validDraft(), { deposit: { kind: "" as const, value: "" }, startOn: "2026-02-30" })),
    ).toEqual([["terms.startOn", TEXT_RULE_MESSAGES.dateMissing]]);
    expect(refusals(withTerms(validDraft(), { startOn: "01/12/2026" }))).toEqual([
      ["terms.startOn", TEXT_RULE_MESSAGES.dateFormat],
    ]);
    // 100 % and 0 are allowed; « 5,5 % » with its sign too.
    const full = QuoteDraftSchema.parse({ ...validDraft(), discount: { kind: "percent", value: "100" } });
    expect(full.discount).toEqual({ kind: "percent", basisPoints: 10_000 });
    const signed = QuoteDraftSchema.parse({ ...validDraft(), discount: { kind: "percent", value: "5,5 %" } });
    expect(signed.discount).toEqual({ kind: "percent", basisPoints: 550 });
  });

  it("refuses too many lines, in one lot or over all of them, and too many or no lots", () => {
    const lines = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => textInput(`${prefix}${i}`, "Ligne"));
    const withLots = (...counts: number[]): QuoteDraftInput => ({
      ...validDraft(),
      lots: counts.map((count, i) => ({ id: `lot${i}`, title: `Lot ${i}`, lines: lines(count, `l${i}x`) })),
    });
    expect(QuoteDraftSchema.safeParse(withLots(MAX_LINES)).success).toBe(true);
    expect(QuoteDraftSchema.safeParse(withLots(250, 250)).success).toBe(true);
    expect(refusals(withLots(250, 251))).toEqual([["lots", QUOTE_MESSAGES.tooManyLines]]);
    expect(refusals(withLots(MAX_LINES + 1))).toEqual([["lots.0.lines", QUOTE_MESSAGES.tooManyLines]]);
    expect(QuoteDraftSchema.safeParse(withLots(...Array.from({ length: MAX_LOTS }, () => 1))).success).toBe(
      true,
    );
    expect(refusals(withLots(...Array.from({ length: MAX_LOTS + 1 }, () => 1)))).toEqual([
      ["lots", QUOTE_MESSAGES.tooManyLots],
    ]);
    expect(refusals({ ...validDraft(), lots: [] })).toEqual([["lots", QUOTE_MESSAGES.noLot]]);
  });

  it("refuses duplicate ids, of lines or of lots, and ids of another shape", () => {
    const twice = validDraft();
    (twice.lots[1]?.lines[0] as QuoteItemLineInput).id = "l1";
    expect(refusals(twice)).toEqual([["lots", QUOTE_MESSAGES.id]]);
    const lotAsLine = validDraft();
    (lotAsLine.lots[1] as { id: string }).id = "t1";
    expect(refusals(lotAsLine)).toEqual([["lots", QUOTE_MESSAGES.id]]);
    for (const id of ["", "l 1", "l\n1", "x".repeat(41), "l/1", "<b>"]) {
      expect(refusals(withLine({ id }))).toEqual([["lots.0.lines.1.id", QUOTE_MESSAGES.id]]);
    }
  });

  it("refuses control characters in every text, keeping line breaks and tabs in multi-line ones", () => {
    const control = TEXT_RULE_MESSAGES.controlCharacters;
    const title = { ...validDraft(), title: "Devis\u0000" };
    expect(refusals(title)).toEqual([["title", control]]);
    expect(refusals(withLine({ designation: "Dépose\u0007" }))).toEqual([
      ["lots.0.lines.1.designation", control],
    ]);
    expect(refusals(withLine({ description: "a\u000bb" }))).toEqual([
      ["lots.0.lines.1.description", control],
    ]);
    const street = validDraft();
    street.site.street = "12 rue\u001b";
    expect(refusals(street)).toEqual([["site.street", control]]);
    // A one-line field refuses a line break; a multi-line one keeps it.
    const city = validDraft();
    city.site.city = "Toulon\nCedex";
    expect(refusals(city)).toEqual([["site.city", control]]);
    const note = withTerms(validDraft(), { noteToClient: "Bonjour,\n\tmerci.\r\n", paymentTerms: "\u007f" });
    expect(refusals(note)).toEqual([["terms.paymentTerms", control]]);
    const lines = withLine({ description: "Ligne 1\nLigne 2\tfin" });
    expect(QuoteDraftSchema.parse(lines).lots[0]?.lines[1]).toMatchObject({
      description: "Ligne 1\nLigne 2\tfin",
    });
  });

  it("never answers in zod's English", () => {
    const drafts: QuoteDraftInput[] = [
      withLine({ quantity: "abc" }),
      withLine({ unitPriceHt: "abc" }),
      withLine({ quantity: "99999999999" }),
      withTerms(validDraft(), { validityDays: "0", priceCents: "x", paid: true }),
      { ...validDraft(), travel: { amountHt: "x", vatCode: "20" } },
      { ...validDraft(), title: "" },
      { ...validDraft(), lots: [] },
    ];
    for (const draft of drafts) {
      const messages = refusals(draft).map(([, message]) => message);
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).not.toMatch(ENGLISH);
    }
  });
});

// ─── Stored → editor → stored ─────────────────────────────────────────────────────────

describe("toDraftInput", () => {
  it("writes every number back as a French field value", () => {
    const content = QuoteDraftSchema.parse(validDraft());
    const draft = toDraftInput(content);
    const line = draft.lots[0]?.lines[1] as QuoteItemLineInput;
    expect([line.quantity, line.unitPriceHt]).toEqual([`1${NNBSP}234,56`, `1${NNBSP}234,56`]);
    const option = draft.lots[0]?.lines[2] as QuoteItemLineInput;
    expect([option.quantity, option.unitPriceHt]).toEqual([`1${NNBSP}000`, "12,50"]);
    expect(draft.discount).toEqual({ kind: "percent", value: "5,5" });
    expect(draft.travel).toEqual({ amountHt: "45,00", vatCode: "20" });
    expect(draft.terms).toMatchObject({
      validityDays: "30",
      startOn: "2026-12-01",
      deposit: { kind: "amount", value: `1${NNBSP}500,00` },
      priceCents: "",
    });
    const empty = toDraftInput({ ...content, discount: null, travel: null });
    expect(empty.discount).toEqual({ kind: "", value: "" });
    expect(empty.travel).toEqual({ amountHt: "", vatCode: "20" });
    const draftLine = toDraftInput({
      ...content,
      lots: [
        { id: "a", title: "A", lines: [{ ...(content.lots[0]?.lines[1] as QuoteItemLine), quantity: null }] },
      ],
    }).lots[0]?.lines[0] as QuoteItemLineInput;
    expect(draftLine.quantity).toBe("");
  });

  it("gives back the same content when parsed again", () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        const draft = toDraftInput(content);
        const again = QuoteDraftSchema.safeParse(draft);
        if (!again.success) throw new Error(JSON.stringify(again.error.issues));
        expect(again.data).toEqual(content);
        // And a second trip changes nothing either.
        expect(toDraftInput(again.data)).toEqual(draft);
      }),
      { numRuns: 300 },
    );
  });

  it("round-trips a new quote's empty content", () => {
    const content = emptyQuoteContent({
      title: "Devis",
      description: "",
      site: { street: "", postalCode: "", city: "" },
      validityDays: 90,
      paymentTerms: "À réception.",
      reverseCharge: true,
    });
    expect(QuoteDraftSchema.parse(toDraftInput(content))).toEqual(content);
    expect(allLines(content)).toEqual([]);
  });
});

describe("typed numbers", () => {
  it("read alike however the thousands and decimals are typed", () => {
    const group = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_CENTS }),
        fc.constantFrom("", " ", NBSP, NNBSP),
        fc.constantFrom(",", "."),
        (cents, separator, point) => {
          const whole = group(String(Math.floor(cents / 100)), separator);
          const typed = `${whole}${point}${String(cents % 100).padStart(2, "0")}`;
          const draft = withLine({ unitPriceHt: typed, quantity: `${whole}` });
          const parsed = QuoteDraftSchema.safeParse(draft);
          const expectedQuantity = Math.floor(cents / 100) * 1000;
          if (expectedQuantity > MAX_MILLI) {
            expect(refusals(draft)).toEqual([["lots.0.lines.1.quantity", QUANTITY_MESSAGES.range]]);
            return;
          }
          expect(parsed.success).toBe(true);
          expect(parsed.data?.lots[0]?.lines[1]).toMatchObject({
            unitPriceHt: cents,
            quantity: expectedQuantity,
          });
          expect(parseMoney(typed)).toEqual({ ok: true, cents });
        },
      ),
    );
    expect(parseQuantity("12,5")).toEqual({ ok: true, milli: 12_500 });
    expect(parsePercent("5,5")).toEqual({ ok: true, basisPoints: 550 });
  });
});

describe("quoteDisplayNumber", () => {
  it("adds the version from the second one, and has no number before the first sending", () => {
    expect(quoteDisplayNumber("DEV-2026-0007", 1)).toBe("DEV-2026-0007");
    expect(quoteDisplayNumber("DEV-2026-0007", 2)).toBe("DEV-2026-0007-V2");
    expect(quoteDisplayNumber("DEV-2026-0007", 12)).toBe("DEV-2026-0007-V12");
    expect(quoteDisplayNumber(null, 1)).toBeNull();
    expect(quoteDisplayNumber(null, 3)).toBeNull();
    expect(quoteDisplayNumber("", 2)).toBeNull();
  });
});

describe("newLineId", () => {
  it("makes ids the schema accepts, all different", () => {
    const ids = Array.from({ length: 200 }, () => newLineId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });
});

// ─── Generated stored contents ────────────────────────────────────────────────────────

const CHARS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éèêàçôùÉÀ'’«»-.,;:/()€%&"];

/** A text as the schema stores it: trimmed, without control characters. */
function storedText(maxLength: number, { multiLine = false, nonEmpty = false } = {}) {
  const units = multiLine ? [...CHARS, " ", NBSP, "\n", "\t", "\r\n"] : [...CHARS, " ", NBSP, NNBSP];
  return fc
    .string({ unit: fc.constantFrom(...units), maxLength })
    .map((value) => value.trim().slice(0, maxLength).trim())
    .filter((value) => !nonEmpty || value.length > 0);
}

const idPart = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"),
  minLength: 1,
  maxLength: 30,
});

const isoDay = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const vatCode = fc.constantFrom(...LINE_VAT_CODES);

const storedItem = fc.record({
  kind: fc.constant("item" as const),
  designation: storedText(60, { nonEmpty: true }),
  description: storedText(80, { multiLine: true }),
  unit: fc.constantFrom(...QUOTE_UNITS),
  quantity: fc.option(fc.integer({ min: -MAX_MILLI, max: MAX_MILLI }), { nil: null }),
  unitPriceHt: fc.option(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), { nil: null }),
  vatCode,
  optional: fc.boolean(),
  libraryItemId: fc.option(fc.uuid({ version: 4 }), { nil: null }),
  cost: fc.option(
    fc.record({
      labourHours: fc.integer({ min: 0, max: 9_999_999 }),
      materialsCents: fc.integer({ min: 0, max: MAX_CENTS }),
    }),
    { nil: null },
  ),
});

const storedTextLine = fc.record({
  kind: fc.constant("text" as const),
  text: storedText(80, { multiLine: true, nonEmpty: true }),
});

const storedPercentOrAmount = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant("percent" as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
  fc.record({ kind: fc.constant("amount" as const), cents: fc.integer({ min: 0, max: MAX_CENTS }) }),
);

const contentArb: fc.Arbitrary<QuoteContent> = fc
  .record({
    title: storedText(60, { nonEmpty: true }),
    description: storedText(120, { multiLine: true }),
    site: fc.record({
      street: storedText(40),
      postalCode: fc.oneof(fc.constant(""), fc.stringMatching(/^\d{5}$/)),
      city: storedText(30),
    }),
    reverseCharge: fc.boolean(),
    offPremises: fc.boolean(),
    lots: fc.array(
      fc.record({
        idPart,
        title: storedText(40, { nonEmpty: true }),
        lines: fc.array(fc.tuple(idPart, fc.oneof({ weight: 4, arbitrary: storedItem }, storedTextLine)), {
          maxLength: 6,
        }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    discount: storedPercentOrAmount,
    travel: fc.option(fc.record({ amountHt: fc.integer({ min: 0, max: MAX_CENTS }), vatCode }), {
      nil: null,
    }),
    terms: fc.record({
      validityDays: fc.integer({ min: 1, max: 365 }),
      startOn: fc.option(isoDay, { nil: null }),
      duration: storedText(30),
      deposit: storedPercentOrAmount,
      depositSchedule: storedText(60, { multiLine: true }),
      paymentTerms: storedText(60, { multiLine: true }),
      paid: fc.boolean(),
      priceCents: fc.integer({ min: 0, max: MAX_CENTS }),
      noteToClient: storedText(60, { multiLine: true }),
      retention: fc.option(
        fc.record({ basisPoints: fc.integer({ min: 1, max: 500 }), bankGuarantee: fc.boolean() }),
        { nil: null },
      ),
    }),
  })
  .map(({ lots, terms, ...rest }) => {
    // Ids made unique by their position (the schema refuses duplicates).
    let position = 0;
    const unique = (part: string) => {
      position += 1;
      return `${part}-${position}`;
    };
    return {
      ...rest,
      lots: lots.map((l) => ({
        id: unique(l.idPart),
        title: l.title,
        lines: l.lines.map(([part, line]): QuoteLine => ({ id: unique(part), ...line })),
      })),
      terms: { ...terms, priceCents: terms.paid ? terms.priceCents : null },
    };
  });
