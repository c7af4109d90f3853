import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
import { formatCentsForInput, QUANTITY_MESSAGES } from "#app/lib/money.ts";
import { draftInput } from "#tests/helpers/quote-content.ts";
import {
  MAX_LINES,
  QUOTE_MESSAGES,
  type QuoteDraftInput,
  QuoteDraftSchema,
  type QuoteItemLineInput,
  type QuoteLotInput,
} from "./content.ts";
import {
  draftToContentLenient,
  type EditorState,
  editorReducer,
  emptyItemLine,
  errorTarget,
  indexErrors,
  initEditorState,
  lenientMoney,
  lenientQuantity,
  lineFromLibrary,
} from "./editor-state.ts";
import { quoteTotals } from "./totals.ts";

function item(id: string, overrides: Partial<QuoteItemLineInput> = {}): QuoteItemLineInput {
  return {
    ...emptyItemLine(id),
    designation: `Ligne ${id}`,
    quantity: "1",
    unitPriceHt: "10,00",
    ...overrides,
  };
}

/** Two lots: Démolition (a1, a2 and a text a3), Plomberie (b1). 480 + 0 + 620 = 1 100,00 € HT. */
function draft(overrides: Partial<QuoteDraftInput> = {}): QuoteDraftInput {
  return draftInput({
    description: "Dépose et repose du carrelage, remplacement du receveur.",
    lots: [
      {
        id: "lotA",
        title: "Démolition",
        lines: [
          item("a1", {
            designation: "Dépose du carrelage",
            unit: "m²",
            quantity: "12,5",
            unitPriceHt: "38,40",
          }),
          item("a2", {
            designation: "Évacuation des gravats",
            unit: "forfait",
            quantity: "",
            unitPriceHt: "",
          }),
          { id: "a3", kind: "text", text: "Protection des sols comprise." },
        ],
      },
      {
        id: "lotB",
        title: "Plomberie",
        lines: [
          item("b1", { designation: "Receveur extra-plat", unit: "u", quantity: "1", unitPriceHt: "620" }),
        ],
      },
    ],
    ...overrides,
  });
}

function lineIds(state: EditorState): string[][] {
  return state.draft.lots.map((lot) => lot.lines.map((line) => line.id));
}

describe("editor reducer: moving lines", () => {
  it("leaves the state as it is when the first line of the first lot moves up", () => {
    const state = initEditorState(draft());
    expect(editorReducer(state, { type: "moveLine", lineId: "a1", direction: "up" })).toBe(state);
  });

  it("leaves the state as it is when the last line of the last lot moves down", () => {
    const state = initEditorState(draft());
    expect(editorReducer(state, { type: "moveLine", lineId: "b1", direction: "down" })).toBe(state);
  });

  it("swaps a line with its neighbour inside its lot and says where it went", () => {
    const state = editorReducer(initEditorState(draft()), {
      type: "moveLine",
      lineId: "a1",
      direction: "down",
    });
    expect(lineIds(state)).toEqual([["a2", "a1", "a3"], ["b1"]]);
    expect(state.announcement.text).toBe("Ligne déplacée en position 2");
  });

  it("moves the last line of lot 1 down to the first place of lot 2", () => {
    const state = editorReducer(initEditorState(draft()), {
      type: "moveLine",
      lineId: "a3",
      direction: "down",
    });
    expect(lineIds(state)).toEqual([
      ["a1", "a2"],
      ["a3", "b1"],
    ]);
    expect(state.announcement.text).toBe("Ligne déplacée en position 1, lot Plomberie");
  });

  it("moves the first line of lot 2 up to the last place of lot 1", () => {
    const state = editorReducer(initEditorState(draft()), {
      type: "moveLine",
      lineId: "b1",
      direction: "up",
    });
    expect(lineIds(state)).toEqual([["a1", "a2", "a3", "b1"], []]);
    expect(state.announcement.text).toBe("Ligne déplacée en position 4, lot Démolition");
  });

  it("counts its announcements, so the same words are said again", () => {
    let state = initEditorState(draft());
    state = editorReducer(state, { type: "moveLine", lineId: "a1", direction: "down" });
    state = editorReducer(state, { type: "moveLine", lineId: "a1", direction: "up" });
    state = editorReducer(state, { type: "moveLine", lineId: "a1", direction: "down" });
    expect(state.announcement).toEqual({ text: "Ligne déplacée en position 2", seq: 3 });
  });

  it("keeps untouched lots and lines as the same objects (the rows are memoized on them)", () => {
    const before = initEditorState(draft());
    const after = editorReducer(before, {
      type: "setLineField",
      lineId: "a1",
      field: "quantity",
      value: "13",
    });
    expect(after.draft.lots[1]).toBe(before.draft.lots[1]);
    expect(after.draft.lots[0]?.lines[1]).toBe(before.draft.lots[0]?.lines[1]);
    expect(after.draft.lots[0]?.lines[0]).not.toBe(before.draft.lots[0]?.lines[0]);
    expect(after.draft.lots[0]?.lines[0]).toMatchObject({ quantity: "13", unitPriceHt: "38,40" });
    expect(after.draft.terms).toBe(before.draft.terms);
  });
});

