import { CheckCircle2, FileDown } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SignerFields, SigningCodeRequest } from "#app/components/forms/online-signing.tsx";
import { throwNotFound } from "#app/components/forms/refusal.server.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { company } from "#app/config/company.ts";
import { resolveAuthSecret } from "#app/features/auth/secret.server.ts";
import {
  openReceptionLink,
  ReceptionLinkNotFoundError,
  ReceptionSigningError,
  requestReceptionCode,
  signReceptionOnline,
} from "#app/features/job-sites/reception-online.server.ts";
import { PV_WORDS } from "#app/features/job-sites/reception-schema.ts";
import { AcceptanceNameSchema, parseTyped } from "#app/features/quotes/acceptance-schema.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import { decodeDrawnSignature, maskEmail, SIGNATURE_UNREADABLE } from "#app/lib/online-signing.server.ts";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/reception";
import { PRIVATE_LINK_META, type SigningAnswer, signingRefusal } from "./private-link.ts";

/*
 * /reception/{token}: the client's page of a PV presented for signature (the PV de
 * réception, or a PV de levée des réserves),
 * from the link in its e-mail. Readable on a phone, no tracker, noindex, never cached. The
 * client reads the PV (and downloads it), asks for a six-digit code e-mailed to the address
 * the link was sent to, types his name and the code, may draw his signature, and signs. A
 * wrong token is a 404.
 */

const INTENTS = { code: "code", sign: "signer" } as const;

export { privateLinkHeaders as headers } from "./private-link.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  try {
    return { token: params.token, ...(await openReceptionLink(db, params.token)) };
  } catch (error) {
    throwNotFound(error, ReceptionLinkNotFoundError);
  }
}

type ActionAnswer = SigningAnswer<"code" | "signer">;

