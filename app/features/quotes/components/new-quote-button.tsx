import { FilePlus2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";

const ACTION = "/erp/devis/nouveau";

/**
 * « Faire un devis » on a client's page or a lead's page: a plain POST form (it works
 * before the scripts load) to app/routes/erp/devis/nouveau.tsx, which creates the draft
 * (converting the lead into a client on the way) and opens the editor.
 */
export function NewQuoteButton({
  clientId,
  leadId,
  className,
}: {
  clientId?: string;
  leadId?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formAction === ACTION;
  return (
    <Form method="post" action={ACTION} className={className}>
      {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
      {leadId ? <input type="hidden" name="prospect" value={leadId} /> : null}
      <button type="submit" disabled={creating} className={buttonClasses("primary", "md")}>
        <FilePlus2 aria-hidden="true" className="size-4" />
        {creating ? "Création du devis…" : "Faire un devis"}
      </button>
    </Form>
  );
}
