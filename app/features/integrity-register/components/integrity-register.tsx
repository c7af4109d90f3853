import { CheckCircle2, Download, ShieldAlert } from "lucide-react";
import { Form } from "react-router";
import { DataTable } from "#app/components/data/data-table.tsx";
import { Facts } from "#app/components/data/facts.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { plural } from "#app/lib/plural.ts";
import type { CheckResult, RegisterOverview, RegisterRow } from "../register.server.ts";

/** Where the register's CSV is downloaded (app/routes.ts). */
export const REGISTER_CSV_PATH = "/erp/parametres/registre.csv";

/** What the register holds: its size, its events, the hash of its last entry. */
export function RegisterContents({ overview }: { overview: RegisterOverview }) {
  return (
    <Panel
      title="Contenu du registre"
      description="Chaque devis envoyé, réponse du client, facture ou avoir émis, paiement et libération de retenue y est inscrit au moment où il a lieu, avec l'empreinte SHA-256 de son enregistrement et de son PDF, chaînée à l'entrée précédente."
      action={
        <a href={REGISTER_CSV_PATH} className={buttonClasses("outline", "md")} download>
          <Download aria-hidden="true" className="size-4" />
          Télécharger le registre (CSV)
        </a>
      }
    >
      <Facts
        facts={[
          { label: "Entrées", value: plural(overview.entries, "entrée", "entrées") },
          ...overview.byEvent.map((row) => ({ label: row.label, value: String(row.count) })),
          {
            label: "Empreinte de la dernière entrée",
            value: overview.headHash ? (
              <code className="font-mono text-sm break-all">{overview.headHash}</code>
            ) : (
              "Aucune entrée pour l'instant."
            ),
          },
        ]}
      />
      <p className="mt-3 text-sm text-slate-700">
        Notez de temps en temps l'empreinte de la dernière entrée hors de l'application (un courriel à
        vous-même suffit) : elle prouve que rien d'antérieur n'a été réécrit.
      </p>
    </Panel>
  );
}

/** « Vérifier maintenant » and what the last check found. */
export function RegisterCheck({ result, checking }: { result: CheckResult | null; checking: boolean }) {
  return (
    <Panel
      title="Vérification"
      description="Recalcule le chaînage, l'empreinte de chaque enregistrement et le SHA-256 de chaque fichier stocké. La même vérification est faite chaque jour ; en ligne de commande : npm run audit:verify."
    >
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="verifier" />
        <Button type="submit" disabled={checking}>
          {checking ? "Vérification en cours…" : "Vérifier maintenant"}
        </Button>
      </Form>
      {result ? (
        <div
          role="status"
          className={`mt-4 rounded-lg border p-3 ${result.ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}
        >
          <p className="flex items-start gap-2 font-semibold">
            {result.ok ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            ) : (
              <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            )}
            <span>{result.headline}</span>
          </p>
          {result.problems.length > 0 ? (
            <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm">
              {result.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
              {result.more > 0 ? <li>… et {plural(result.more, "autre", "autres")}.</li> : null}
            </ol>
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}

const columns = [
  { key: "seq", header: "N°", cell: (row: RegisterRow) => String(row.seq), phone: "title" as const },
  { key: "date", header: "Date", cell: (row: RegisterRow) => formatDateTime(row.recordedAt) },
  { key: "event", header: "Événement", cell: (row: RegisterRow) => row.event },
  { key: "number", header: "Document", cell: (row: RegisterRow) => row.number },
  { key: "author", header: "Auteur", cell: (row: RegisterRow) => row.author },
];

/** The latest entries, newest first. */
export function RegisterLatest({ rows }: { rows: readonly RegisterRow[] }) {
  return (
    <Panel
      title="Dernières entrées"
      description="Les plus récentes d'abord ; le CSV contient tout le registre."
    >
      {rows.length === 0 ? (
        <p className="text-slate-700">
          Le registre est vide : il se remplit au premier devis envoyé ou à la première facture émise.
        </p>
      ) : (
        <DataTable
          caption="Dernières entrées du registre"
          columns={columns}
          rows={rows}
          rowKey={(row) => String(row.seq)}
          pathname="/erp/parametres/registre"
          params={{}}
          minWidth={640}
        />
      )}
    </Panel>
  );
}
