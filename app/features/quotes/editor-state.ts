import { MAX_RETENTION_BASIS_POINTS } from "#app/lib/guarantee-retention.ts";
import {
  type Cents,
  formatCentsForInput,
  type Milli,
  parseMoney,
  parsePercent,
  parseQuantity,
} from "#app/lib/money.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import type { PercentOrAmount } from "#app/lib/vat.ts";
import {
  LINE_VAT_CODES,
  type LineVatCode,
  MAX_LINES,
  MAX_LOTS,
  newLineId,
  type PercentOrAmountInput,
  QUOTE_UNITS,
  type QuoteContent,
  type QuoteDraftInput,
  type QuoteItemLineInput,
  type QuoteLine,
  type QuoteLineInput,
  type QuoteLotInput,
  type QuoteTextLineInput,
  type QuoteUnit,
} from "./content.ts";

/*
 * The quote editor's state, pure and browser-safe: the draft as typed (`QuoteDraftInput`),
 * the reducer that changes it, the lenient reading of it that feeds the live totals, and
 * the mapping of the server's error paths (`lots.0.lines.3.quantity`) onto the lines
 * they name. The component (components/quote-editor.tsx) only renders this state.
 *
 * Every change returns new objects along the path it touches and keeps the others, so
 * a memoized lot or line re-renders only when its own data changed.
 */

// ─── State and actions ───────────────────────────────────────────────────────────────

/** The `intent` the editor's form posts (with `revision` and `draft`, the JSON of the draft). */
export const SAVE_INTENT = "enregistrer";

export type EditorState = {
  draft: QuoteDraftInput;
  /** What the polite live region says after a move (`seq` lets the same words be said again). */
  announcement: { text: string; seq: number };
};

export type Direction = "up" | "down";

/** The fields of an item line the editor types into. */
export type ItemLineField = "designation" | "description" | "unit" | "quantity" | "unitPriceHt" | "vatCode";
export type TermsTextField = Exclude<
  keyof QuoteDraftInput["terms"],
  "deposit" | "paid" | "retentionBankGuarantee"
>;

/** An article of the price library, as the editor's search answers it. */
export type LibraryItem = {
  id: string;
  designation: string;
  description: string;
  unit: string;
  /** Cents. */
  unitPriceHt: Cents;
  vatCode: string;
  /** Thousandths of an hour per unit. */
  labourHours: Milli;
  /** Cents per unit. */
  materialsCents: Cents;
};

export type EditorAction =
  | { type: "setHeader"; field: "title" | "description"; value: string }
  | { type: "setSite"; field: keyof QuoteDraftInput["site"]; value: string }
  | { type: "setFlag"; field: "reverseCharge" | "offPremises"; value: boolean }
  | { type: "addLot"; id: string; title?: string }
  | { type: "removeLot"; lotId: string }
  | { type: "moveLot"; lotId: string; direction: Direction }
  | { type: "setLotTitle"; lotId: string; value: string }
  /** At the end of the lot, or right below `afterLineId` when that line is in the lot (Ctrl+Entrée). */
  | { type: "addLine"; lotId: string; line: QuoteLineInput; afterLineId?: string }
  | { type: "removeLine"; lineId: string }
  | { type: "moveLine"; lineId: string; direction: Direction }
  | { type: "setLineField"; lineId: string; field: ItemLineField; value: string }
  | { type: "setLineOptional"; lineId: string; value: boolean }
  | { type: "setLineText"; lineId: string; value: string }
  | { type: "insertLibraryItem"; lotId: string; id: string; item: LibraryItem }
  | { type: "setDiscount"; value: Partial<PercentOrAmountInput> }
  | { type: "setTravel"; value: Partial<QuoteDraftInput["travel"]> }
  | { type: "setTerms"; field: TermsTextField; value: string }
  | { type: "setTermsPaid"; value: boolean }
  | { type: "setRetentionBankGuarantee"; value: boolean }
  | { type: "setDeposit"; value: Partial<PercentOrAmountInput> }
  | { type: "reset"; draft: QuoteDraftInput };

export function initEditorState(draft: QuoteDraftInput): EditorState {
  return { draft, announcement: { text: "", seq: 0 } };
}

/** A new, empty item line (20 %, by the unit). */
export function emptyItemLine(id: string = newLineId()): QuoteItemLineInput {
  return {
    id,
    kind: "item",
    designation: "",
    description: "",
    unit: "u",
    quantity: "",
    unitPriceHt: "",
    vatCode: "20",
    optional: false,
    libraryItemId: null,
    cost: null,
  };
}

export function emptyTextLine(id: string = newLineId()): QuoteTextLineInput {
  return { id, kind: "text", text: "" };
}

