import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderInRouter, visibleText as text } from "#tests/helpers/router-render.tsx";
import type { Column } from "./data-table.tsx";
import {
  ListResults,
  type ListResultsProps,
  type ListView,
  listCaption,
  listView,
  resultCount,
} from "./list-page.tsx";

type Row = { id: string; name: string };
const columns: Column<Row>[] = [{ key: "name", header: "Nom", sortKey: "nom", cell: (row) => row.name }];

const render = (node: ReactNode) => renderInRouter(node, { path: "/erp/clients" });

type Overrides = Partial<Omit<ListResultsProps<Row>, "list" | "table">> & {
  list?: Partial<ListView>;
  rows?: Row[];
};

function results({ list, rows = [], ...overrides }: Overrides = {}): string {
  return render(
    <ListResults<Row>
      list={{
        pathname: "/erp/clients",
        params: { q: "dup", page: 1 },
        page: 1,
        pageCount: 1,
        total: rows.length,
        search: "dup",
        activeCount: 0,
        filtered: false,
        ...list,
      }}
      noun={["client", "clients"]}
      nothingYet={<p>Aucun client pour le moment.</p>}
      caption="Clients"
      {...overrides}
      table={{ columns, rows, rowKey: (row) => row.id }}
    />,
  );
}

describe("resultCount", () => {
  it("counts in French (0 and 1 singular) and says when a search narrows it", () => {
    expect(resultCount(0, ["client", "clients"], false)).toBe("0 client");
    expect(resultCount(1, ["client", "clients"], false)).toBe("1 client");
    expect(resultCount(2, ["client", "clients"], "correspondant à la recherche")).toBe(
      "2 clients correspondant à la recherche",
    );
  });
});

describe("listCaption", () => {
  it("names the list, its order and its page", () => {
    expect(listCaption("Devis", 2, 5, { label: "par date", direction: "desc" })).toBe(
      "Devis, par date, ordre décroissant (page 2 sur 5)",
    );
    expect(listCaption("Clients", 1, 1, { label: "par nom", direction: "asc" })).toBe(
      "Clients, par nom, ordre croissant (page 1 sur 1)",
    );
    expect(listCaption("Prospects", 1, 3)).toBe("Prospects (page 1 sur 3)");
  });
});

describe("ListResults", () => {
  it("says there is nothing yet when nothing narrows an empty list", () => {
    const html = results({});
    expect(text(html)).toContain("0 client ");
    expect(text(html)).toContain("Aucun client pour le moment.");
    expect(html).not.toContain("Voir tous les clients");
    expect(html).not.toContain("<table");
  });

  it("says nothing matches, with the way back to the whole list, when a search finds nothing", () => {
    const html = results({ list: { filtered: true } });
    expect(text(html)).toContain("0 client correspondant à la recherche");
    expect(text(html)).toContain("Aucun client ne correspond à cette recherche. Voir tous les clients");
    expect(html).toContain('href="/erp/clients"');
    expect(html).not.toContain("Aucun client pour le moment.");
  });

  it("says it of a feminine noun in the feminine", () => {
    const html = results({ list: { filtered: true }, noun: ["facture", "factures"], feminine: true });
    expect(text(html)).toContain("Aucune facture ne correspond à cette recherche. Voir toutes les factures");
  });

  it("links back where the list says", () => {
    const html = results({
      list: { filtered: true },
      noMatch: { message: "Rien.", linkLabel: "Voir les archives", href: "/erp/clients?archives=oui" },
    });
    expect(html).toContain('href="/erp/clients?archives=oui"');
  });

  it("names the list's order in the caption from its sort labels", () => {
    const html = render(
      <ListResults<Row>
        list={{
          pathname: "/erp/clients",
          params: { page: 1 },
          page: 1,
          pageCount: 1,
          total: 1,
          search: undefined,
          activeCount: 0,
          filtered: false,
        }}
        noun={["client", "clients"]}
        noMatch={{ message: "Rien.", linkLabel: "Voir tous les clients" }}
        nothingYet={<p>Aucun client pour le moment.</p>}
        caption="Clients"
        sortLabels={{ nom: "par nom", cree: "par date de création" }}
        table={{
          columns,
          rows: [{ id: "1", name: "Dupont" }],
          rowKey: (row) => row.id,
          sort: { key: "nom", direction: "asc" },
        }}
      />,
    );
    expect(text(html)).toContain("Clients, par nom, ordre croissant (page 1 sur 1)");
  });

  it("shows the table with its caption, the count and the pages", () => {
    const rows = [
      { id: "1", name: "Dupont" },
      { id: "2", name: "Durand" },
    ];
    const html = results({ list: { filtered: true, page: 2, pageCount: 3, total: 52 }, rows });
    expect(text(html)).toContain("52 clients correspondant à la recherche");
    expect(html).toContain("<caption");
    expect(text(html)).toContain("Clients (page 2 sur 3)");
    expect(text(html)).toContain("Durand");
    expect(html).not.toContain("Aucun client");
    expect(html).toContain('aria-label="Pagination"');
    expect(html).toContain('href="/erp/clients?q=dup"');
    expect(html).toContain('href="/erp/clients?q=dup&amp;page=3"');
    expect(html).toMatch(/aria-live="polite"/);
  });
});

describe("listView", () => {
  const loaded = {
    filters: { q: undefined, statut: "clos", tri: "nom", page: 4 },
    page: 2,
    pageCount: 2,
    total: 30,
  };

  it("keeps the filters with the page shown, counts the named filters, and is filtered when one is set", () => {
    expect(listView("/erp/x", loaded, ["statut", "du"])).toEqual({
      pathname: "/erp/x",
      params: { q: undefined, statut: "clos", tri: "nom", page: 2 },
      page: 2,
      pageCount: 2,
      total: 30,
      search: undefined,
      activeCount: 1,
      filtered: true,
    });
  });

  it("is filtered by a search alone, and not by the sort", () => {
    const search = { ...loaded, filters: { q: "dup", tri: "nom", page: 1 } };
    expect(listView("/erp/x", search, ["statut"])).toMatchObject({
      activeCount: 0,
      filtered: true,
      search: "dup",
    });
    const sortOnly = { ...loaded, filters: { tri: "nom", page: 1 } };
    expect(listView("/erp/x", sortOnly, ["statut"])).toMatchObject({ activeCount: 0, filtered: false });
  });
});