describe("editor reducer: lots and lines", () => {
  it("moves a lot, and not past either end", () => {
    const state = initEditorState(draft());
    expect(editorReducer(state, { type: "moveLot", lotId: "lotA", direction: "up" })).toBe(state);
    const moved = editorReducer(state, { type: "moveLot", lotId: "lotA", direction: "down" });
    expect(moved.draft.lots.map((lot) => lot.id)).toEqual(["lotB", "lotA"]);
    expect(moved.announcement.text).toBe("Lot déplacé en position 2");
    expect(editorReducer(moved, { type: "moveLot", lotId: "lotA", direction: "down" })).toBe(moved);
  });

  it("removes a lot with its lines, but never the last one", () => {
    const state = editorReducer(initEditorState(draft()), { type: "removeLot", lotId: "lotA" });
    expect(lineIds(state)).toEqual([["b1"]]);
    expect(editorReducer(state, { type: "removeLot", lotId: "lotB" })).toBe(state);
  });

  it("adds a lot, an item line and a text line at the end of their lot", () => {
    let state = editorReducer(initEditorState(draft()), { type: "addLot", id: "lotC" });
    state = editorReducer(state, { type: "addLine", lotId: "lotC", line: emptyItemLine("c1") });
    state = editorReducer(state, {
      type: "addLine",
      lotId: "lotA",
      line: { id: "a4", kind: "text", text: "" },
    });
    expect(lineIds(state)).toEqual([["a1", "a2", "a3", "a4"], ["b1"], ["c1"]]);
    expect(state.draft.lots[2]).toMatchObject({ id: "lotC", title: "" });
  });

  it("inserts a line right below a given line (Ctrl+Entrée), in that line's lot", () => {
    let state = editorReducer(initEditorState(draft()), {
      type: "addLine",
      lotId: "lotA",
      line: emptyItemLine("n1"),
      afterLineId: "a1",
    });
    state = editorReducer(state, {
      type: "addLine",
      lotId: "lotB",
      line: emptyItemLine("n2"),
      afterLineId: "b1",
    });
    expect(lineIds(state)).toEqual([
      ["a1", "n1", "a2", "a3"],
      ["b1", "n2"],
    ]);
    // A line that is gone: at the end of the lot, as « Ajouter une ligne » does.
    state = editorReducer(state, {
      type: "addLine",
      lotId: "lotB",
      line: emptyItemLine("n3"),
      afterLineId: "x",
    });
    expect(lineIds(state)[1]).toEqual(["b1", "n2", "n3"]);
  });

  it("refuses a line beyond the quote's maximum", () => {
    const full: QuoteLotInput = {
      id: "full",
      title: "Tout",
      lines: Array.from({ length: MAX_LINES }, (_, index) => item(`x${index}`)),
    };
    const state = initEditorState(draft({ lots: [full] }));
    expect(editorReducer(state, { type: "addLine", lotId: "full", line: emptyItemLine("extra") })).toBe(
      state,
    );
  });

  it("removes a line, and sets a text only on a text line", () => {
    let state = editorReducer(initEditorState(draft()), { type: "removeLine", lineId: "a2" });
    expect(lineIds(state)).toEqual([["a1", "a3"], ["b1"]]);
    const before = state;
    state = editorReducer(state, { type: "setLineText", lineId: "a1", value: "ignoré" });
    expect(state).toBe(before);
    state = editorReducer(state, { type: "setLineText", lineId: "a3", value: "Sols protégés." });
    expect(state.draft.lots[0]?.lines[1]).toEqual({ id: "a3", kind: "text", text: "Sols protégés." });
  });

  it("inserts a library article as a line of its own, quantity 1, price written for the field", () => {
    const article = {
      id: "6f1c2a8e-3b4d-4c5e-8f70-1a2b3c4d5e6f",
      designation: "Pose de plinthes",
      description: "Plinthes bois, collées.",
      unit: "ml",
      unitPriceHt: 123_450,
      vatCode: "10",
      labourHours: 250,
      materialsCents: 480,
    };
    const state = editorReducer(initEditorState(draft()), {
      type: "insertLibraryItem",
      lotId: "lotB",
      id: "b2",
      item: article,
    });
    expect(state.draft.lots[1]?.lines[1]).toEqual({
      id: "b2",
      kind: "item",
      designation: "Pose de plinthes",
      description: "Plinthes bois, collées.",
      unit: "ml",
      quantity: "1",
      unitPriceHt: formatCentsForInput(123_450),
      vatCode: "10",
      optional: false,
      libraryItemId: article.id,
      cost: { labourHours: 250, materialsCents: 480 },
    });
    expect(lineFromLibrary(article, "z").unitPriceHt).toBe("1\u202f234,50");
  });

  it("sets the discount, the travel costs and the terms", () => {
    let state = initEditorState(draft());
    state = editorReducer(state, { type: "setDiscount", value: { kind: "percent" } });
    state = editorReducer(state, { type: "setDiscount", value: { value: "10" } });
    state = editorReducer(state, { type: "setTravel", value: { amountHt: "45" } });
    state = editorReducer(state, { type: "setTerms", field: "validityDays", value: "60" });
    state = editorReducer(state, { type: "setDeposit", value: { kind: "amount", value: "300" } });
    state = editorReducer(state, { type: "setTermsPaid", value: true });
    state = editorReducer(state, { type: "setSite", field: "city", value: "La Seyne-sur-Mer" });
    expect(state.draft.discount).toEqual({ kind: "percent", value: "10" });
    expect(state.draft.travel).toEqual({ amountHt: "45", vatCode: "20" });
    expect(state.draft.terms).toMatchObject({
      validityDays: "60",
      deposit: { kind: "amount", value: "300" },
      paid: true,
    });
    expect(state.draft.site).toEqual({
      street: "12 rue Paul Lendrin",
      postalCode: "83000",
      city: "La Seyne-sur-Mer",
    });
  });
});

