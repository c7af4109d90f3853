import { Form, Link } from "react-router";
import { SelectField, TextareaField } from "#app/components/forms/field.tsx";
import type { Refusal } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { formatCents, formatQuantity } from "#app/lib/money.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { ORDER_STATUS_LABELS, orderPath } from "../order-schema.ts";
import type { InvoiceMatchingView } from "../supplier-invoice-matching.server.ts";
import {
  formatMicroEuros,
  MATCHING_INTENTS,
  MATCHING_STATUS_LABELS,
  type MatchGap,
  type Matching,
  type MatchingStatus,
} from "../supplier-invoice-matching.ts";

/*
 * « Rapprochement » on a supplier invoice's page: the order it is linked to (or the choice
 * of one), then per order line what was ordered, received, already invoiced and invoiced
 * here, with the unit prices; each flagged difference « Accepter l'écart » or « Contester »;
 * the invoice lines absent from the order, each with a select to pair it by hand.
 */

const cell = "py-2 pr-3 align-top";
const STATUS_TONE: Record<MatchingStatus, string> = {
  sans_commande: "border-slate-200 bg-slate-50 text-slate-900",
  conforme: "border-emerald-200 bg-emerald-50 text-emerald-900",
  a_traiter: "border-amber-300 bg-amber-50 text-amber-900",
  acceptes: "border-sky-200 bg-sky-50 text-sky-900",
  conteste: "border-red-200 bg-red-50 text-red-900",
};

/** « Rapprochement : … » as the page's summary shows it. */
export function MatchingStatusLine({ status }: { status: MatchingStatus }) {
  return (
    <p className={`rounded-lg border p-3 font-semibold ${STATUS_TONE[status]}`}>
      Rapprochement : {MATCHING_STATUS_LABELS[status]}
    </p>
  );
}

type Props = {
  view: InvoiceMatchingView;
  refusal: Refusal | null;
};

const isMatchingRefusal = (refusal: Refusal | null) =>
  refusal?.intent !== undefined && (Object.values(MATCHING_INTENTS) as string[]).includes(refusal.intent)
    ? refusal
    : null;

export function InvoiceMatching({ view, refusal: anyRefusal }: Props) {
  const refusal = isMatchingRefusal(anyRefusal);
  const { link, matching } = view;
  return (
    <div className="grid gap-4">
      <MatchingStatusLine status={view.status} />
      {link ? (
        <div className="flex flex-wrap items-center gap-3">
          <p>
            Commande{" "}
            <Link to={orderPath(link.orderId)} className="font-semibold text-brand-700 underline">
              {link.number}
            </Link>{" "}
            ({ORDER_STATUS_LABELS[link.orderStatus]}, {formatCents(link.totalHtCents)} HT),{" "}
            {link.source === "auto" ? "liée d'après la référence lue sur la facture" : "liée par l'équipe"}.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value={MATCHING_INTENTS.unlink} />
            <button type="submit" className={buttonClasses("outline", "md")}>
              Délier la commande
            </button>
          </Form>
        </div>
      ) : view.choices.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Lier à une commande">
          <input type="hidden" name="intent" value={MATCHING_INTENTS.link} />
          <SelectField
            id="rapprochement-commande"
            name="orderId"
            label="Commande du fournisseur"
            placeholder="Choisir une commande"
            defaultValue={refusal?.intent === MATCHING_INTENTS.link ? refusal.values?.orderId : undefined}
            options={view.choices.map((order) => ({
              value: order.id,
              label: `${order.number} — ${ORDER_STATUS_LABELS[order.status]}, ${formatCents(order.totalHtCents)} HT`,
            }))}
            errors={
              refusal?.intent === MATCHING_INTENTS.link
                ? (refusal.fieldErrors?.orderId ?? [refusal.message])
                : undefined
            }
          />
          <button type="submit" className={buttonClasses("primary", "md")}>
            Lier à la commande
          </button>
        </Form>
      ) : (
        <p className="text-slate-700">
          Aucune commande envoyée de ce fournisseur ne peut être liée à cette facture.
        </p>
      )}
      {matching ? <MatchingTable matching={matching} view={view} refusal={refusal} /> : null}
    </div>
  );
}

