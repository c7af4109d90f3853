import type { ReactNode } from "react";
import { Link } from "react-router";
import { type ButtonSize, type ButtonVariant, buttonClasses } from "#app/components/ui/button.tsx";

export type QuoteTrigger = "header" | "hero" | "service" | "contact" | "mobile-bar" | "cta" | "other";

/**
 * Every "ask for a quote" button of the site. It is a real link to /devis, so it
 * works without JavaScript; once the quote modal exists it opens it instead.
 */
export function QuoteButton({
  trigger,
  children,
  variant = "primary",
  size = "cta",
  className = "",
}: {
  trigger: QuoteTrigger;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <Link to="/devis" data-quote-trigger={trigger} className={buttonClasses(variant, size, className)}>
      {children}
    </Link>
  );
}