describe("lenient reading of the draft", () => {
  it("reads numbers the French way, and what it cannot read as missing", () => {
    expect(lenientQuantity("12,5")).toBe(12_500);
    expect(lenientQuantity("abc")).toBeNull();
    expect(lenientQuantity("  ")).toBeNull();
    expect(lenientQuantity("1,2345")).toBeNull();
    expect(lenientMoney("1 234,56")).toBe(123_456);
    expect(lenientMoney("12,")).toBeNull();
  });

  it("turns a draft being typed into content whose totals still show", () => {
    const typing = draft({
      discount: { kind: "percent", value: "dix" },
      travel: { amountHt: "-5", vatCode: "20" },
      terms: { ...draft().terms, validityDays: "", startOn: "2026-02-30", paid: false, priceCents: "50" },
    });
    const lots = typing.lots.slice();
    const lotA = lots[0] as QuoteLotInput;
    lots[0] = {
      ...lotA,
      lines: [item("a1", { quantity: "abc", unitPriceHt: "38,40", vatCode: "7" }), ...lotA.lines.slice(1)],
    };
    const content = draftToContentLenient({ ...typing, lots });
    expect(content.lots[0]?.lines[0]).toMatchObject({ quantity: null, unitPriceHt: 3840, vatCode: "20" });
    expect(content.discount).toBeNull();
    expect(content.travel).toBeNull();
    expect(content.terms).toMatchObject({ validityDays: 0, startOn: null, priceCents: null });
    expect(quoteTotals(content, 4500).totalHt).toBe(62_000);
  });

  it("equals the strict parse for a valid draft, and so do its totals", () => {
    const valid = draft({
      discount: { kind: "amount", value: "50" },
      travel: { amountHt: "45,00", vatCode: "10" },
      terms: {
        ...draft().terms,
        startOn: "2026-03-02",
        deposit: { kind: "percent", value: "30" },
        paid: true,
        priceCents: "120",
      },
    });
    const lots = valid.lots.slice();
    const lotB = lots[1] as QuoteLotInput;
    lots[1] = {
      ...lotB,
      lines: [
        ...lotB.lines,
        item("b2", {
          designation: " Mitigeur thermostatique ",
          quantity: "2",
          unitPriceHt: "1 234,56",
          vatCode: "5.5",
          optional: true,
          libraryItemId: "6f1c2a8e-3b4d-4c5e-8f70-1a2b3c4d5e6f",
          cost: { labourHours: 1500, materialsCents: 40_000 },
        }),
      ],
    };
    const input = { ...valid, lots };
    const strict = QuoteDraftSchema.parse(input);
    const lenient = draftToContentLenient(input);
    expect(lenient).toEqual(strict);
    expect(quoteTotals(lenient, 4500)).toEqual(quoteTotals(strict, 4500));
    expect(quoteTotals(lenient, 4500).totalTtc).toBe(quoteTotals(strict, 4500).totalTtc);
  });

  it("gives 1 320,00 € TTC for the two lots at 20 %", () => {
    const totals = quoteTotals(draftToContentLenient(draft()), 4500);
    expect(totals.totalHt).toBe(110_000);
    expect(totals.totalTtc).toBe(132_000);
    expect(totals.lots.map((lot) => lot.subtotalHt)).toEqual([48_000, 62_000]);
  });
});

