import { company, fullAddress } from "#app/config/company.ts";
import type { ContactPageContent } from "#app/content/types.ts";

const radius = `${company.serviceRadiusKm} km`;

export const contactPage: ContactPageContent = {
  title: `Contact, artisan du bâtiment à Toulon | ${company.name}`,
  metaDescription: `Contactez ${company.name} au ${company.phone.display}, ${company.hours.label.toLowerCase()}. Travaux à Toulon et à ${radius} autour, devis gratuit.`,
  h1: "Contactez-nous",
  lead: `Une question, un projet de travaux ? Appelez-nous, écrivez-nous ou passez nous voir à Toulon. Nous intervenons dans un rayon de ${radius} et sommes joignables ${company.hours.label.toLowerCase()}.`,
  mapTitle: `Plan d'accès : ${company.name}, ${fullAddress}`,
  directionsLabel: "Obtenir l'itinéraire",
  chatLabel: "Discuter sur WhatsApp",
  chatMessage: `Bonjour ${company.name}, je souhaite des informations pour un projet de travaux. Pouvez-vous me rappeler ?`,
};
