import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "#tests/helpers/router-render.tsx";
import { type Column, DataTable } from "./data-table.tsx";
import { ListFilters } from "./list-filters.tsx";

type Row = { id: string; name: string; total: string };

const columns: Column<Row>[] = [
  { key: "name", header: "Nom", sortKey: "nom", phone: "title", cell: (row) => row.name },
  {
    key: "total",
    header: "Total TTC",
    sortKey: "total",
    firstDirection: "desc",
    align: "right",
    cell: (row) => row.total,
  },
  { key: "secret", header: "Suivi", phone: "hidden", cell: () => "—" },
];

/** What the stub route shows: the node under test, passed through context. */
/** Renders inside a data router, as the Espace Pro does (a GET <Form> needs one). */
const render = (node: ReactNode) => renderInRouter(node);

describe("data table", () => {
  const html = render(
    <DataTable
      caption="Clients (page 2 sur 3)"
      columns={columns}
      rows={[
        { id: "a", name: "Martin", total: "1 200,00 €" },
        { id: "b", name: "Bernard", total: "80,00 €" },
      ]}
      rowKey={(row) => row.id}
      pathname="/erp/clients"
      params={{ q: "mar", page: 2, tri: "nom", ordre: "asc" }}
      sort={{ key: "nom", direction: "asc" }}
      totals={{ label: "Total", cells: { total: "1 280,00 €" } }}
    />,
  );

  it("says which column is sorted, and its link turns it the other way, back on page 1", () => {
    expect(html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*>.*?Nom/);
    expect(html).toContain('href="/erp/clients?q=mar&amp;tri=nom&amp;ordre=desc"');
  });

  it("starts an unsorted column in its first direction", () => {
    expect(html).toContain('href="/erp/clients?q=mar&amp;tri=total&amp;ordre=desc"');
    expect(html).toContain("Trier par total ttc, ordre décroissant");
  });

  it("labels each cell for the phone's card, and leaves out what a card hides", () => {
    expect(html).toContain('data-label="Total TTC"');
    expect(html).toMatch(/data-label="Suivi" class="[^"]*max-md:hidden/);
    expect(html).toContain("<caption");
    expect(html).toContain("Clients (page 2 sur 3)");
  });

  it("adds a total row under the amounts", () => {
    expect(html).toMatch(/<tfoot[^>]*>.*Total.*1 280,00 €.*<\/tfoot>/s);
  });
});

describe("list filters", () => {
  it("says on the « Filtres » button how many filters are set, and offers to clear them", () => {
    const html = render(
      <ListFilters
        label="Filtrer les clients"
        searchLabel="Rechercher"
        search=""
        activeCount={2}
        clearHref="/erp/clients"
        hidden={{ tri: "nom", ordre: undefined }}
      >
        <span>champs</span>
      </ListFilters>,
    );
    expect(html).toMatch(/<summary[^>]*>.*Filtres.*2.*actifs.*<\/summary>/s);
    expect(html).toContain('href="/erp/clients"');
    expect(html).toContain('name="tri" value="nom"');
    expect(html).not.toContain('name="ordre"');
  });

  it("shows no count and no « Effacer » when nothing is set", () => {
    const html = render(
      <ListFilters
        label="Filtrer"
        searchLabel="Rechercher"
        search={undefined}
        activeCount={0}
        clearHref="/erp/leads"
      >
        <span>champs</span>
      </ListFilters>,
    );
    expect(html).not.toContain("actif");
    expect(html).not.toContain("Effacer");
  });
});
