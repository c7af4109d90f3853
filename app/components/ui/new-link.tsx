import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type ButtonVariant, buttonClasses } from "./button.tsx";

/** The « Nouveau … » action of a page's header: a link drawn as a button, behind a plus. */
export function NewLink({
  to,
  variant = "secondary",
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClasses(variant, "md")}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
