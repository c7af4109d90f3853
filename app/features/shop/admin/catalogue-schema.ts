import { MoneySchema } from "#app/lib/money.ts";
import { hasControlCharacters, hasControlCharactersInText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";
import { ADJUSTMENT_REASONS } from "./catalogue-labels.ts";

/*
 * The catalogue's forms, shared by the browser and the server actions: the product, variant
 * and stock-adjustment forms (the list's filters are in schema.ts). Every message is the one the form
 * shows under its field.
 */

const line = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} : ${max} caractères au plus.`)
    .refine(
      (value) => !hasControlCharacters(value),
      `${label} : une seule ligne, sans caractère de contrôle.`,
    );

export const DESCRIPTION_MAX = 20_000;

export const ProductFormSchema = z.object({
  title: line(120, "Titre").pipe(z.string().min(1, "Indiquez le titre du produit.")),
  subtitle: line(200, "Sous-titre"),
  ribbonText: line(30, "Bandeau"),
  description: z
    .string()
    .max(DESCRIPTION_MAX, `Description : ${DESCRIPTION_MAX} caractères au plus.`)
    .refine(
      (value) => !hasControlCharactersInText(value),
      "Description : un caractère de contrôle n'y a pas sa place.",
    ),
});
export type ProductFormInput = z.input<typeof ProductFormSchema>;

const optionalMoney = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === "") return null;
    const parsed = MoneySchema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Montant invalide." });
      return z.NEVER;
    }
    return parsed.data;
  });

const wholeNumber = (label: string, max: number, optional: boolean) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "" && optional) return null;
      if (!/^\d{1,9}$/.test(value) || Number(value) > max) {
        ctx.addIssue({
          code: "custom",
          message: `${label} : un nombre entier entre 0 et ${max.toLocaleString("fr-FR")}.`,
        });
        return z.NEVER;
      }
      return Number(value);
    });

export const VariantFormSchema = z
  .object({
    title: line(80, "Nom de la variante").pipe(
      z.string().min(1, "Indiquez le nom de la variante (son « Style »)."),
    ),
    sku: line(64, "Référence (SKU)"),
    price: z.string().trim().min(1, "Indiquez le prix TTC.").pipe(MoneySchema),
    salePrice: optionalMoney,
    weight: wholeNumber("Poids (g)", 1_000_000, true),
    manageInventory: z.boolean(),
    lowStockThreshold: wholeNumber("Seuil de stock bas", 100_000, false).pipe(z.number()),
  })
  .refine((value) => value.price >= 0, { message: "Le prix ne peut pas être négatif.", path: ["price"] })
  .refine((value) => value.salePrice === null || value.salePrice < value.price, {
    message: "Le prix soldé doit être inférieur au prix.",
    path: ["salePrice"],
  })
  .refine((value) => value.salePrice === null || value.salePrice >= 0, {
    message: "Le prix soldé ne peut pas être négatif.",
    path: ["salePrice"],
  });
export type VariantFormInput = z.input<typeof VariantFormSchema>;
export type VariantFormValues = z.output<typeof VariantFormSchema>;

export const ADJUSTMENT_MAX = 100_000;

export const StockAdjustmentSchema = z
  .object({
    reason: z.enum(ADJUSTMENT_REASONS, { error: "Choisissez le motif : réception, inventaire ou casse." }),
    quantity: wholeNumber("Quantité", ADJUSTMENT_MAX, false).pipe(z.number()),
    note: line(200, "Commentaire"),
  })
  .refine((value) => value.reason === "inventaire" || value.quantity > 0, {
    message: "Indiquez une quantité d'au moins 1.",
    path: ["quantity"],
  });
export type StockAdjustmentInput = z.input<typeof StockAdjustmentSchema>;

/** The first French message of a failed parse, with its field. */
export function firstProblem(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? ""), message: issue?.message ?? "Saisie invalide." };
}