/** The line a library article becomes: its own copy of everything, quantity 1. */
export function lineFromLibrary(item: LibraryItem, id: string = newLineId()): QuoteItemLineInput {
  return {
    id,
    kind: "item",
    designation: item.designation,
    description: item.description,
    unit: item.unit,
    quantity: "1",
    unitPriceHt: formatCentsForInput(item.unitPriceHt),
    vatCode: item.vatCode,
    optional: false,
    libraryItemId: item.id,
    cost: { labourHours: item.labourHours, materialsCents: item.materialsCents },
  };
}

export function lineCount(draft: Pick<QuoteDraftInput, "lots">): number {
  return draft.lots.reduce((count, lot) => count + lot.lines.length, 0);
}

/** Where a line is: its lot's index and its own index in that lot; null when it is gone. */
export function findLine(
  draft: Pick<QuoteDraftInput, "lots">,
  lineId: string,
): { lotIndex: number; lineIndex: number } | null {
  for (let lotIndex = 0; lotIndex < draft.lots.length; lotIndex += 1) {
    const lineIndex = (draft.lots[lotIndex] as QuoteLotInput).lines.findIndex((line) => line.id === lineId);
    if (lineIndex !== -1) return { lotIndex, lineIndex };
  }
  return null;
}

/** How a lot is named to a screen reader: its title, or its number while it has none. */
export function lotName(lot: Pick<QuoteLotInput, "title">, index: number): string {
  return lot.title.trim() || String(index + 1);
}

function withDraft(state: EditorState, draft: QuoteDraftInput): EditorState {
  return { ...state, draft };
}

function announce(state: EditorState, draft: QuoteDraftInput, text: string): EditorState {
  return { draft, announcement: { text, seq: state.announcement.seq + 1 } };
}

function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

function updateLine(
  state: EditorState,
  lineId: string,
  change: (line: QuoteLineInput) => QuoteLineInput,
): EditorState {
  const at = findLine(state.draft, lineId);
  if (!at) return state;
  const lot = state.draft.lots[at.lotIndex] as QuoteLotInput;
  const line = lot.lines[at.lineIndex] as QuoteLineInput;
  const next = change(line);
  if (next === line) return state;
  const lots = replaceAt(state.draft.lots, at.lotIndex, {
    ...lot,
    lines: replaceAt(lot.lines, at.lineIndex, next),
  });
  return withDraft(state, { ...state.draft, lots });
}

function moveLine(state: EditorState, lineId: string, direction: Direction): EditorState {
  const at = findLine(state.draft, lineId);
  if (!at) return state;
  const lots = state.draft.lots;
  const lot = lots[at.lotIndex] as QuoteLotInput;
  const line = lot.lines[at.lineIndex] as QuoteLineInput;
  const target = direction === "up" ? at.lineIndex - 1 : at.lineIndex + 1;
  if (target >= 0 && target < lot.lines.length) {
    const lines = lot.lines.slice();
    lines[at.lineIndex] = lines[target] as QuoteLineInput;
    lines[target] = line;
    const draft = { ...state.draft, lots: replaceAt(lots, at.lotIndex, { ...lot, lines }) };
    return announce(state, draft, `Ligne déplacée en position ${target + 1}`);
  }
  // Past the lot's edge: to the end of the lot above, or the start of the lot below.
  const neighbourIndex = direction === "up" ? at.lotIndex - 1 : at.lotIndex + 1;
  const neighbour = lots[neighbourIndex];
  if (!neighbour) return state;
  const nextLots = lots.slice();
  nextLots[at.lotIndex] = { ...lot, lines: lot.lines.filter((candidate) => candidate.id !== lineId) };
  const lines = direction === "up" ? [...neighbour.lines, line] : [line, ...neighbour.lines];
  nextLots[neighbourIndex] = { ...neighbour, lines };
  const position = direction === "up" ? lines.length : 1;
  return announce(
    state,
    { ...state.draft, lots: nextLots },
    `Ligne déplacée en position ${position}, lot ${lotName(neighbour, neighbourIndex)}`,
  );
}

function moveLot(state: EditorState, lotId: string, direction: Direction): EditorState {
  const index = state.draft.lots.findIndex((lot) => lot.id === lotId);
  const target = direction === "up" ? index - 1 : index + 1;
  if (index === -1 || target < 0 || target >= state.draft.lots.length) return state;
  const lots = state.draft.lots.slice();
  lots[index] = lots[target] as QuoteLotInput;
  lots[target] = state.draft.lots[index] as QuoteLotInput;
  return announce(state, { ...state.draft, lots }, `Lot déplacé en position ${target + 1}`);
}

