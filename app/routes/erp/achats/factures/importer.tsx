import { Form, Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { FormPage } from "#app/components/data/form-page.tsx";
import { FileField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { SupplierInvoiceManualForm } from "#app/features/purchases/components/supplier-invoice-manual-form.tsx";
import { answerImportPost } from "#app/features/purchases/supplier-invoice-actions.server.ts";
import {
  MAX_IMPORT_FILES,
  SUPPLIER_INVOICE_MESSAGES,
  supplierInvoicePath,
} from "#app/features/purchases/supplier-invoice-schema.ts";
import {
  activeSupplierChoices,
  type ImportOutcome,
} from "#app/features/purchases/supplier-invoices.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatIban } from "#app/lib/bank.ts";
import { formatCents } from "#app/lib/money.ts";
import type { Route } from "./+types/importer";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  return { suppliers: await activeSupplierChoices(db), crumb: "Importer des factures" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const services = getServices(context);
  const form = await request.formData().catch(() => null);
  if (!form) return refused(400, { message: "Le formulaire envoyé est illisible : rechargez la page." });
  return answerImportPost({ request, services, actor }, form);
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta("Importer des factures fournisseurs — Achats", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

function Outcome({
  outcome,
  suppliers,
}: {
  outcome: ImportOutcome;
  suppliers: readonly { id: string; legalName: string }[];
}) {
  if (outcome.kind === "refused") {
    return (
      <li className="grid gap-1 rounded-lg border border-red-200 bg-red-50 p-3">
        <span className="font-semibold break-all text-brand-900">{outcome.fileName}</span>
        <span className="text-red-900">Refusé : {outcome.message}</span>
      </li>
    );
  }
  if (outcome.kind === "recorded") {
    return (
      <li className="grid gap-2 rounded-lg border border-green-200 bg-green-50 p-3">
        <span className="font-semibold break-all text-brand-900">{outcome.fileName}</span>
        <span>
          {outcome.isCreditNote ? "Avoir" : "Facture"}{" "}
          <Link to={supplierInvoicePath(outcome.id)} className="font-semibold text-brand-700 underline">
            {outcome.number}
          </Link>{" "}
          de {outcome.supplierName} enregistré{outcome.isCreditNote ? "" : "e"} :{" "}
          {formatCents(outcome.grossCents)} TTC.
        </span>
        {outcome.duplicateNumber ? (
          <p className="font-semibold text-amber-900">
            {SUPPLIER_INVOICE_MESSAGES.duplicateNumber(outcome.number)}
          </p>
        ) : null}
        {outcome.problems.length > 0 ? (
          <div>
            <p className="font-semibold text-amber-900">Anomalies EN 16931 relevées :</p>
            <ul className="list-disc pl-5 text-sm">
              {outcome.problems.map((problem) => (
                <li key={`${problem.rule}-${problem.message}`}>
                  {problem.rule} : {problem.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </li>
    );
  }
  if (outcome.kind === "unknown-supplier") {
    const seller = outcome.seller;
    return (
      <li className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3">
        <span className="font-semibold break-all text-brand-900">{outcome.fileName}</span>
        <p>
          Facture {outcome.number} : le fournisseur n'est pas dans le registre (ni par son SIREN, ni par son
          numéro de TVA). Vérifiez ce que dit la facture, puis créez-le.
        </p>
        <Facts
          facts={[
            { label: "Raison sociale", value: seller.legalName },
            { label: "SIREN", value: seller.siren },
            { label: "Numéro de TVA", value: seller.vatNumber },
            {
              label: "Adresse",
              value:
                [seller.street, `${seller.postcode} ${seller.city}`.trim()].filter(Boolean).join(", ") ||
                null,
            },
            { label: "IBAN", value: seller.iban ? formatIban(seller.iban) : null },
          ]}
        />
        <Form method="post">
          <input type="hidden" name="intent" value="creer_fournisseur" />
          <input type="hidden" name="sha256" value={outcome.sha256} />
          <input type="hidden" name="fileName" value={outcome.fileName} />
          <button type="submit" className={buttonClasses("primary", "md")}>
            Créer le fournisseur et enregistrer la facture
          </button>
        </Form>
      </li>
    );
  }
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <span className="font-semibold break-all text-brand-900">{outcome.fileName}</span>
      <p>{outcome.message} Le fichier est conservé : saisissez la facture.</p>
      <SupplierInvoiceManualForm sha256={outcome.sha256} fileName={outcome.fileName} suppliers={suppliers} />
    </li>
  );
}

export default function ImportSupplierInvoicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { suppliers } = loaderData;
  const navigation = useNavigation();
  const posting = navigation.state === "submitting";
  const refusal = refusalOf(actionData);
  const outcomes: ImportOutcome[] =
    actionData && "outcomes" in actionData && Array.isArray(actionData.outcomes)
      ? (actionData.outcomes as ImportOutcome[])
      : [];
  const manualValues = refusal?.intent === "saisir" ? refusal.values : undefined;
  return (
    <FormPage
      section={{ label: "Achats", tabs: ACHATS_TABS }}
      title="Importer des factures fournisseurs"
      description="Factur-X (PDF avec XML), XML CII ou UBL : la facture est lue. Un PDF simple ou une photo est conservé et saisi à la main."
      wide
    >
      {refusal && !manualValues ? <FormAlert focus errors={refusal.message} /> : null}
      <Panel id="import-fichiers" title="Fichiers">
        <Form method="post" encType="multipart/form-data" className="grid gap-4">
          <input type="hidden" name="intent" value="importer" />
          <FileField
            id="import-files"
            name="files"
            label="Factures à importer"
            hint={`${MAX_IMPORT_FILES} fichiers au plus, 20 Mo chacun : PDF, XML, JPEG ou PNG.`}
            multiple
            required
            accept=".pdf,.xml,application/pdf,application/xml,text/xml,image/jpeg,image/png"
            errors={refusal?.intent === "importer" ? refusal.fieldErrors?.files : undefined}
          />
          <div>
            <button type="submit" disabled={posting} className={buttonClasses("primary", "md")}>
              Importer
            </button>
          </div>
        </Form>
      </Panel>
      {manualValues && refusal ? (
        <Panel id="import-saisie" title="Saisie de la facture">
          <FormAlert focus errors={refusal.message} />
          <SupplierInvoiceManualForm
            sha256={manualValues.sha256 ?? ""}
            fileName={manualValues.fileName ?? ""}
            suppliers={suppliers}
            values={manualValues}
            errors={refusal.fieldErrors}
          />
        </Panel>
      ) : null}
      {outcomes.length > 0 ? (
        <Panel id="import-resultat" title="Résultat de l'import">
          <ul className="grid gap-3" aria-live="polite">
            {outcomes.map((outcome, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one outcome per file posted, in the post's order
              <Outcome key={`${outcome.fileName}-${index}`} outcome={outcome} suppliers={suppliers} />
            ))}
          </ul>
        </Panel>
      ) : null}
    </FormPage>
  );
}
