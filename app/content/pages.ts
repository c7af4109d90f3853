import { company } from "#app/config/company.ts";
import type { SmallPages } from "#app/content/types.ts";

/** Titles and texts of the small pages: /devis, /merci, /success, /faq and the 404 page. */
export const pages: SmallPages = {
  devis: {
    title: `Devis gratuit travaux à Toulon | ${company.name}`,
    metaDescription:
      "Demandez votre devis gratuit de construction, rénovation, ravalement ou isolation à Toulon et dans le Var. Réponse sous 48 h, jours ouvrés.",
    h1: "Demandez votre devis gratuit",
    lead: "Décrivez votre projet en quelques lignes, ajoutez des photos si vous le souhaitez : nous vous répondons sous 48 heures (jours ouvrés) pour convenir d'une visite et établir un devis détaillé, sans engagement.",
  },
  merci: {
    title: `Demande reçue | ${company.name}`,
    h1: "Votre demande a bien été reçue !",
    text: `Merci pour votre confiance. Notre équipe étudie votre projet et vous répond sous 24 heures ouvrées. Pour toute urgence, appelez-nous au ${company.phone.display}.`,
  },
  success: {
    title: `Paiement réussi | ${company.name}`,
    h1: "Paiement Réussi !",
    text: "Merci pour votre achat. Votre paiement a bien été reçu et votre commande est en cours de traitement. Vous allez recevoir un e-mail de confirmation avec le détail de votre commande.",
  },
  faq: {
    title: `Questions fréquentes sur vos travaux | ${company.name}`,
    metaDescription:
      "Devis, délais, garantie décennale, aides MaPrimeRénov' et CEE, autorisations, copropriété : les réponses à vos questions sur vos travaux à Toulon.",
    h1: "Questions fréquentes",
    lead: "Délais, devis, assurances, aides à la rénovation énergétique : voici les réponses aux questions que nos clients nous posent le plus souvent. Vous ne trouvez pas la vôtre ? Contactez-nous.",
  },
  notFound: {
    title: `Page introuvable | ${company.name}`,
    h1: "Erreur 404",
    text: "La page que vous cherchez n'existe pas ou a été déplacée. Revenez à l'accueil pour découvrir nos services et nos réalisations.",
  },
};
