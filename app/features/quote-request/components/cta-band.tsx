import { CallLink } from "#app/components/ui/call-link.tsx";
import { QuoteButton } from "./quote-button.tsx";

/** The closing call to action of a page: a quote button (to /devis) and the phone number. */
export function CtaBand({
  heading,
  text,
  buttonLabel = "Demander un devis gratuit",
  trigger = "cta",
}: {
  heading: string;
  text: string;
  buttonLabel?: string;
  trigger?: "cta" | "service";
}) {
  return (
    <section aria-labelledby="appel-a-l-action" className="container-page py-14 lg:py-20">
      <div className="grid gap-6 rounded-3xl bg-brand-900 px-6 py-10 text-brand-50 sm:px-10 lg:grid-cols-[1fr_auto] lg:items-center lg:px-14">
        <div>
          <h2 id="appel-a-l-action" className="text-2xl font-extrabold text-white sm:text-3xl">
            {heading}
          </h2>
          <p className="mt-3 max-w-prose text-lg leading-relaxed text-brand-100">{text}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <QuoteButton trigger={trigger}>{buttonLabel}</QuoteButton>
          <CallLink
            className="inline-flex min-h-12 items-center gap-2 rounded-lg border-2 border-brand-100 px-5 font-heading font-semibold text-white hover:bg-brand-800"
            iconClassName="size-5"
          />
        </div>
      </div>
    </section>
  );
}
