import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { type ClientKind, clientKindLabels } from "../schema.ts";

/** « Particulier » or « Entreprise ». */
export function ClientKindBadge({ kind }: { kind: ClientKind }) {
  return (
    <StatusBadge tone={kind === "entreprise" ? "info" : "neutral"}>{clientKindLabels[kind]}</StatusBadge>
  );
}

/** Shown on a client whose personal data was replaced (GDPR). */
export function AnonymisedBadge() {
  return <StatusBadge tone="warning">Anonymisé</StatusBadge>;
}
