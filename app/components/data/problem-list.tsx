import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useAlertProps } from "#app/components/forms/form-alert.tsx";
import type { Problem } from "#app/lib/problems.ts";

/*
 * A list of what is missing (app/features/erp/problems.ts), each message a link to the
 * field that fixes it. A link to a field of the same page moves the focus there (which
 * scrolls it into view); a link to another page lands on the field through
 * `useFocusHashTarget`, which the Espace Pro frame runs on every page.
 */

/** Focuses (and scrolls to) the element the fragment names, once the page shows it. */
export function focusTarget(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ block: "center" });
  if (target.tabIndex < 0 && !target.matches("input, select, textarea, button, a[href]")) {
    target.setAttribute("tabindex", "-1");
  }
  target.focus({ preventScroll: true });
  return true;
}

/** On arrival at `/page#field`, the field gets the focus (the browser alone only scrolls). */
export function useFocusHashTarget(): void {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!pathname || hash.length < 2) return;
    focusTarget(decodeURIComponent(hash.slice(1)));
  }, [hash, pathname]);
}

const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export function ProblemLink({ item }: { item: Problem }) {
  if (!item.href) return <>{item.message}</>;
  const href = item.href;
  if (href.startsWith("#")) {
    return (
      <a
        href={href}
        className={linkClass}
        onClick={(event) => {
          if (focusTarget(href.slice(1))) event.preventDefault();
        }}
      >
        {item.message}
      </a>
    );
  }
  return (
    <Link to={href} className={linkClass}>
      {item.message}
    </Link>
  );
}

export function ProblemList({
  items,
  className,
  testId,
}: {
  items: readonly Problem[];
  className?: string;
  testId?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={className ?? "mt-1 grid list-disc gap-1 pl-5 text-slate-800"} data-testid={testId}>
      {items.map((item) => (
        <li key={item.message}>
          <ProblemLink item={item} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A refusal with what is missing: read out at once (`role="alert"`), focused when it
 * appears (as FormAlert), each reason a link to the field that fixes it.
 */
export function ProblemAlert({
  id,
  message,
  items,
  testId,
}: {
  id?: string;
  message: string;
  items: readonly Problem[];
  testId?: string;
}) {
  const alert = useAlertProps([message, ...items.map((item) => item.message)].join("\n"));
  return (
    <div
      {...alert}
      id={id}
      className="grid gap-1 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
    >
      <p>{message}</p>
      <ProblemList items={items} testId={testId} className="grid list-disc gap-1 pl-5" />
    </div>
  );
}
