import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { CLIENT_KIND_LABELS, type ClientKind } from "../schema.ts";

/** « Particulier » or « Entreprise ». */
export function ClientKindBadge({ kind }: { kind: ClientKind }) {
  return (
    <StatusBadge tone={kind === "entreprise" ? "info" : "neutral"}>{CLIENT_KIND_LABELS[kind]}</StatusBadge>
  );
}

/** Shown on a client whose personal data was replaced (GDPR). */
export function AnonymisedBadge() {
  return <StatusBadge tone="warning">Anonymisé</StatusBadge>;
}
