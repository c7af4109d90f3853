import { Ban, FileText, Pencil, Send } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { type Column, DataTable } from "#app/components/data/data-table.tsx";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { DateField, FileField, TextareaField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { IntentButton } from "#app/components/ui/action-form.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { OrderStatusBadge } from "#app/features/purchases/components/order-badges.tsx";
import { VigilanceStop } from "#app/features/purchases/components/vigilance-stop.tsx";
import { answerOrderPost } from "#app/features/purchases/order-actions.server.ts";
import {
  ORDER_INTENTS,
  ORDER_PLACE_LABELS,
  orderPath,
  receivedKey,
} from "#app/features/purchases/order-schema.ts";
import { getOrder, type OrderLineView, OrderNotFoundError } from "#app/features/purchases/orders.server.ts";
import type { VigilanceRefusalExtra } from "#app/features/purchases/subcontract-schema.ts";
import { supplierPath } from "#app/features/purchases/supplier-schema.ts";
import { VIGILANCE_OVERRIDE } from "#app/features/purchases/vigilance-stop.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCents, formatQuantity } from "#app/lib/money.ts";
import { formatDate, formatDateTime, parisDay } from "#app/lib/paris-time.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, OrderNotFoundError, async ({ db }) => {
    const detail = await getOrder(db, params.id);
    return {
      ...detail,
      events: await listActivity(db, "bon_commande", detail.order.id),
      today: parisDay(),
      crumb: detail.order.number ?? "Brouillon",
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const actor = { id: user.id, email: user.email, role: user.role };
  const { db, storage } = getServices(context);
  return answerOrderPost(
    { request, db, storage, actor, identity: () => documentIdentity(db) },
    params.id,
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Commande ${args.loaderData.order.number ?? "en brouillon"} — Achats` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const linkClass = "break-words text-brand-700 underline";

function quantity(milli: number, unit: string) {
  return `${formatQuantity(milli)}${unit ? ` ${unit}` : ""}`;
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, supplier, site, lot, lines, deliveries, events, today } = loaderData;
  const navigation = useNavigation();
  const posting = navigation.state === "submitting";
  const refusal = refusalOf(actionData);
  const draft = order.status === "brouillon";
  const open = order.status === "envoye" || order.status === "livre_partiellement";
  const cancellable = order.status !== "annule" && order.status !== "livre";
  const sent = order.number !== null;
  const receiveRefusal = refusal?.intent === ORDER_INTENTS.receive ? refusal : null;
  const stopRefusal =
    refusal?.intent === ORDER_INTENTS.send ? (refusal as typeof refusal & VigilanceRefusalExtra) : null;

  const columns: Column<OrderLineView>[] = [
    {
      key: "designation",
      header: "Article",
      phone: "title",
      cell: (line) => (
        <div className="grid gap-0.5">
          <span className="font-semibold break-words text-brand-900">{line.designation}</span>
          {line.reference ? <span className="text-sm text-slate-700">Réf. {line.reference}</span> : null}
        </div>
      ),
    },
    {
      key: "quantity",
      header: "Commandé",
      align: "right",
      cell: (line) => quantity(line.quantityMilli, line.unit),
    },
    { key: "price", header: "PU HT", align: "right", cell: (line) => formatCents(line.unitPriceHtCents) },
    { key: "vat", header: "TVA", cell: (line) => VAT_RATES[line.vatCode].label },
    { key: "total", header: "Total HT", align: "right", cell: (line) => formatCents(line.totalHtCents) },
    ...(sent
      ? [
          {
            key: "received",
            header: "Reçu",
            align: "right" as const,
            cell: (line: OrderLineView) => quantity(line.receivedMilli, line.unit),
          },
          {
            key: "remaining",
            header: "Reste à livrer",
            align: "right" as const,
            cell: (line: OrderLineView) =>
              line.remainingMilli > 0 ? quantity(line.remainingMilli, line.unit) : "Livré",
          },
        ]
      : []),
  ];

  return (
    <div className="grid max-w-5xl gap-5">
      <SectionTabs label="Achats" tabs={ACHATS_TABS} />
      <PageHeader
        title={order.number ? `Commande ${order.number}` : "Commande en brouillon"}
        badge={<OrderStatusBadge status={order.status} />}
        description={
          order.sentAt
            ? `Envoyée le ${formatDateTime(order.sentAt)} à ${supplier.legalName}.`
            : `À ${supplier.legalName} : vérifiez-la, puis envoyez-la au fournisseur.`
        }
        actions={
          <>
            {draft ? (
              <Link to={`${orderPath(order.id)}/modifier`} className={buttonClasses("secondary", "md")}>
                <Pencil aria-hidden="true" className="size-4" />
                Modifier
              </Link>
            ) : null}
            <a href={`${orderPath(order.id)}/pdf`} className={buttonClasses("outline", "md")}>
              <FileText aria-hidden="true" className="size-4" />
              {sent ? "PDF" : "Aperçu PDF"}
            </a>
            {draft ? (
              <IntentButton
                intent={ORDER_INTENTS.send}
                icon={Send}
                label="Envoyer au fournisseur"
                variant="primary"
                disabled={posting}
              />
            ) : null}
            {cancellable ? (
              <IntentButton
                intent={ORDER_INTENTS.cancel}
                icon={Ban}
                label="Annuler la commande"
                variant="outline"
                disabled={posting}
              />
            ) : null}
          </>
        }
      />

      {stopRefusal?.vigilanceStop && draft ? (
        <VigilanceStop
          stop={stopRefusal.vigilanceStop}
          canOverride={stopRefusal.canOverride === true}
          what="envoyer cette commande"
          message={stopRefusal.message}
          reason={stopRefusal.values?.overrideReason}
          errors={stopRefusal.fieldErrors?.overrideReason}
          submit={VIGILANCE_OVERRIDE}
          form
        >
          <input type="hidden" name="intent" value={ORDER_INTENTS.send} />
        </VigilanceStop>
      ) : refusal && !receiveRefusal ? (
        <FormAlert focus errors={refusal.message} />
      ) : null}

      <Panel id="commande-infos" title="Fournisseur et livraison">
        <Facts
          facts={[
            {
              label: "Fournisseur",
              value: (
                <Link to={supplierPath(supplier.id)} className={linkClass}>
                  {supplier.legalName}
                </Link>
              ),
            },
            { label: "E-mail du fournisseur", value: supplier.email ?? "Aucun : à ajouter avant l'envoi" },
            {
              label: "Chantier",
              value: site ? (
                <Link to={`/erp/chantiers/${site.id}`} className={linkClass}>
                  {site.number} — {site.title}
                </Link>
              ) : (
                "Aucun (stock du dépôt)"
              ),
            },
            { label: "Lot", value: lot?.title ?? (site ? "Tout le chantier" : null) },
            { label: "Lieu de livraison", value: ORDER_PLACE_LABELS[order.deliveryPlace] },
            {
              label: "Adresse de livraison",
              value: order.deliveryAddress ? (
                <span className="whitespace-pre-line">{order.deliveryAddress}</span>
              ) : (
                "Fixée à l'envoi"
              ),
            },
            { label: "Livraison souhaitée le", value: order.wantedOn ? formatDate(order.wantedOn) : null },
          ]}
        />
        {order.notes ? <p className="mt-3 whitespace-pre-line break-words">{order.notes}</p> : null}
      </Panel>

      <Panel id="commande-lignes" title="Articles">
        <DataTable
          caption="Articles de la commande"
          columns={columns}
          rows={lines}
          rowKey={(line) => line.id}
          pathname={orderPath(order.id)}
          params={{}}
          minWidth={720}
        />
        <dl className="mt-3 grid justify-end gap-1 text-right">
          <div className="flex justify-end gap-3">
            <dt className="font-semibold">Total HT</dt>
            <dd>{formatCents(order.totalHtCents)}</dd>
          </div>
          <div className="flex justify-end gap-3">
            <dt>TVA</dt>
            <dd>{formatCents(order.totalVatCents)}</dd>
          </div>
          <div className="flex justify-end gap-3">
            <dt className="font-semibold">Total TTC</dt>
            <dd className="font-semibold">{formatCents(order.totalTtcCents)}</dd>
          </div>
        </dl>
      </Panel>

      {open ? (
        <Panel id="commande-reception" title="Réceptionner une livraison">
          <Form
            method="post"
            encType="multipart/form-data"
            noValidate
            className="grid gap-4"
            aria-label="Réceptionner une livraison"
          >
            <input type="hidden" name="intent" value={ORDER_INTENTS.receive} />
            {receiveRefusal ? (
              <FormAlert focus title="Réception impossible" errors={receiveRefusal.message} />
            ) : null}
            <p className="text-sm text-slate-700">
              Saisissez la quantité reçue de chaque ligne livrée ; laissez vide ce qui n'est pas arrivé.
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {lines
                .filter((line) => line.remainingMilli > 0)
                .map((line) => (
                  <TextField
                    key={line.id}
                    id={`reception-${line.id}`}
                    name={receivedKey(line.id)}
                    label={`${line.designation} (reste ${quantity(line.remainingMilli, line.unit)})`}
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={16}
                    defaultValue={receiveRefusal?.values?.[receivedKey(line.id)] ?? ""}
                    errors={receiveRefusal?.fieldErrors?.[receivedKey(line.id)]}
                  />
                ))}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <DateField
                id="reception-receivedOn"
                name="receivedOn"
                label="Livrée le"
                required
                defaultValue={receiveRefusal?.values?.receivedOn ?? today}
                errors={receiveRefusal?.fieldErrors?.receivedOn}
              />
              <FileField
                id="reception-photo"
                name="photo"
                label="Bon de livraison (photo ou PDF)"
                accept="image/jpeg,image/png,application/pdf"
                errors={receiveRefusal?.fieldErrors?.photo}
              />
            </div>
            <TextareaField
              id="reception-note"
              name="note"
              label="Remarque"
              rows={2}
              maxLength={1000}
              defaultValue={receiveRefusal?.values?.note ?? ""}
              errors={receiveRefusal?.fieldErrors?.note}
            />
            <div>
              <button type="submit" disabled={posting} className={buttonClasses("secondary", "md")}>
                Réceptionner
              </button>
            </div>
          </Form>
        </Panel>
      ) : null}

      {deliveries.length > 0 ? (
        <Panel id="commande-livraisons" title="Livraisons reçues">
          <ul className="grid gap-3">
            {deliveries.map((delivery) => (
              <li key={delivery.id} className="grid gap-1 rounded-lg border border-slate-200 p-3">
                <span className="font-semibold text-brand-900">
                  Livraison du {formatDate(delivery.receivedOn)}
                </span>
                <span>
                  {delivery.lines
                    .map((row) => {
                      const line = lines.find((candidate) => candidate.id === row.lineId);
                      return line ? `${line.designation} : ${quantity(row.quantityMilli, line.unit)}` : null;
                    })
                    .filter(Boolean)
                    .join(" ; ")}
                </span>
                {delivery.note ? (
                  <span className="whitespace-pre-line text-slate-700">{delivery.note}</span>
                ) : null}
                {delivery.hasPhoto ? (
                  <a href={`${orderPath(order.id)}/livraisons/${delivery.id}/photo`} className={linkClass}>
                    Voir le bon de livraison
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <ActivityHistory id="commande-historique" label="Historique de la commande" events={events} />
    </div>
  );
}
