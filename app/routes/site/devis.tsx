import { CheckCircle2, Clock, Phone } from "lucide-react";
import { useEffect } from "react";
import { data, redirect } from "react-router";
import { company } from "#app/config/company.ts";
import { QuoteForm } from "#app/features/quote-request/components/quote-form.tsx";
import { submitQuoteRequest } from "#app/features/quote-request/quote.server.ts";
import { QUOTE_FORM_ERRORS, type QuoteActionResult } from "#app/features/quote-request/schema.ts";
import { track } from "#app/lib/analytics.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import { telHref } from "#app/lib/phone.ts";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/devis";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Demande de devis gratuit"),
    description: "Décrivez votre projet : nous vous répondons sous 48 heures (jours ouvrés).",
    path: "/devis",
    siteUrl: siteUrlFrom(matches),
  });

/**
 * The page answered to a form posted without JavaScript carries the action's own
 * headers too (Retry-After with a 503, no-store), not only its status.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of ["Cache-Control", "Retry-After", "Allow"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/**
 * The quote form posts here, from the modal (fetcher) and from this page. A
 * submission made without JavaScript is answered with this page and its errors,
 * or redirected to /merci; a script gets the result as data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data<QuoteActionResult>(
      { status: "error", formError: QUOTE_FORM_ERRORS.method, fieldErrors: {}, values: null },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  const formData = await request.formData().catch(() => null);
  const outcome = await submitQuoteRequest(
    getServices(context),
    formData,
    context.get(requestContext).clientIp,
  );
  if (outcome.kind === "refused") {
    const headers: Record<string, string> = { "Cache-Control": "no-store" };
    if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
    return data<QuoteActionResult>(
      {
        status: "error",
        formError: outcome.formError,
        fieldErrors: outcome.fieldErrors,
        values: outcome.values,
      },
      { status: outcome.status, headers },
    );
  }
  if (formData?.get("js") !== "1") throw redirect("/merci", 303);
  return data<QuoteActionResult>(
    { status: "success", source: outcome.source, workType: outcome.workType },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * In the browser: a network failure or a refusal from the server's guards (body too
 * large, cross-site) becomes an error result for the form, instead of replacing the
 * page with the error screen.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<QuoteActionResult> {
  try {
    return (await serverAction()) as QuoteActionResult;
  } catch {
    return { status: "error", formError: QUOTE_FORM_ERRORS.unavailable, fieldErrors: {}, values: null };
  }
}

export default function DevisPage({ actionData }: Route.ComponentProps) {
  useEffect(() => {
    track("devis_form_view", { source: "page" });
  }, []);

  return (
    <div className="container-page pt-28 pb-16 lg:pt-32">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="devis-titre" className="max-w-2xl">
          <h1 id="devis-titre" className="text-3xl font-extrabold sm:text-4xl">
            Demande de devis gratuit
          </h1>
          <p className="mt-3 text-lg text-slate-700">
            Décrivez votre projet : nous vous répondons sous 48 heures (jours ouvrés).
          </p>
          <div className="mt-8 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-8">
            <QuoteForm source="page" serverResult={actionData} />
          </div>
        </section>
        <aside aria-label="Pourquoi nous confier votre projet" className="grid content-start gap-4">
          <div className="rounded-2xl bg-sand p-5">
            <h2 className="text-lg font-bold">Votre devis, sans engagement</h2>
            <ul className="mt-3 grid gap-3 text-sm">
              {[
                "Devis détaillé et gratuit",
                "Garantie décennale et certification RGE",
                "Intervention à Toulon et 30 km alentour",
              ].map((item) => (
                <li key={item} className="flex gap-2">
                  <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-brand-100 p-5">
            <p className="flex items-center gap-2 font-heading font-semibold text-brand-900">
              <Clock aria-hidden="true" className="size-5 text-brand-700" /> Réponse sous 48 h (jours ouvrés)
            </p>
            <p className="mt-3 text-sm text-slate-700">Vous préférez en parler ? Appelez-nous :</p>
            <a
              href={telHref(company.phone.e164)}
              className="mt-2 inline-flex min-h-11 items-center gap-2 font-heading text-lg font-bold text-brand-700 underline"
            >
              <Phone aria-hidden="true" className="size-5" /> {company.phone.display}
            </a>
            <p className="mt-1 text-sm text-slate-700">{company.hours.label}</p>
          </div>
        </aside>
      </div>
    </div>
  );
}
