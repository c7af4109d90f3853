import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderInRouter, visibleText as text } from "#tests/helpers/router-render.tsx";
import type { CompanyDocumentItem } from "../company-documents.server.ts";
import { documentStatus } from "../company-documents.ts";
import { DocumentsToRenewDashboard } from "./documents-dashboard.tsx";
import { RegisterTable } from "./register-table.tsx";

const render = (node: ReactNode) => renderInRouter(node, { path: "/erp" });

const ID = "5f0c5b1e-8c1a-4c55-9d2a-1d7f0e9b2c11";
const TODAY = "2026-11-27";

describe("the dashboard's « À renouveler » block", () => {
  it("shows nothing when no document is to renew", () => {
    expect(render(<DocumentsToRenewDashboard documents={[]} />)).toBe("");
  });

  it("lists each document with its status, end and days left, linking to it", () => {
    const html = render(
      <DocumentsToRenewDashboard
        documents={[
          {
            id: ID,
            kind: "carte_btp",
            label: "Marc Dupont",
            validUntil: "2026-12-07",
            status: documentStatus("2026-12-07", TODAY),
          },
        ]}
      />,
    );
    expect(text(html)).toContain("À renouveler");
    expect(text(html)).toContain("Carte BTP");
    expect(text(html)).toContain("Marc Dupont · valable jusqu'au 7 décembre 2026");
    expect(text(html)).toContain("10 jours");
    expect(html).toContain(`href="/erp/docs/${ID}"`);
  });
});

describe("the register's table", () => {
  const document: CompanyDocumentItem = {
    id: ID,
    kind: "decennale",
    label: "",
    issuer: "SMABTP",
    number: "D-118",
    issuerAddress: "8 rue Louis Armand, 75015 Paris",
    coverage: "France métropolitaine",
    validFrom: "2026-01-01",
    validUntil: "2026-11-20",
    contentType: "application/pdf",
    fileName: "decennale.pdf",
    sizeBytes: 1200,
    sha256: "0".repeat(64),
    notes: "",
    replacesId: null,
    createdAt: new Date("2026-01-02T10:00:00Z"),
    createdByEmail: "bureau@batirade.test",
    status: documentStatus("2026-11-20", TODAY),
  };

  it("says the status, the end and the days, with the file and « Renouveler »", () => {
    const html = render(<RegisterTable caption="Décennale" documents={[document]} />);
    expect(text(html)).toContain("SMABTP · n° D-118");
    expect(text(html)).toContain("Expiré");
    expect(text(html)).toContain("Expiré depuis 7 jours");
    expect(html).toContain(`href="/erp/docs/${ID}/fichier"`);
    expect(html).toContain(`href="/erp/docs/nouveau?remplace=${ID}"`);
  });

  it("says « Fichier à joindre » for a document copied without its file, « Date à renseigner » without its end", () => {
    const copied: CompanyDocumentItem = {
      ...document,
      validUntil: null,
      contentType: null,
      fileName: null,
      sizeBytes: null,
      sha256: null,
      status: documentStatus(null, TODAY),
    };
    const html = render(<RegisterTable caption="Décennale" documents={[copied]} />);
    expect(text(html)).toContain("Fichier à joindre");
    expect(text(html)).toContain("Date à renseigner");
    expect(html).not.toContain("/fichier");
    expect(html).toContain(`href="/erp/docs/nouveau?remplace=${ID}"`);
  });

  it("offers no renewal for earlier versions", () => {
    const html = render(<RegisterTable caption="Versions" documents={[document]} renewable={false} />);
    expect(html).not.toContain("remplace=");
  });
});
