import { Phone } from "lucide-react";
import { company } from "#app/config/company.ts";
import { telHref } from "#app/lib/phone.ts";

/** A link that calls the company: its icon and number, « Appeler le » for screen readers. */
export function CallLink({ className, iconClassName }: { className: string; iconClassName: string }) {
  return (
    <a href={telHref(company.phone.e164)} className={className}>
      <Phone aria-hidden="true" className={iconClassName} />
      <span>
        <span className="sr-only">Appeler le </span>
        {company.phone.display}
      </span>
    </a>
  );
}
