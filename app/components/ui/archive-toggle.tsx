import { Archive, ArchiveRestore } from "lucide-react";
import { Form } from "react-router";
import { buttonClasses } from "./button.tsx";

/**
 * « Archiver » / « Restaurer »: the post that takes a record out of the lists, or brings
 * it back, with the page's two intents.
 */
export function ArchiveToggle({
  archived,
  intents,
  disabled,
}: {
  archived: boolean;
  intents: { archive: string; restore: string };
  disabled: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={archived ? intents.restore : intents.archive} />
      <button type="submit" disabled={disabled} className={buttonClasses("outline", "md")}>
        {archived ? (
          <ArchiveRestore aria-hidden="true" className="size-4" />
        ) : (
          <Archive aria-hidden="true" className="size-4" />
        )}
        {archived ? "Restaurer" : "Archiver"}
      </button>
    </Form>
  );
}