function addLine(state: EditorState, lotId: string, line: QuoteLineInput, afterLineId?: string): EditorState {
  if (lineCount(state.draft) >= MAX_LINES) return state;
  const index = state.draft.lots.findIndex((lot) => lot.id === lotId);
  const lot = state.draft.lots[index];
  if (!lot) return state;
  const after = afterLineId === undefined ? -1 : lot.lines.findIndex((other) => other.id === afterLineId);
  const lines =
    after === -1
      ? [...lot.lines, line]
      : [...lot.lines.slice(0, after + 1), line, ...lot.lines.slice(after + 1)];
  const lots = replaceAt(state.draft.lots, index, { ...lot, lines });
  return withDraft(state, { ...state.draft, lots });
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const draft = state.draft;
  switch (action.type) {
    case "setHeader":
      return withDraft(state, { ...draft, [action.field]: action.value });
    case "setSite":
      return withDraft(state, { ...draft, site: { ...draft.site, [action.field]: action.value } });
    case "setFlag":
      return withDraft(state, { ...draft, [action.field]: action.value });
    case "addLot":
      if (draft.lots.length >= MAX_LOTS) return state;
      return withDraft(state, {
        ...draft,
        lots: [...draft.lots, { id: action.id, title: action.title ?? "", lines: [] }],
      });
    case "removeLot": {
      // A quote keeps at least one lot (the schema refuses none).
      if (draft.lots.length <= 1) return state;
      const lots = draft.lots.filter((lot) => lot.id !== action.lotId);
      if (lots.length === draft.lots.length) return state;
      return announce(state, { ...draft, lots }, "Lot supprimé");
    }
    case "moveLot":
      return moveLot(state, action.lotId, action.direction);
    case "setLotTitle": {
      const index = draft.lots.findIndex((lot) => lot.id === action.lotId);
      const lot = draft.lots[index];
      if (!lot) return state;
      return withDraft(state, {
        ...draft,
        lots: replaceAt(draft.lots, index, { ...lot, title: action.value }),
      });
    }
    case "addLine":
      return addLine(state, action.lotId, action.line, action.afterLineId);
    case "insertLibraryItem":
      return addLine(state, action.lotId, lineFromLibrary(action.item, action.id));
    case "removeLine": {
      const at = findLine(draft, action.lineId);
      if (!at) return state;
      const lot = draft.lots[at.lotIndex] as QuoteLotInput;
      const lots = replaceAt(draft.lots, at.lotIndex, {
        ...lot,
        lines: lot.lines.filter((line) => line.id !== action.lineId),
      });
      return announce(state, { ...draft, lots }, "Ligne supprimée");
    }
    case "moveLine":
      return moveLine(state, action.lineId, action.direction);
    case "setLineField":
      return updateLine(state, action.lineId, (line) =>
        line.kind === "item" ? { ...line, [action.field]: action.value } : line,
      );
    case "setLineOptional":
      return updateLine(state, action.lineId, (line) =>
        line.kind === "item" ? { ...line, optional: action.value } : line,
      );
    case "setLineText":
      return updateLine(state, action.lineId, (line) =>
        line.kind === "text" ? { ...line, text: action.value } : line,
      );
    case "setDiscount":
      return withDraft(state, { ...draft, discount: { ...draft.discount, ...action.value } });
    case "setTravel":
      return withDraft(state, { ...draft, travel: { ...draft.travel, ...action.value } });
    case "setTerms":
      return withDraft(state, { ...draft, terms: { ...draft.terms, [action.field]: action.value } });
    case "setTermsPaid":
      return withDraft(state, { ...draft, terms: { ...draft.terms, paid: action.value } });
    case "setRetentionBankGuarantee":
      return withDraft(state, { ...draft, terms: { ...draft.terms, retentionBankGuarantee: action.value } });
    case "setDeposit":
      return withDraft(state, {
        ...draft,
        terms: { ...draft.terms, deposit: { ...draft.terms.deposit, ...action.value } },
      });
    case "reset":
      return initEditorState(action.draft);
  }
}

// ─── Lenient reading, for the live totals ────────────────────────────────────────────

function isUnit(value: string): value is QuoteUnit {
  return (QUOTE_UNITS as readonly string[]).includes(value);
}

export function isLineVatCode(value: string): value is LineVatCode {
  return (LINE_VAT_CODES as readonly string[]).includes(value);
}

/** « 12,5 » → 12500; empty or unreadable → null. */
export function lenientQuantity(text: string): Milli | null {
  if (text.trim() === "") return null;
  const parsed = parseQuantity(text);
  return parsed.ok ? parsed.milli : null;
}

