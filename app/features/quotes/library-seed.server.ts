import { count, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { quoteLibraryItems } from "#app/db/schema/quotes.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { LIBRARY_SUBJECT, type LibraryItem, librarySearchText } from "./library.server.ts";

/*
 * The demo price library of a renovation company in Toulon: the work it prices most
 * often, at prices of the Var in 2026 (HT, supply and fitting), with the cost of one
 * unit (labour hours, materials) so that the margins show. Inserted once, when the
 * library is empty: what the staff create, edit or archive is never touched again.
 */

type SeedItem = Pick<
  LibraryItem,
  "designation" | "description" | "unit" | "unitPriceHt" | "vatCode" | "labourHours" | "materialsCents"
>;

export const LIBRARY_SEED: readonly SeedItem[] = [
  {
    designation: "Démolition de cloison en briques plâtrières",
    description:
      "Démolition soignée à la main, protection des sols et des ouvrages conservés, gravats descendus et mis en big-bag.",
    unit: "m²",
    unitPriceHt: 2800,
    vatCode: "10",
    labourHours: 400,
    materialsCents: 200,
  },
  {
    designation: "Dépose de carrelage au sol et de sa chape",
    description: "Dépose au marteau-piqueur, ragréage non compris. Évacuation des gravats comptée à part.",
    unit: "m²",
    unitPriceHt: 3000,
    vatCode: "10",
    labourHours: 450,
    materialsCents: 150,
  },
  {
    designation: "Évacuation des gravats en déchèterie",
    description: "Chargement, transport et frais de déchèterie agréée (bordereau de suivi remis au client).",
    unit: "m³",
    unitPriceHt: 6500,
    vatCode: "10",
    labourHours: 500,
    materialsCents: 2800,
  },
  {
    designation: "Cloison en plaques de plâtre BA13 sur ossature métallique 72/48",
    description:
      "Deux plaques BA13 (une par face), isolant phonique en laine minérale 45 mm, bandes et enduit de finition prêts à peindre.",
    unit: "m²",
    unitPriceHt: 5500,
    vatCode: "10",
    labourHours: 600,
    materialsCents: 1450,
  },
  {
    designation: "Faux plafond en plaques de plâtre BA13 sur fourrures",
    description: "Fourrures métalliques suspendues, plaque BA13, bandes et enduit, prêt à peindre.",
    unit: "m²",
    unitPriceHt: 6000,
    vatCode: "10",
    labourHours: 700,
    materialsCents: 1500,
  },
  {
    designation: "Peinture acrylique mate, deux couches, murs et plafonds",
    description:
      "Lessivage, rebouchage et ponçage des fonds, une couche d'impression, deux couches de finition mate blanche.",
    unit: "m²",
    unitPriceHt: 2600,
    vatCode: "10",
    labourHours: 300,
    materialsCents: 320,
  },
  {
    designation: "Carrelage au sol en grès cérame 60 × 60, pose collée",
    description:
      "Primaire d'accrochage, colle C2, carrelage grès cérame rectifié (fourniture jusqu'à 30 € HT le m²), joints et plinthes assorties.",
    unit: "m²",
    unitPriceHt: 7500,
    vatCode: "10",
    labourHours: 800,
    materialsCents: 2400,
  },
  {
    designation: "Faïence murale de salle de bains, pose collée",
    description: "Système d'étanchéité sous carrelage en zone humide, faïence 30 × 60, joints hydrofuges.",
    unit: "m²",
    unitPriceHt: 6800,
    vatCode: "10",
    labourHours: 750,
    materialsCents: 1900,
  },
  {
    designation: "Isolation des combles perdus en laine soufflée, R = 7",
    description:
      "Laine de verre soufflée sur 30 cm environ (R ≥ 7 m².K/W), rehausse de trappe, piges de repérage et fiche de chantier.",
    unit: "m²",
    unitPriceHt: 3200,
    vatCode: "5.5",
    labourHours: 100,
    materialsCents: 1200,
  },
  {
    designation: "Remplacement d'un mitigeur de lavabo ou d'évier",
    description:
      "Dépose de l'ancien robinet, fourniture et pose d'un mitigeur à cartouche céramique, flexibles neufs.",
    unit: "u",
    unitPriceHt: 16000,
    vatCode: "10",
    labourHours: 1000,
    materialsCents: 7000,
  },
  {
    designation: "Création d'un point d'eau (alimentation et évacuation)",
    description:
      "Alimentation en PER depuis la nourrice, évacuation PVC Ø 40 avec pente, raccordement et essai d'étanchéité.",
    unit: "forfait",
    unitPriceHt: 42000,
    vatCode: "10",
    labourHours: 4000,
    materialsCents: 9500,
  },
  {
    designation: "Remplacement du tableau électrique, mise en conformité NF C 15-100",
    description:
      "Tableau deux rangées, interrupteurs différentiels 30 mA, disjoncteurs repérés, liaison équipotentielle et attestation Consuel si nécessaire.",
    unit: "forfait",
    unitPriceHt: 165000,
    vatCode: "10",
    labourHours: 8000,
    materialsCents: 62000,
  },
  {
    designation: "Point lumineux ou prise de courant supplémentaire",
    description:
      "Saignée, gaine et câblage depuis le tableau, appareillage blanc, rebouchage avant peinture.",
    unit: "u",
    unitPriceHt: 11000,
    vatCode: "10",
    labourHours: 1200,
    materialsCents: 2000,
  },
  {
    designation: "Ravalement de façade : nettoyage, reprise des fissures et peinture pliolite",
    description:
      "Nettoyage haute pression, traitement anti-mousse, ouverture et rebouchage des fissures, deux couches de peinture pliolite. Échafaudage compté à part.",
    unit: "m²",
    unitPriceHt: 4800,
    vatCode: "10",
    labourHours: 550,
    materialsCents: 900,
  },
];

/**
 * Inserts the demo items when the library is empty; does nothing otherwise (so running
 * it at every start changes nothing). The table is locked for the check and the insert,
 * so two instances starting at once do not both seed it. Returns how many were inserted.
 */
export async function seedQuoteLibrary(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${quoteLibraryItems} in share row exclusive mode`);
    const [existing] = await tx.select({ n: count() }).from(quoteLibraryItems);
    if (Number(existing?.n ?? 0) > 0) return 0;
    const rows = await tx
      .insert(quoteLibraryItems)
      .values(
        LIBRARY_SEED.map((item) => ({
          designation: item.designation,
          description: item.description,
          unit: item.unit,
          unitPriceHtCents: item.unitPriceHt,
          vatCode: item.vatCode,
          labourHours: item.labourHours,
          materialsCents: item.materialsCents,
          searchText: librarySearchText(item),
        })),
      )
      .returning({ id: quoteLibraryItems.id });
    await recordActivities(
      tx,
      rows.map((row) => ({
        subjectType: LIBRARY_SUBJECT,
        subjectId: row.id,
        kind: "created",
        summary: "Article créé (bibliothèque de démonstration)",
        actor: null,
      })),
    );
    return rows.length;
  });
}
