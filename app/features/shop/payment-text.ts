import { company, fullAddress } from "#app/config/company.ts";

/** How a manual-payment order is paid: shown before ordering and repeated in the confirmation e-mail. */
export const MANUAL_PAYMENT_INSTRUCTIONS = [
  "Votre commande est réservée : le stock est mis de côté pour vous.",
  "Paiement par virement : nous vous appelons pour confirmer la commande et vous envoyons notre RIB ; indiquez la référence de la commande dans le libellé du virement. La commande part dès réception du virement.",
  `Paiement au retrait : réglez par carte bancaire ou par chèque à notre atelier, ${fullAddress} (${company.hours.label.toLowerCase()}).`,
] as const;