/** « 1 234,56 » → 123456; empty or unreadable → null. */
export function lenientMoney(text: string): Cents | null {
  if (text.trim() === "") return null;
  const parsed = parseMoney(text);
  return parsed.ok ? parsed.cents : null;
}

function lenientNonNegativeMoney(text: string): Cents | null {
  const cents = lenientMoney(text);
  return cents !== null && cents >= 0 ? cents : null;
}

function lenientRetention(percent: string, bankGuarantee: boolean): QuoteContent["terms"]["retention"] {
  if (percent.trim() === "") return null;
  const parsed = parsePercent(percent);
  return parsed.ok && parsed.basisPoints > 0 && parsed.basisPoints <= MAX_RETENTION_BASIS_POINTS
    ? { basisPoints: parsed.basisPoints, bankGuarantee }
    : null;
}

function lenientPercentOrAmount(input: PercentOrAmountInput): PercentOrAmount | null {
  if (input.kind === "percent") {
    if (input.value.trim() === "") return null;
    const parsed = parsePercent(input.value);
    return parsed.ok ? { kind: "percent", basisPoints: parsed.basisPoints } : null;
  }
  if (input.kind === "amount") {
    const cents = lenientNonNegativeMoney(input.value);
    return cents === null ? null : { kind: "amount", cents };
  }
  return null;
}

/** An item line as the totals read it while typing. */
export function lenientLine(line: QuoteLineInput): QuoteLine {
  if (line.kind === "text") return { id: line.id, kind: "text", text: line.text.trim() };
  return {
    id: line.id,
    kind: "item",
    designation: line.designation.trim(),
    description: line.description.trim(),
    unit: isUnit(line.unit) ? line.unit : "u",
    quantity: lenientQuantity(line.quantity),
    unitPriceHt: lenientMoney(line.unitPriceHt),
    vatCode: isLineVatCode(line.vatCode) ? line.vatCode : "20",
    optional: line.optional,
    libraryItemId: line.libraryItemId,
    cost: line.cost,
  };
}

/**
 * The draft read as content for the live display only: a number that cannot be read
 * (yet) counts as missing (null) and an unknown choice as its default, so the totals
 * follow the typing; the server parses strictly (`QuoteDraftSchema`) and names the field.
 * For a draft the schema accepts, the result equals what the schema returns.
 */
export function draftToContentLenient(draft: QuoteDraftInput): QuoteContent {
  const travelHt = lenientNonNegativeMoney(draft.travel.amountHt);
  const validity = draft.terms.validityDays.trim();
  const startOn = draft.terms.startOn.trim();
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    site: {
      street: draft.site.street.trim(),
      postalCode: draft.site.postalCode.trim(),
      city: draft.site.city.trim(),
    },
    reverseCharge: draft.reverseCharge,
    offPremises: draft.offPremises,
    lots: draft.lots.map((lot) => ({
      id: lot.id,
      title: lot.title.trim(),
      lines: lot.lines.map(lenientLine),
    })),
    discount: lenientPercentOrAmount(draft.discount),
    travel:
      travelHt === null
        ? null
        : { amountHt: travelHt, vatCode: isLineVatCode(draft.travel.vatCode) ? draft.travel.vatCode : "20" },
    terms: {
      validityDays: /^\d{1,3}$/.test(validity) ? Number(validity) : 0,
      startOn: startOn !== "" && isoDayProblem(startOn) === null ? startOn : null,
      duration: draft.terms.duration.trim(),
      deposit: lenientPercentOrAmount(draft.terms.deposit),
      depositSchedule: draft.terms.depositSchedule.trim(),
      paymentTerms: draft.terms.paymentTerms.trim(),
      paid: draft.terms.paid,
      priceCents: draft.terms.paid ? lenientNonNegativeMoney(draft.terms.priceCents) : null,
      noteToClient: draft.terms.noteToClient.trim(),
      retention: lenientRetention(draft.terms.retentionPercent, draft.terms.retentionBankGuarantee),
    },
  };
}

// ─── The server's errors, at their fields ────────────────────────────────────────────

/** The fields of a line that show their own message; any other path of the line shows on the line. */
const LINE_FIELDS_SHOWN = new Set([
  "designation",
  "description",
  "unit",
  "quantity",
  "unitPriceHt",
  "vatCode",
  "optional",
  "text",
]);
const LOT_FIELDS_SHOWN = new Set(["title", "lines"]);

