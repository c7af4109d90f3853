import { FileText, Phone } from "lucide-react";
import { company } from "#app/config/company.ts";
import { QuoteButton } from "#app/features/quote-request/components/quote-button.tsx";
import { track } from "#app/lib/analytics.ts";

/** Bottom bar on small screens: call, or ask for a quote. */
export function MobileBar() {
  return (
    <nav
      aria-label="Actions rapides"
      className="fixed inset-x-0 bottom-0 z-40 grid grid-cols-2 gap-2 border-t border-brand-100 bg-white/95 p-2 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur md:hidden"
    >
      <a
        href={`tel:${company.phone.e164}`}
        data-track="cta_call_mobile"
        onClick={() => track("cta_call_mobile")}
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-brand-700 font-heading font-semibold text-brand-700"
      >
        <Phone aria-hidden="true" className="size-5" /> Appeler
      </a>
      <QuoteButton trigger="mobile-bar" size="cta">
        <FileText aria-hidden="true" className="size-5" /> Devis gratuit
      </QuoteButton>
    </nav>
  );
}
