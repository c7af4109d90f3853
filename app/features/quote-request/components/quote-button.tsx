import type { MouseEvent, ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { type ButtonSize, type ButtonVariant, buttonClasses } from "#app/components/ui/button.tsx";
import { track } from "#app/lib/analytics.ts";
import { openQuoteModal } from "../quote-modal-store.ts";
import { loadQuoteModal } from "./quote-modal.tsx";

export type QuoteTrigger = "header" | "hero" | "service" | "contact" | "mobile-bar" | "cta" | "other";

/**
 * Every "ask for a quote" button of the site. It is a real link to /devis, so it
 * works without JavaScript (and opens in a new tab on a modified click); once the
 * page runs, a plain click opens the quote modal instead.
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
  const { pathname } = useLocation();
  const preload = () => {
    loadQuoteModal().catch(() => {});
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // On /devis the form is already on the page: the link simply stays there.
    if (pathname === "/devis") return;
    event.preventDefault();
    openQuoteModal(trigger, event.currentTarget);
    track("cta_devis_modal_open", { trigger });
    track("devis_form_view", { source: "modal" });
  };
  return (
    <Link
      to="/devis"
      data-quote-trigger={trigger}
      onClick={onClick}
      onPointerEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      className={buttonClasses(variant, size, className)}
    >
      {children}
    </Link>
  );
}