describe("the server's messages, placed on the lines", () => {
  it("names the line, the lot or the field of a path", () => {
    const posted = draft();
    expect(errorTarget("lots.1.lines.0.quantity", posted)).toEqual({
      kind: "line",
      lotId: "lotB",
      lineId: "b1",
      field: "quantity",
    });
    expect(errorTarget("lots.0.lines.2.text", posted)).toMatchObject({ lineId: "a3", field: "text" });
    expect(errorTarget("lots.0.lines.1.cost.labourHours", posted)).toMatchObject({ lineId: "a2", field: "" });
    expect(errorTarget("lots.0.title", posted)).toEqual({ kind: "lot", lotId: "lotA", field: "title" });
    expect(errorTarget("lots.0.lines", posted)).toEqual({ kind: "lot", lotId: "lotA", field: "lines" });
    expect(errorTarget("lots.0.lines.9.quantity", posted)).toEqual({
      kind: "lot",
      lotId: "lotA",
      field: "lines",
    });
    expect(errorTarget("terms.validityDays", posted)).toEqual({ kind: "field", path: "terms.validityDays" });
    expect(errorTarget("lots", posted)).toEqual({ kind: "other", path: "lots" });
    expect(errorTarget("lots.7.title", posted)).toEqual({ kind: "other", path: "lots.7.title" });
  });

  it("keeps a message with its line after the line has moved", () => {
    const posted = draft();
    const errors = indexErrors({ "lots.0.lines.0.quantity": ["Quantité illisible."] }, posted);
    const moved = editorReducer(initEditorState(posted), {
      type: "moveLine",
      lineId: "a1",
      direction: "down",
    });
    expect(moved.draft.lots[0]?.lines[1]?.id).toBe("a1");
    expect(errors.lines.a1).toEqual({ quantity: ["Quantité illisible."] });
    expect(errors.lines.a2).toBeUndefined();
  });

  it("places every message of a refused draft, and counts the fields", () => {
    const posted = draft({ title: " ", site: { street: "", postalCode: "830", city: "Toulon" } });
    const lots = posted.lots.slice();
    const lotB = lots[1] as QuoteLotInput;
    lots[1] = { ...lotB, title: "", lines: [item("b1", { quantity: "abc" })] };
    const refused = { ...posted, lots, terms: { ...posted.terms, validityDays: "0" } };
    const parsed = QuoteDraftSchema.safeParse(refused);
    expect(parsed.success).toBe(false);
    const errors = indexErrors(zodFieldErrors(parsed).fieldErrors, refused);
    expect(errors.fields.title).toEqual([QUOTE_MESSAGES.title]);
    expect(errors.fields["site.postalCode"]).toEqual([QUOTE_MESSAGES.postalCode]);
    expect(errors.fields["terms.validityDays"]).toEqual([QUOTE_MESSAGES.validity]);
    expect(errors.lots.lotB).toEqual({ title: [QUOTE_MESSAGES.lotTitle] });
    expect(errors.lines.b1).toEqual({ quantity: [QUANTITY_MESSAGES.format] });
    expect(errors.count).toBe(5);
    expect(errors.other).toEqual([]);
  });

  it("leaves what has no field to the form's alert", () => {
    const errors = indexErrors({ lots: [QUOTE_MESSAGES.tooManyLines], "": ["ignoré"] }, draft());
    expect(errors.other).toEqual([QUOTE_MESSAGES.tooManyLines, "ignoré"]);
    expect(errors.count).toBe(0);
  });
});
