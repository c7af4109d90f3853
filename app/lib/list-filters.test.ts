import { describe, expect, it } from "vitest";
import {
  blankAsMissing,
  DATE_RANGE_MESSAGE,
  FilterDaySchema,
  isDateRangeOrdered,
  listSort,
  OrderSchema,
  PageSchema,
  pageWindow,
  parseListFilters,
  requireListFilters,
  SearchQuerySchema,
  sortSchema,
  withDateRange,
} from "./list-filters.ts";
import { z } from "./zod.ts";

const Schema = withDateRange(
  z.object({
    q: SearchQuerySchema,
    statut: blankAsMissing(z.enum(["ouvert", "clos"], { error: "Ce statut n'existe pas." }).optional()),
    du: FilterDaySchema,
    au: FilterDaySchema,
    tri: sortSchema(["date", "nom"]),
    ordre: OrderSchema,
    page: PageSchema,
  }),
);

const parse = (query: string) => parseListFilters(Schema, new URLSearchParams(query));

describe("parseListFilters", () => {
  it("reads the schema's parameters, empty ones as missing, page 1 by default", () => {
    expect(parse("q=+dupont+&statut=&du=2026-01-05&tri=nom&ordre=desc")).toEqual({
      ok: true,
      filters: {
        q: "dupont",
        statut: undefined,
        du: "2026-01-05",
        au: undefined,
        tri: "nom",
        ordre: "desc",
        page: 1,
      },
    });
  });

  it("ignores parameters the schema does not name", () => {
    const parsed = parse("page=3&utm_source=lettre&intrus=1");
    expect(parsed).toEqual({ ok: true, filters: expect.objectContaining({ page: 3 }) });
    expect(parsed.ok && Object.keys(parsed.filters)).not.toContain("intrus");
  });

  it("answers the first refusal's French message", () => {
    expect(parse("statut=perdu&page=0")).toEqual({ ok: false, message: "Ce statut n'existe pas." });
    expect(parse("page=abc")).toEqual({ ok: false, message: "Le numéro de page est invalide." });
    expect(parse("tri=prix")).toEqual({ ok: false, message: "Ce tri n'existe pas." });
    expect(parse("ordre=haut")).toEqual({ ok: false, message: "Cet ordre de tri n'existe pas." });
    expect(parse(`q=${"a".repeat(201)}`)).toEqual({
      ok: false,
      message: "La recherche est trop longue (200 caractères au plus).",
    });
  });

  it("refuses a period that ends before it starts, with the one date-range message", () => {
    expect(parse("du=2026-03-12&au=2026-03-10")).toEqual({ ok: false, message: DATE_RANGE_MESSAGE });
    expect(DATE_RANGE_MESSAGE).toBe("La date de début doit précéder la date de fin.");
    expect(parse("du=2026-03-10&au=2026-03-10").ok).toBe(true);
    expect(parse("au=2026-03-10").ok).toBe(true);
    expect(parse("du=2026-02-30").ok).toBe(false);
  });
});

describe("isDateRangeOrdered", () => {
  it("holds when either end is missing or the start is not after the end", () => {
    expect(isDateRangeOrdered({})).toBe(true);
    expect(isDateRangeOrdered({ du: "2026-01-01" })).toBe(true);
    expect(isDateRangeOrdered({ du: "2026-01-01", au: "2026-01-02" })).toBe(true);
    expect(isDateRangeOrdered({ du: "2026-01-03", au: "2026-01-02" })).toBe(false);
  });
});

describe("requireListFilters", () => {
  it("gives the filters, or throws a 400 whose body is the message", async () => {
    expect(requireListFilters(Schema, new Request("http://x/erp/liste?page=2")).page).toBe(2);
    let thrown: unknown;
    try {
      requireListFilters(Schema, new Request("http://x/erp/liste?page=-1"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      init: { status: 400 },
      data: { message: "Le numéro de page est invalide." },
    });
  });
});

describe("pageWindow", () => {
  it("reads the asked page with its offset", () => {
    expect(pageWindow(60, 2, 25)).toEqual({ page: 2, pageCount: 3, limit: 25, offset: 25 });
  });

  it("brings a page past the end back to the last one", () => {
    expect(pageWindow(60, 9, 25)).toEqual({ page: 3, pageCount: 3, limit: 25, offset: 50 });
    expect(pageWindow(50, 3, 25)).toEqual({ page: 2, pageCount: 2, limit: 25, offset: 25 });
  });

  it("gives an empty list one page", () => {
    expect(pageWindow(0, 4, 25)).toEqual({ page: 1, pageCount: 1, limit: 25, offset: 0 });
  });
});

describe("listSort", () => {
  const sort = (filters: { tri?: "date" | "nom" | "total"; ordre?: "asc" | "desc" }) =>
    listSort(filters, "date", ["nom"]);

  it("defaults to the list's key, newest first", () => {
    expect(sort({})).toEqual({ key: "date", direction: "desc" });
  });

  it("sorts text keys ascending and the others descending unless the URL says", () => {
    expect(sort({ tri: "nom" })).toEqual({ key: "nom", direction: "asc" });
    expect(sort({ tri: "total" })).toEqual({ key: "total", direction: "desc" });
    expect(sort({ tri: "nom", ordre: "desc" })).toEqual({ key: "nom", direction: "desc" });
    expect(sort({ ordre: "asc" })).toEqual({ key: "date", direction: "asc" });
  });
});
