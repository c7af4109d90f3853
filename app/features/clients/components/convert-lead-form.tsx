import { ArrowRight, UserRoundPlus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";

/** Where a lead is converted (POST): app/routes/erp/clients/depuis-prospect.tsx. */
export function convertLeadAction(leadId: string): string {
  return `/erp/clients/depuis-prospect/${leadId}`;
}

/**
 * For the lead's page: « Convertir en client » (a plain POST form, so it works before
 * the scripts load; the server then opens the client's page), or « Voir le client »
 * once the lead was converted. `client` comes from `clientForLead` in the page's loader
 * (app/features/clients/convert.server.ts).
 */
export function ConvertLeadForm({
  leadId,
  client,
  className,
}: {
  leadId: string;
  client: { id: string; name: string } | null;
  className?: string;
}) {
  const navigation = useNavigation();
  const action = convertLeadAction(leadId);
  const converting = navigation.state === "submitting" && navigation.formAction === action;
  if (client) {
    return (
      <Link to={`/erp/clients/${client.id}`} className={buttonClasses("outline", "md", className)}>
        <ArrowRight aria-hidden="true" className="size-4" />
        Voir le client<span className="sr-only"> {client.name}</span>
      </Link>
    );
  }
  return (
    <Form method="post" action={action} className={className}>
      <button type="submit" disabled={converting} className={buttonClasses("secondary", "md")}>
        <UserRoundPlus aria-hidden="true" className="size-4" />
        {converting ? "Conversion…" : "Convertir en client"}
      </button>
    </Form>
  );
}
