import { CheckCircle2, XCircle } from "lucide-react";
import { type SyntheticEvent, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { CheckboxField, TextareaField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SignerFields, SigningCodeRequest } from "#app/components/forms/online-signing.tsx";
import { throwNotFound } from "#app/components/forms/refusal.server.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { company } from "#app/config/company.ts";
import { resolveAuthSecret } from "#app/features/auth/secret.server.ts";
import {
  AcceptanceError,
  acceptQuote,
  maskEmail,
  openQuoteLink,
  QuoteLinkNotFoundError,
  refuseQuote,
  requestAcceptanceCode,
} from "#app/features/quotes/acceptance.server.ts";
import { AgreementDecision, AgreementHeader } from "#app/features/quotes/components/agreement-summary.tsx";
import { QuoteDocument } from "#app/features/quotes/components/quote-document.tsx";
import { ONLINE_ACCEPTANCE_NOTICE } from "#app/features/quotes/mentions.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { decodeDrawnSignature } from "#app/lib/online-signing.server.ts";
import type { Route } from "./+types/accord";
import { PRIVATE_LINK_META, type SigningAnswer, signingRefusal } from "./private-link.ts";

/*
 * /accord/{token}: the client's page of a sent quote, from the link in its e-mail.
 * Readable on a phone, no tracker (app/root.tsx leaves the consent manager out here),
 * noindex, never cached. « Accepter le devis » proves the signer's e-mail with a
 * six-digit code; « Refuser le devis » takes an optional reason. A wrong token is a 404.
 */

const INTENTS = { code: "code", accept: "accepter", refuse: "refuser" } as const;

export { privateLinkHeaders as headers } from "./private-link.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  try {
    // The page's own projection of the quote: nothing of the staff's figures.
    const { view } = await openQuoteLink(db, params.token);
    return { token: params.token, ...view };
  } catch (error) {
    throwNotFound(error, QuoteLinkNotFoundError);
  }
}

type ActionAnswer = SigningAnswer<"code">;

