import { company } from "#app/config/company.ts";
import type { HomeContent, ServicesPageContent } from "#app/content/types.ts";

const radius = `${company.serviceRadiusKm} km`;

export const home: HomeContent = {
  title: `Construction et rénovation à Toulon | ${company.name}`,
  metaDescription: `Artisan du bâtiment à Toulon : construction, rénovation, ravalement et isolation RGE à ${radius} autour. Devis détaillé gratuit, garantie décennale.`,
  h1: `Construction et rénovation à Toulon, par un artisan qualifié depuis ${company.foundedYear}`,
  heroLead: `Maison neuve, rénovation complète, façade ou isolation : ${company.name} réalise vos travaux à Toulon et à ${radius} autour, avec un devis clair et un chantier suivi de près.`,
  trustFigures: [
    { value: "15+", label: "chantiers réalisés" },
    { value: "100 %", label: "clients satisfaits" },
    { value: "Gratuit", label: "devis détaillé" },
    { value: "10 ans", label: "garantie décennale" },
  ],
  featuredServiceSlugs: ["construction-toulon", "renovation-toulon", "ravalement-facade-toulon"],
  whyUs: [
    {
      title: "Un artisan de proximité",
      text: `Basés à Toulon, nous intervenons dans un rayon de ${radius} et nous sommes sur le chantier, pas seulement au téléphone.`,
    },
    {
      title: "Des devis détaillés",
      text: "Chaque poste est chiffré et expliqué, sans ligne floue ni supplément surprise en fin de chantier.",
    },
    {
      title: "Des travaux assurés",
      text: "Garantie décennale, responsabilité civile professionnelle et certification RGE pour vos aides à la rénovation énergétique.",
    },
    {
      title: "Un suivi régulier",
      text: "Un point d'avancement chaque semaine, avec photos, jusqu'à la réception des travaux.",
    },
  ],
};

export const servicesPage: ServicesPageContent = {
  title: `Nos services de bâtiment à Toulon | ${company.name}`,
  metaDescription: `Construction, rénovation complète, ravalement de façade, isolation thermique RGE et modélisation 3D : nos services à Toulon et à ${radius} autour.`,
  h1: "Nos services à Toulon et dans le Var",
  lead: "Du gros œuvre aux finitions, nous accompagnons particuliers et copropriétés pour construire, rénover, isoler et embellir leur bâti. Choisissez votre projet pour découvrir notre méthode, nos délais et les réponses à vos questions.",
};