export async function action({ request, context, params }: Route.ActionArgs) {
  const services = getServices(context);
  const { clientIp } = context.get(requestContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === INTENTS.code) {
      const { sentTo } = await requestReceptionCode(
        services.db,
        { secret: resolveAuthSecret(services.env), tradeName: company.name },
        params.token,
      );
      services.outbox.wake();
      return data<ActionAnswer>({ ok: true, intent: "code", sentTo: maskEmail(sentTo) });
    }
    if (intent === INTENTS.sign) {
      const signature = decodeDrawnSignature(form.get("signature"));
      if (signature === "invalide") return signingRefusal(intent, SIGNATURE_UNREADABLE, 400, "signature");
      const result = await signReceptionOnline(
        services.db,
        {
          storage: services.storage,
          secret: resolveAuthSecret(services.env),
          notifyEmail: services.env.NOTIFY_EMAIL,
          siteUrl: services.env.SITE_URL,
          identity: await documentIdentity(services.db),
        },
        params.token,
        {
          name: String(form.get("name") ?? ""),
          code: String(form.get("code") ?? ""),
          signaturePng: signature,
          ip: clientIp,
          userAgent: request.headers.get("user-agent") ?? "",
        },
        (value) => parseTyped(AcceptanceNameSchema, value),
      );
      if (!result.ok) return signingRefusal(intent, result.message, 400, result.field);
      services.outbox.wake();
      return data<ActionAnswer>({ ok: true, intent: "signer", sentTo: "" });
    }
    return signingRefusal(intent, "Action inconnue.", 400);
  } catch (error) {
    if (error instanceof ReceptionSigningError)
      return signingRefusal(intent, error.message, error.status, error.field);
    throwNotFound(error, ReceptionLinkNotFoundError);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${PV_WORDS[loaderData.kind].short} ${loaderData.siteNumber} | ${company.name}`
      : `PV introuvable | ${company.name}`,
  },
  ...PRIVATE_LINK_META,
];

export default function ReceptionSigningPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    kind,
    receptionOn,
    token,
    state,
    siteNumber,
    siteTitle,
    siteAddress,
    clientName,
    receivedOn,
    reservations,
    sentTo,
    signed,
  } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const refused = actionData && !actionData.ok ? actionData : null;
  const codeSent = actionData?.ok && actionData.intent === "code" ? actionData.sentTo : null;
  const fieldError = (field: string) => (refused?.field === field ? [refused.message] : undefined);
  const words = PV_WORDS[kind];
  const lifting = kind === "levee";

  return (
    <div className="container-page grid max-w-3xl gap-5 py-5 sm:gap-6 sm:py-8">
      <header className="grid gap-2">
        <p className="text-sm font-semibold text-slate-700">{company.name}</p>
        <h1 className="text-2xl font-bold text-brand-900">{words.title}</h1>
        <p>
          Chantier {siteNumber} : « {siteTitle} »{siteAddress ? `, ${siteAddress}` : ""}. Maître d'ouvrage :{" "}
          {clientName}.
        </p>
        {lifting ? (
          <p>
            PV du <strong>{formatDate(receivedOn)}</strong> : levée de {reservations.length} réserve(s) du PV
            de réception du {formatDate(receptionOn)}.
          </p>
        ) : (
          <p>
            Réception prononcée le <strong>{formatDate(receivedOn)}</strong>,{" "}
            {reservations.length === 0 ? "sans réserve" : `avec ${reservations.length} réserve(s)`}.
          </p>
        )}
        <p>
          <a href={`/reception/${token}/pdf`} className={buttonClasses("secondary", "md")}>
            <FileDown aria-hidden="true" className="size-4" />
            {signed ? "Télécharger le PV signé (PDF)" : "Télécharger le PV (PDF)"}
          </a>
        </p>
      </header>

      {reservations.length > 0 ? (
        <section aria-labelledby="reserves" className="grid gap-2">
          <h2 id="reserves" className="text-lg font-bold text-brand-900">
            {lifting ? "Réserves levées" : "Réserves"}
          </h2>
          <ol className="grid list-decimal gap-1 pl-6">
            {reservations.map((reservation) => (
              <li key={`${reservation.description}-${reservation.deadline}`} className="break-words">
                {reservation.description} ({reservation.lot ?? "ensemble du chantier"}) —{" "}
                {reservation.liftedOn
                  ? `levée le ${formatDate(reservation.liftedOn)}`
                  : `à lever avant le ${formatDate(reservation.deadline)}`}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {signed ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-green-300 bg-green-50 p-4 font-semibold text-green-950"
        >
          <CheckCircle2 aria-hidden="true" className="size-5" />
          PV signé{signed.name ? ` par ${signed.name}` : ""} le {formatDateTime(signed.at)}. Votre exemplaire
          vous a été envoyé par e-mail.
        </p>
      ) : state === "annule" ? (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950"
        >
          Ce PV est en cours de correction : un nouveau lien vous sera envoyé.
        </p>
      ) : (
        <section
          aria-labelledby="signer"
          className="grid gap-4 rounded-xl border border-brand-200 bg-white p-4 sm:p-6"
        >
          <h2 id="signer" className="text-lg font-bold text-brand-900">
            Signer le PV
          </h2>
          {refused && !refused.field ? <FormAlert errors={[refused.message]} /> : null}
          <p className="text-slate-800">
            {lifting
              ? "En signant, vous constatez que les réserves listées ont été levées aux dates indiquées."
              : "En signant, vous prononcez la réception des travaux à la date indiquée, avec les réserves listées (article 1792-6 du Code civil)."}{" "}
            Un code à six chiffres est envoyé à votre adresse e-mail ({sentTo}).
          </p>
          <SigningCodeRequest intent={INTENTS.code} pending={pending} codeSent={codeSent} />
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value={INTENTS.sign} />
            <SignerFields fieldError={fieldError} />
            <div>
              <button type="submit" className={buttonClasses("primary", "cta")} disabled={pending !== null}>
                {pending === INTENTS.sign ? "Enregistrement…" : `Signer le ${words.short}`}
              </button>
            </div>
          </Form>
        </section>
      )}

      <footer className="text-sm text-slate-700">
        {company.legalName} · {company.address.street}, {company.address.postalCode} {company.address.city} ·{" "}
        {company.phone.display} · {company.email}
      </footer>
    </div>
  );
}
