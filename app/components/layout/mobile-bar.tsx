import { Phone } from "lucide-react";
import type { ReactNode } from "react";
import { company } from "#app/config/company.ts";
import { track } from "#app/lib/analytics.ts";
import { telHref } from "#app/lib/phone.ts";

/** Bottom bar on small screens: call, or ask for a quote. */
/** `quoteButton` comes from the layout: a shared component imports no feature. */
export function MobileBar({ quoteButton }: { quoteButton: ReactNode }) {
  return (
    <nav
      aria-label="Actions rapides"
      className="fixed inset-x-0 bottom-0 z-40 grid grid-cols-2 gap-2 border-t border-brand-100 bg-white/95 p-2 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur md:hidden"
    >
      <a
        href={telHref(company.phone.e164)}
        data-track="cta_call_mobile"
        onClick={() => track("cta_call_mobile")}
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-brand-700 font-heading font-semibold text-brand-700"
      >
        <Phone aria-hidden="true" className="size-5" /> Appeler
      </a>
      {quoteButton}
    </nav>
  );
}
