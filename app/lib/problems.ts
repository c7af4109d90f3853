/*
 * What stops a document (« Avant l'envoi » of a quote, « Émettre » of an invoice, the
 * dashboard's setup checklist), as data: the French message, and where it is fixed —
 * the page and the id of the field to fill. Every screen shows the message as a link to
 * that field (ProblemList). Browser-safe.
 */

/** A reason a document cannot go, and the address of the field that fixes it (null: none). */
export type Problem = { message: string; href: string | null };

/** A problem with nowhere to send the user (the document's own figures, say). */
export function problem(message: string, href: string | null = null): Problem {
  return { message, href };
}

/** The messages alone, for the errors' text and the logs. */
export function messagesOf(problems: readonly Problem[]): string[] {
  return problems.map((item) => item.message);
}

/**
 * The fields of /erp/parametres a document needs; every input's id there is its name
 * (app/features/settings/components/settings-form.tsx, SETTINGS_FIELDS).
 */
export type SettingsFieldId = "bankAccountHolder" | "iban" | "bic" | "paymentTermsText";

/** A field of /erp/parametres. */
export function settingsHref(field: SettingsFieldId): string {
  return `/erp/parametres#${field}`;
}

/** The ids of the client form's fields (client-form.tsx). */
export const CLIENT_FIELD_IDS = {
  billingStreet: "client-billing-street",
  billingPostalCode: "client-billing-postal-code",
  billingCity: "client-billing-city",
  email: "client-email",
  siren: "client-siren",
  vatNumber: "client-vat",
} as const;

/** A field of the client's edit page; null when the client is not known (no link then). */
export function clientHref(clientId: string | null | undefined, field: keyof typeof CLIENT_FIELD_IDS) {
  return clientId ? `/erp/clients/${clientId}/modifier#${CLIENT_FIELD_IDS[field]}` : null;
}

/** A field of the quote editor, on the page that shows it (ids.field of quote-editor/shared.tsx). */
export function editorHref(path: string): string {
  return `#${editorFieldId(path)}`;
}

/** The id of a quote editor's header or terms field, by its path (« site.street »). */
export function editorFieldId(path: string): string {
  return `devis-${path.replaceAll(".", "-")}`;
}

/**
 * The problems as a member sees them: the links to /erp/parametres only for those who
 * may open it (the owners); for the others, the message alone (it names the settings).
 */
export function forMember(problems: readonly Problem[], canEditSettings: boolean): Problem[] {
  if (canEditSettings) return [...problems];
  return problems.map((item) =>
    item.href?.startsWith("/erp/parametres") ? { message: item.message, href: null } : item,
  );
}