export async function action({ request, context, params }: Route.ActionArgs) {
  const services = getServices(context);
  const { clientIp } = context.get(requestContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const identity = { tradeName: company.name };
  try {
    if (intent === INTENTS.code) {
      const { sentTo } = await requestAcceptanceCode(
        services.db,
        { secret: resolveAuthSecret(services.env), identity },
        params.token,
      );
      services.outbox.wake();
      return data<ActionAnswer>({ ok: true, intent: "code", sentTo: maskEmail(sentTo) });
    }
    if (intent === INTENTS.accept) {
      const signature = decodeDrawnSignature(form.get("signature"));
      if (signature === "invalide") {
        return signingRefusal(
          intent,
          "La signature dessinée est illisible : effacez-la et recommencez.",
          400,
          "signature",
        );
      }
      const result = await acceptQuote(
        services.db,
        {
          storage: services.storage,
          secret: resolveAuthSecret(services.env),
          notifyEmail: services.env.NOTIFY_EMAIL,
          siteUrl: services.env.SITE_URL,
        },
        params.token,
        {
          name: String(form.get("name") ?? ""),
          code: String(form.get("code") ?? ""),
          bonPourAccord: form.get("bonPourAccord") === "oui",
          certificationConfirmed: form.get("certification") === "oui",
          signaturePng: signature,
          ip: clientIp,
          userAgent: request.headers.get("user-agent") ?? "",
        },
      );
      if (!result.ok) return signingRefusal(intent, result.message, 400, result.field);
      services.outbox.wake();
      services.logger.info({ token: "***" }, "devis accepté en ligne");
      return data<ActionAnswer>({ ok: true, intent: "code", sentTo: "" });
    }
    if (intent === INTENTS.refuse) {
      const reason = String(form.get("reason") ?? "");
      await refuseQuote(
        services.db,
        { notifyEmail: services.env.NOTIFY_EMAIL, siteUrl: services.env.SITE_URL },
        params.token,
        { reason, ip: clientIp, userAgent: request.headers.get("user-agent") ?? "" },
      );
      services.outbox.wake();
      return data<ActionAnswer>({ ok: true, intent: "code", sentTo: "" });
    }
    return signingRefusal(intent, "Action inconnue.", 400);
  } catch (error) {
    if (error instanceof AcceptanceError)
      return signingRefusal(intent, error.message, error.status, error.field);
    throwNotFound(error, QuoteLinkNotFoundError);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Devis ${loaderData.displayNumber} | ${company.name}`
      : `Devis introuvable | ${company.name}`,
  },
  ...PRIVATE_LINK_META,
];

const STATE_MESSAGES = {
  expire: "Ce devis a expiré : il ne peut plus être accepté. Contactez-nous pour une offre à jour.",
  remplace: "Ce devis a été remplacé par une nouvelle version, qui vous a été envoyée par e-mail.",
} as const;

type Choice = "accepter" | "refuser";

const choiceClass =
  "flex min-h-12 cursor-pointer list-none items-center justify-center gap-2 rounded-lg px-4 py-3 text-base " +
  "font-bold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 " +
  "[&::-webkit-details-marker]:hidden";

export default function QuoteAgreementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, state, displayNumber, clientName, content, totals, mentions, validUntil, sentTo, decision } =
    loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const refused = actionData && !actionData.ok ? actionData : null;
  const codeSent =
    actionData?.ok && actionData.intent === "code" && actionData.sentTo ? actionData.sentTo : null;
  const fieldError = (field: string) => (refused?.field === field ? [refused.message] : undefined);
  // The choice the client made: opened by a tap, or by the answer to a form of its panel.
  // null until the client taps one; « aucun » once they close the one they had opened.
  const [chosen, setChosen] = useState<Choice | "aucun" | null>(null);
  const answered: Choice | null = actionData
    ? actionData.intent === INTENTS.refuse
      ? "refuser"
      : "accepter"
    : null;
  const choice = chosen === null ? answered : chosen === "aucun" ? null : chosen;
  const toggled = (which: Choice) => (event: SyntheticEvent<HTMLDetailsElement>) => {
    const open = event.currentTarget.open;
    if (open) setChosen(which);
    else if (choice === which) setChosen("aucun");
  };
  const amount = content.reverseCharge
    ? `${formatCents(totals.totalHt)} HT`
    : `${formatCents(totals.totalTtc)} TTC`;

  return (
    <div className="container-page grid max-w-3xl gap-5 py-5 sm:gap-6 sm:py-8">
      <AgreementHeader
        token={token}
        displayNumber={displayNumber}
        title={content.title}
        clientName={clientName}
        reverseCharge={content.reverseCharge}
        amount={amount}
        validUntil={state === "ouvert" ? validUntil : null}
      />

      <AgreementDecision token={token} state={state} decision={decision} />
      {state === "expire" || state === "remplace" ? (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950"
        >
          {STATE_MESSAGES[state]}
        </p>
      ) : null}

      {state === "ouvert" ? (
        <section aria-labelledby="votre-reponse" className="grid gap-3">
          <h2 id="votre-reponse" className="text-lg font-bold text-brand-900">
            Votre réponse
          </h2>
          {/* Native disclosures: they open without scripts, by keyboard, and say whether they are open. */}
          <details
            open={choice === "accepter"}
            onToggle={toggled("accepter")}
            className="group rounded-xl border border-brand-200 bg-white open:p-4 sm:open:p-6"
          >
            <summary
              className={`${choiceClass} bg-accent-700 text-white hover:bg-accent-800 group-open:mb-4 group-open:bg-brand-50 group-open:text-brand-900`}
            >
              <CheckCircle2 aria-hidden="true" className="size-5" />
              Accepter le devis
            </summary>
            <div className="grid gap-4">
              {refused && refused.intent !== INTENTS.refuse && !refused.field ? (
                <FormAlert errors={[refused.message]} />
              ) : null}
              <p className="text-sm text-slate-800">{ONLINE_ACCEPTANCE_NOTICE}</p>
              <p className="text-slate-800">
                Un code à six chiffres est envoyé à l'adresse e-mail du devis ({sentTo}).
              </p>
              <SigningCodeRequest intent={INTENTS.code} pending={pending} codeSent={codeSent} />
              <Form method="post" className="grid gap-4">
                <input type="hidden" name="intent" value={INTENTS.accept} />
                <CheckboxField
                  name="bonPourAccord"
                  value="oui"
                  label={`Bon pour accord : j'accepte le devis ${displayNumber} tel qu'il est présenté ci-dessous.`}
                  required
                  errors={fieldError("bonPourAccord")}
                />
                {mentions.certifications.length > 0 ? (
                  <CheckboxField
                    name="certification"
                    value="oui"
                    label="Je certifie les conditions du taux réduit de TVA ci-dessous."
                    hint={mentions.certifications.join(" ")}
                    required
                    errors={fieldError("certification")}
                  />
                ) : null}
                <SignerFields fieldError={fieldError} />
                <div>
                  <button
                    type="submit"
                    className={buttonClasses("primary", "cta")}
                    disabled={pending !== null}
                  >
                    {pending === INTENTS.accept ? "Enregistrement…" : "Signer et accepter le devis"}
                  </button>
                </div>
              </Form>
            </div>
          </details>

          <details
            open={choice === "refuser"}
            onToggle={toggled("refuser")}
            className="group rounded-xl border border-slate-300 bg-white open:p-4 sm:open:p-6"
          >
            <summary
              className={`${choiceClass} border border-transparent bg-white text-brand-900 hover:bg-slate-50 group-open:mb-4 group-open:bg-slate-50`}
            >
              <XCircle aria-hidden="true" className="size-5" />
              Refuser le devis
            </summary>
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value={INTENTS.refuse} />
              <TextareaField
                name="reason"
                label="Motif (facultatif)"
                rows={3}
                maxLength={2000}
                errors={refused?.intent === INTENTS.refuse ? [refused.message] : undefined}
              />
              <div>
                <button type="submit" className={buttonClasses("outline", "md")} disabled={pending !== null}>
                  {pending === INTENTS.refuse ? "Envoi…" : "Confirmer le refus"}
                </button>
              </div>
            </Form>
          </details>
        </section>
      ) : null}

      <article
        id="contenu-devis"
        aria-label={`Contenu du devis ${displayNumber}`}
        className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <QuoteDocument
          content={content}
          totals={totals}
          mentions={mentions}
          validUntil={validUntil}
          level={2}
          certificationsIn={state === "ouvert" ? "formulaire" : "document"}
        />
      </article>

      <footer className="text-sm text-slate-700">
        {company.legalName} · {company.address.street}, {company.address.postalCode} {company.address.city} ·{" "}
        {company.phone.display} · {company.email}
      </footer>
    </div>
  );
}
