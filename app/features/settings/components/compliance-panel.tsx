import { Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { complianceStatusText, registerHref } from "#app/lib/compliance.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";

/*
 * « Assurance et qualification » on the settings page: what the compliance register holds
 * for the décennale, the RC pro and the RGE (what quotes and invoices print), read-only,
 * with the way to the register where they are updated.
 */

type Held = { issuer: string; number: string; validUntil: IsoDay | null; hasFile: boolean };

export type CompliancePanelFacts = {
  decennale: (Held & { issuerAddress: string; coverage: string }) | null;
  rcPro: Held | null;
  rge: Held | null;
};

const REGISTER_PATH = "/erp/docs";

function status(held: Held | null, today: IsoDay, none: string): string {
  if (!held) return none;
  const text = complianceStatusText(held.validUntil, today);
  return held.hasFile ? text : `${text} · fichier à joindre`;
}

export function CompliancePanel({ facts, today }: { facts: CompliancePanelFacts; today: IsoDay }) {
  const { decennale, rcPro, rge } = facts;
  return (
    <Panel
      title="Assurance et qualification"
      description="Ce que les devis et les factures impriment, lu dans le registre des documents : l'attestation en cours de chaque type."
      action={
        <Link to={REGISTER_PATH} className="font-semibold text-brand-700 underline">
          Mettre à jour dans le registre des documents
        </Link>
      }
    >
      <div className="mt-3">
        <Facts
          facts={[
            { label: "Assureur décennal", value: decennale?.issuer || "Aucune attestation au registre" },
            { label: "Adresse de l'assureur", value: decennale?.issuerAddress || "—" },
            { label: "N° de contrat décennale", value: decennale?.number || "—" },
            { label: "Couverture géographique", value: decennale?.coverage || "—" },
            { label: "Attestation décennale", value: status(decennale, today, "À ajouter au registre") },
            { label: "N° de contrat responsabilité civile professionnelle", value: rcPro?.number || "—" },
            {
              label: "Responsabilité civile professionnelle",
              value: status(rcPro, today, "À ajouter au registre"),
            },
            { label: "N° du certificat RGE", value: rge?.number || "Aucun" },
            { label: "Certificat RGE", value: status(rge, today, "Aucun certificat RGE") },
          ]}
        />
      </div>
      {!decennale ? (
        <p className="mt-3">
          <Link to={registerHref("decennale")} className="font-semibold text-brand-700 underline">
            Ajouter l'attestation d'assurance décennale
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}