/** The paths outside the lots that have a field of their own in the editor. */
export const EDITOR_FIELD_PATHS = [
  "title",
  "description",
  "site.street",
  "site.postalCode",
  "site.city",
  "reverseCharge",
  "offPremises",
  "discount.kind",
  "discount.value",
  "travel.amountHt",
  "travel.vatCode",
  "terms.validityDays",
  "terms.startOn",
  "terms.duration",
  "terms.deposit.kind",
  "terms.deposit.value",
  "terms.depositSchedule",
  "terms.paymentTerms",
  "terms.paid",
  "terms.priceCents",
  "terms.noteToClient",
  "terms.retentionPercent",
  "terms.retentionBankGuarantee",
] as const;
export type EditorFieldPath = (typeof EDITOR_FIELD_PATHS)[number];
const FIELD_PATHS: ReadonlySet<string> = new Set(EDITOR_FIELD_PATHS);

/**
 * What an error path names in the draft it was computed on: a field of a line (by the
 * line's id, so the message follows the line when it moves), a field of a lot, a field
 * of the header or the terms, or nothing the editor shows (`field` "" = the line or
 * lot as a whole).
 */
export type ErrorTarget =
  | { kind: "line"; lotId: string; lineId: string; field: string }
  | { kind: "lot"; lotId: string; field: string }
  | { kind: "field"; path: EditorFieldPath }
  | { kind: "other"; path: string };

export function errorTarget(path: string, draft: Pick<QuoteDraftInput, "lots">): ErrorTarget {
  if (FIELD_PATHS.has(path)) return { kind: "field", path: path as EditorFieldPath };
  const match = /^lots\.(\d+)(?:\.(.*))?$/.exec(path);
  if (!match) return { kind: "other", path };
  const lot = draft.lots[Number(match[1])];
  if (!lot) return { kind: "other", path };
  const rest = match[2] ?? "";
  const lineMatch = /^lines\.(\d+)(?:\.(.*))?$/.exec(rest);
  if (lineMatch) {
    const line = lot.lines[Number(lineMatch[1])];
    if (!line) return { kind: "lot", lotId: lot.id, field: "lines" };
    const field = lineMatch[2] ?? "";
    return { kind: "line", lotId: lot.id, lineId: line.id, field: LINE_FIELDS_SHOWN.has(field) ? field : "" };
  }
  return { kind: "lot", lotId: lot.id, field: LOT_FIELDS_SHOWN.has(rest) ? rest : "" };
}

/** Messages keyed by field name ("" for the line or lot as a whole). */
export type FieldMessages = Readonly<Record<string, readonly string[]>>;

export type EditorErrors = {
  /** Header, discount, travel and terms fields, by path (`site.postalCode`). */
  fields: Partial<Record<EditorFieldPath, readonly string[]>>;
  /** By lot id. */
  lots: Readonly<Record<string, FieldMessages>>;
  /** By line id. */
  lines: Readonly<Record<string, FieldMessages>>;
  /** Messages with no place in the editor: the form's alert shows them. */
  other: readonly string[];
  /** How many fields (or lines, lots) of the editor carry a message (`other` apart). */
  count: number;
};

export const NO_ERRORS: EditorErrors = { fields: {}, lots: {}, lines: {}, other: [], count: 0 };

function push(map: Record<string, Record<string, string[]>>, key: string, field: string, messages: string[]) {
  const entry = map[key] ?? {};
  map[key] = entry;
  const list = entry[field] ?? [];
  entry[field] = list;
  for (const message of messages) if (!list.includes(message)) list.push(message);
}

/**
 * The server's `fieldErrors` (paths by index, as `zodFieldErrors` names them) placed on
 * the draft that was posted: by line and lot id, so the messages stay with their lines
 * whatever is moved afterwards.
 */
export function indexErrors(
  fieldErrors: Readonly<Record<string, readonly string[]>> | undefined,
  draft: Pick<QuoteDraftInput, "lots">,
): EditorErrors {
  if (!fieldErrors) return NO_ERRORS;
  const fields: Record<string, string[]> = {};
  const lots: Record<string, Record<string, string[]>> = {};
  const lines: Record<string, Record<string, string[]>> = {};
  const other: string[] = [];
  let count = 0;
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const list = messages.filter((message) => message.trim() !== "");
    if (list.length === 0) continue;
    const target = errorTarget(path, draft);
    if (target.kind !== "other") count += 1;
    switch (target.kind) {
      case "field":
        fields[target.path] = [...new Set(list)];
        break;
      case "lot":
        push(lots, target.lotId, target.field, list);
        break;
      case "line":
        push(lines, target.lineId, target.field, list);
        break;
      case "other":
        for (const message of list) if (!other.includes(message)) other.push(message);
        break;
    }
  }
  return { fields, lots, lines, other, count };
}