function MatchingTable({
  matching,
  view,
  refusal,
}: {
  matching: Matching;
  view: InvoiceMatchingView;
  refusal: Refusal | null;
}) {
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[760px] border-collapse text-sm">
          <caption className="sr-only">Rapprochement des lignes de la commande et de la facture</caption>
          <thead>
            <tr className="text-left text-xs font-bold text-slate-700 uppercase">
              <th scope="col" className={cell}>
                Désignation
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Commandé
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Reçu
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Déjà facturé
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Cette facture
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Prix unitaire HT facture / commande
              </th>
            </tr>
          </thead>
          <tbody>
            {matching.rows.map((row) => (
              <RowWithGaps key={row.orderLine.id} row={row} refusal={refusal} />
            ))}
          </tbody>
        </table>
      </div>
      {matching.unpaired.length > 0 ? (
        <div className="grid gap-3">
          <h3 className="font-semibold text-slate-900">Lignes de la facture absentes de la commande</h3>
          <ul className="grid gap-4">
            {matching.unpaired.map(({ line, gap }) => (
              <li key={line.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
                <GapBlock gap={gap} refusal={refusal} />
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="intent" value={MATCHING_INTENTS.pair} />
                  <input type="hidden" name="invoiceLineId" value={line.id} />
                  <SelectField
                    id={`apparier-${line.id}`}
                    name="orderLineId"
                    label={`Ligne de la commande pour « ${line.designation} »`}
                    placeholder="Choisir une ligne"
                    options={view.orderLines.map((orderLine) => ({
                      value: orderLine.id,
                      label: orderLine.label,
                    }))}
                    errors={
                      refusal?.intent === MATCHING_INTENTS.pair && refusal.values?.invoiceLineId === line.id
                        ? (refusal.fieldErrors?.orderLineId ??
                          refusal.fieldErrors?.[`pairing.${line.id}`] ?? [refusal.message])
                        : undefined
                    }
                  />
                  <button type="submit" className={buttonClasses("secondary", "md")}>
                    Rapprocher
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

function RowWithGaps({ row, refusal }: { row: Matching["rows"][number]; refusal: Refusal | null }) {
  const { orderLine } = row;
  const unit = orderLine.unit ? ` ${orderLine.unit}` : "";
  const prices = row.invoiceLines.map((entry) =>
    entry.unitPrice !== null ? formatMicroEuros(entry.unitPrice) : (entry.line.unitPrice ?? "—"),
  );
  return (
    <>
      <tr className="border-t border-slate-200">
        <td className={cell}>
          {orderLine.designation}
          {orderLine.reference ? (
            <span className="block text-xs text-slate-700">Réf. {orderLine.reference}</span>
          ) : null}
        </td>
        <td className={`${cell} text-right whitespace-nowrap`}>
          {formatQuantity(orderLine.quantityMilli)}
          {unit}
        </td>
        <td className={`${cell} text-right whitespace-nowrap`}>
          {formatQuantity(orderLine.receivedMilli)}
          {unit}
        </td>
        <td className={`${cell} text-right whitespace-nowrap`}>
          {formatQuantity(row.invoicedElsewhereMilli)}
          {unit}
        </td>
        <td className={`${cell} text-right whitespace-nowrap`}>
          {row.invoiceLines.length > 0 ? `${formatQuantity(row.thisInvoiceMilli)}${unit}` : "—"}
        </td>
        <td className={`${cell} text-right whitespace-nowrap`}>
          {prices.length > 0 ? prices.join(", ") : "—"} / {formatCents(orderLine.unitPriceHtCents)}
        </td>
      </tr>
      {row.gaps.map((gap) => (
        <tr key={`${gap.kind}-${gap.subjectId}`}>
          <td colSpan={6} className="pb-3">
            <GapBlock gap={gap} refusal={refusal} />
          </td>
        </tr>
      ))}
    </>
  );
}

function GapBlock({ gap, refusal }: { gap: MatchGap; refusal: Refusal | null }) {
  const id = `ecart-${gap.kind}-${gap.subjectId}`;
  const mine =
    refusal?.values?.subjectId === gap.subjectId && refusal.values?.kind === gap.kind ? refusal : null;
  return (
    <div className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <p>
        <strong>{gap.label}</strong> — {gap.detail}
      </p>
      {gap.decision ? (
        <p>
          {gap.decision.decision === "accepte"
            ? `Écart accepté par ${gap.decision.decidedByEmail} le ${formatDateTime(new Date(gap.decision.decidedAt))}.`
            : `Contesté par ${gap.decision.decidedByEmail} le ${formatDateTime(new Date(gap.decision.decidedAt))} : ${gap.decision.reason}`}
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
          <Form method="post">
            <input type="hidden" name="intent" value={MATCHING_INTENTS.accept} />
            <input type="hidden" name="kind" value={gap.kind} />
            <input type="hidden" name="subjectId" value={gap.subjectId} />
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Accepter l'écart
            </button>
          </Form>
          <Form method="post" className="grid gap-2" aria-label={`Contester : ${gap.label}`}>
            <input type="hidden" name="intent" value={MATCHING_INTENTS.dispute} />
            <input type="hidden" name="kind" value={gap.kind} />
            <input type="hidden" name="subjectId" value={gap.subjectId} />
            <TextareaField
              id={`${id}-raison`}
              name="reason"
              label="Raison de la contestation"
              rows={2}
              defaultValue={mine?.intent === MATCHING_INTENTS.dispute ? mine.values?.reason : undefined}
              errors={
                mine?.intent === MATCHING_INTENTS.dispute
                  ? (mine.fieldErrors?.reason ?? [mine.message])
                  : undefined
              }
            />
            <div>
              <button type="submit" className={buttonClasses("outline", "md")}>
                Contester
              </button>
            </div>
          </Form>
          {mine && mine.intent === MATCHING_INTENTS.accept ? (
            <p role="alert" className="font-semibold text-red-800 sm:col-span-2">
              {mine.message}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
