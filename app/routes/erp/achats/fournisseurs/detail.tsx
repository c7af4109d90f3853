import { FolderOpen, Pencil } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { ArchiveToggle } from "#app/components/ui/archive-toggle.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requireActor } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { SupplierOrders } from "#app/features/purchases/components/order-supplier-panel.tsx";
import { SubcontractList } from "#app/features/purchases/components/subcontract-list.tsx";
import { ArchivedBadge, SupplierKindBadge } from "#app/features/purchases/components/supplier-badges.tsx";
import { SupplierInvoicesPanel } from "#app/features/purchases/components/supplier-invoice-panel.tsx";
import { VigilancePanel } from "#app/features/purchases/components/vigilance-panel.tsx";
import { listSupplierOrders } from "#app/features/purchases/orders.server.ts";
import { NEW_SUBCONTRACT_PATH } from "#app/features/purchases/subcontract-schema.ts";
import { listSubcontracts } from "#app/features/purchases/subcontracts.server.ts";
import { answerSupplierPost } from "#app/features/purchases/supplier-actions.server.ts";
import { supplierInvoicesOf } from "#app/features/purchases/supplier-invoices.server.ts";
import {
  paymentTermsWords,
  SUPPLIER_INTENTS,
  supplierPath,
} from "#app/features/purchases/supplier-schema.ts";
import { getSupplier, SupplierNotFoundError } from "#app/features/purchases/suppliers.server.ts";
import { vigilancePanel } from "#app/features/purchases/vigilance.server.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatIban } from "#app/lib/bank.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { formatPhone, telHref } from "#app/lib/phone.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, SupplierNotFoundError, async ({ db }) => {
    const supplier = await getSupplier(db, params.id);
    return {
      supplier,
      orders: await listSupplierOrders(db, supplier.id),
      events: await listActivity(db, "fournisseur", supplier.id),
      // A subcontractor's vigilance file and contracts (./sous-traitances).
      subcontracting:
        supplier.kind === "sous_traitant"
          ? {
              vigilance: await vigilancePanel(db, supplier.id),
              subcontracts: await listSubcontracts(db, { supplierId: supplier.id }),
            }
          : null,
      invoices: await supplierInvoicesOf(db, supplier.id),
      crumb: supplier.legalName,
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  return answerSupplierPost(
    { request, db: getServices(context).db, actor },
    params.id,
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.supplier.legalName} — Achats` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const linkClass = "break-all text-brand-700 underline";

function PhoneLink({ phone }: { phone: string | null }) {
  return phone ? (
    <a href={telHref(phone)} className="whitespace-nowrap text-brand-700 underline">
      {formatPhone(phone)}
    </a>
  ) : null;
}

function EmailLink({ email }: { email: string | null }) {
  return email ? (
    <a href={`mailto:${email}`} className={linkClass}>
      {email}
    </a>
  ) : null;
}

export default function SupplierPage({ loaderData, actionData }: Route.ComponentProps) {
  const { supplier, orders, events, invoices } = loaderData;
  const navigation = useNavigation();
  const posting = navigation.state === "submitting";
  const archived = supplier.archivedAt !== null;
  const refusal = refusalOf(actionData);
  const address = [supplier.street, `${supplier.postcode} ${supplier.city}`.trim()]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="grid max-w-4xl gap-5">
      <SectionTabs label="Achats" tabs={ACHATS_TABS} />
      <PageHeader
        title={supplier.legalName}
        badge={
          <>
            <SupplierKindBadge kind={supplier.kind} />
            {archived ? <ArchivedBadge /> : null}
          </>
        }
        description={
          archived && supplier.archivedAt
            ? `Archivé le ${formatDate(supplier.archivedAt)} : il n'apparaît plus dans la liste des fournisseurs actifs.`
            : supplier.trade || undefined
        }
        actions={
          <>
            <Link to={`${supplierPath(supplier.id)}/fichiers`} className={buttonClasses("secondary", "md")}>
              <FolderOpen aria-hidden="true" className="size-4" />
              Fichiers et documents
            </Link>
            <Link to={`${supplierPath(supplier.id)}/modifier`} className={buttonClasses("secondary", "md")}>
              <Pencil aria-hidden="true" className="size-4" />
              Modifier
            </Link>
            <ArchiveToggle archived={archived} intents={SUPPLIER_INTENTS} disabled={posting} />
          </>
        }
      />

      {refusal ? <FormAlert focus errors={refusal.message} /> : null}

      <Panel id="fournisseur-identite" title="Identité">
        <Facts
          facts={[
            { label: "SIREN", value: supplier.siren },
            { label: "Numéro de TVA", value: supplier.vatNumber },
            { label: "Corps de métier", value: supplier.trade || null },
            {
              label: "Adresse",
              value: address
                ? `${address}${supplier.country === "FR" ? "" : ` (${supplier.country})`}`
                : null,
            },
            { label: "Téléphone", value: <PhoneLink phone={supplier.phone} /> },
            { label: "E-mail", value: <EmailLink email={supplier.email} /> },
          ]}
        />
      </Panel>

      <Panel id="fournisseur-contacts" title="Contacts">
        {supplier.contacts.length === 0 ? (
          <p className="text-slate-700">
            Aucun contact enregistré.{" "}
            <Link to={`${supplierPath(supplier.id)}/modifier`} className="text-brand-700 underline">
              Ajouter un contact
            </Link>
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {supplier.contacts.map((contact) => (
              <li key={contact.id} className="grid min-w-0 gap-0.5 rounded-lg border border-slate-200 p-3">
                <span className="font-semibold text-brand-900">{contact.name}</span>
                {contact.role ? <span className="text-sm text-slate-700">{contact.role}</span> : null}
                <PhoneLink phone={contact.phone} />
                <EmailLink email={contact.email} />
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel id="fournisseur-paiement" title="Paiement">
        <Facts
          facts={[
            {
              label: "Délai de paiement",
              value: paymentTermsWords(supplier.paymentTermsDays, supplier.paymentTermsEndOfMonth),
            },
            { label: "TVA habituelle", value: VAT_RATES[supplier.defaultVatCode].label },
            {
              label: "IBAN",
              value: supplier.iban ? <span className="font-mono">{formatIban(supplier.iban)}</span> : null,
            },
            { label: "BIC", value: supplier.bic ? <span className="font-mono">{supplier.bic}</span> : null },
          ]}
        />
      </Panel>

      {loaderData.subcontracting ? (
        <>
          <VigilancePanel supplierId={supplier.id} data={loaderData.subcontracting.vigilance} />
          <Panel
            id="fournisseur-sous-traitances"
            title="Sous-traitances"
            action={
              <Link
                to={`${NEW_SUBCONTRACT_PATH}?fournisseur=${supplier.id}`}
                className="text-brand-700 underline"
              >
                Nouveau contrat
              </Link>
            }
          >
            <SubcontractList
              items={loaderData.subcontracting.subcontracts}
              hideSupplier
              label={`Contrats de ${supplier.legalName}`}
            />
          </Panel>
        </>
      ) : null}
      <SupplierInvoicesPanel supplierId={supplier.id} {...invoices} />

      {supplier.notes ? (
        <Panel id="fournisseur-notes" title="Notes">
          <p className="whitespace-pre-line break-words">{supplier.notes}</p>
        </Panel>
      ) : null}

      <Panel id="fournisseur-commandes" title="Commandes">
        <SupplierOrders orders={orders} supplierId={supplier.id} archived={archived} />
      </Panel>

      <ActivityHistory id="fournisseur-historique" label="Historique du fournisseur" events={events} />
    </div>
  );
}
