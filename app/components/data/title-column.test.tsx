import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { titleColumn } from "./title-column.tsx";

type Row = { id: string; name: string; town: string | null };

/** A cell rendered inside a router (a <Link> needs one). */
function render(node: ReactNode): string {
  // React separates adjacent texts with `<!-- -->`: not part of what a browser reads.
  return renderToString(<MemoryRouter>{node}</MemoryRouter>).replaceAll("<!-- -->", "");
}

describe("titleColumn", () => {
  const column = titleColumn<Row>({
    key: "name",
    header: "Client",
    sortKey: "nom",
    href: (row) => `/erp/clients/${row.id}`,
    title: (row) => row.name,
    details: (row) => (row.town ? <span className="text-sm">{row.town}</span> : null),
  });

  it("heads the card on a phone and keeps the key, header and sort it is given", () => {
    expect(column).toMatchObject({ key: "name", header: "Client", sortKey: "nom", phone: "title" });
  });

  it("links the name to the record, its details below, a name breaking where it must", () => {
    const html = render(column.cell({ id: "c1", name: "Dupont", town: "Nantes" }));
    expect(html).toBe(
      '<div class="grid gap-1"><a class="font-semibold break-words text-brand-700 underline" href="/erp/clients/c1" data-discover="true">Dupont</a><span class="text-sm">Nantes</span></div>',
    );
  });

  it("keeps a number on one line and a closer spacing when asked", () => {
    const order = titleColumn<Row>({
      key: "number",
      header: "Commande",
      gap: "gap-0.5",
      wrap: "whitespace-nowrap",
      href: (row) => `/erp/achats/commandes/${row.id}`,
      title: (row) => row.name,
      details: () => null,
    });
    expect(order.sortKey).toBeUndefined();
    const html = render(order.cell({ id: "o1", name: "BC-2026-001", town: null }));
    expect(html).toContain(
      '<div class="grid gap-0.5"><a class="font-semibold whitespace-nowrap text-brand-700 underline"',
    );
  });
});
