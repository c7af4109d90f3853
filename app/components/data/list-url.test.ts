import { describe, expect, it } from "vitest";
import { activeFilterCount, listHref, nextSort, withChanges } from "./list-url.ts";

describe("list URLs", () => {
  it("keeps only set parameters, and leaves page 1 out", () => {
    expect(listHref("/erp/leads", { q: "garnier", statut: "", page: 1, du: undefined })).toBe(
      "/erp/leads?q=garnier",
    );
    expect(listHref("/erp/leads", { page: 3, tri: "nom" })).toBe("/erp/leads?page=3&tri=nom");
    expect(listHref("/erp/clients", {})).toBe("/erp/clients");
  });

  it("encodes what people type", () => {
    expect(listHref("/erp/leads", { q: "l'Éloïse & co" })).toBe("/erp/leads?q=l%27%C3%89lo%C3%AFse+%26+co");
  });

  it("goes back to page 1 when a filter or the sort changes, not when the page does", () => {
    expect(withChanges({ q: "a", page: 4 }, { statut: "gagne" })).toEqual({ q: "a", statut: "gagne" });
    expect(withChanges({ q: "a", page: 4 }, { page: 5 })).toEqual({ q: "a", page: 5 });
  });

  it("turns a sorted column the other way, and starts a new one in its first direction", () => {
    expect(nextSort({ key: "nom", direction: "asc" }, "nom", "asc")).toEqual({
      key: "nom",
      direction: "desc",
    });
    expect(nextSort({ key: "nom", direction: "asc" }, "date", "desc")).toEqual({
      key: "date",
      direction: "desc",
    });
    expect(nextSort(undefined, "total", "desc")).toEqual({ key: "total", direction: "desc" });
  });

  it("counts the filters that are set", () => {
    expect(
      activeFilterCount({ statut: "gagne", type: "", du: "2026-01-01", q: "x" }, ["statut", "type", "du"]),
    ).toBe(2);
  });
});
