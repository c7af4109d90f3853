import { company } from "#app/config/company.ts";
import type { AboutContent } from "#app/content/types.ts";

const radius = `${company.serviceRadiusKm} km`;

export const about: AboutContent = {
  title: `À propos, artisan du bâtiment à Toulon | ${company.name}`,
  metaDescription: `${company.name}, artisan qualifié depuis ${company.foundedYear} à Toulon : notre histoire, nos valeurs, nos garanties (décennale, RGE, RC pro) et notre équipe.`,
  h1: `${company.name}, artisan du bâtiment à Toulon`,
  lead: `Une entreprise à taille humaine, fondée en ${company.foundedYear} à Toulon, qui construit et rénove avec le soin d'un artisan et les outils d'aujourd'hui.`,
  story: {
    heading: "Notre histoire",
    paragraphs: [
      `${company.name} est née en ${company.foundedYear} de l'envie de ${company.director}, artisan qualifié ayant fait ses armes sur les chantiers varois, de proposer un service complet : un seul interlocuteur pour construire, rénover, isoler ou ravaler, du premier rendez-vous à la réception.`,
      `Nos bureaux sont installés à Toulon et nous travaillons dans un rayon de ${radius}, de Sanary-sur-Mer à Hyères. Cette proximité nous permet de passer sur chaque chantier plusieurs fois par semaine et de répondre vite quand un imprévu survient.`,
      "Plus de quinze chantiers plus tard, notre méthode n'a pas changé : un devis détaillé et gratuit, un planning tenu, un point d'avancement chaque semaine et un chantier propre. C'est ce qui nous vaut la confiance de nos clients et leurs recommandations autour d'eux.",
      "Nous avons aussi adopté très tôt la modélisation 3D et la visualisation assistée par l'intelligence artificielle, pour que chacun puisse voir son projet avant de le lancer.",
    ],
  },
  values: [
    {
      title: "Qualité",
      text: "Des matériaux choisis pour le climat varois, des règles de l'art respectées à chaque étape et des finitions contrôlées avant la réception.",
    },
    {
      title: "Confiance",
      text: "Des devis détaillés sans ligne floue, des délais annoncés et tenus, et une information régulière sur l'avancement du chantier.",
    },
    {
      title: "Innovation",
      text: "Maquettes 3D, rendus assistés par l'IA et suivi photo du chantier : des outils modernes au service de décisions plus sereines.",
    },
  ],
  guarantees: [
    {
      title: "Garantie décennale",
      text: `Nos travaux sont couverts pendant dix ans après la réception contre les dommages qui compromettent la solidité de l'ouvrage ou le rendent impropre à sa destination. Assureur : ${company.insurer.name}, contrat n° ${company.insurer.decennialPolicy}.`,
    },
    {
      title: "Certification RGE",
      text: "Notre certification Reconnu garant de l'environnement permet à nos clients de bénéficier des aides de l'État pour la rénovation énergétique : MaPrimeRénov', primes CEE et éco-prêt à taux zéro.",
    },
    {
      title: "Responsabilité civile professionnelle",
      text: `Les dommages causés à vous ou à des tiers pendant le chantier sont couverts par notre assurance de responsabilité civile professionnelle, contrat n° ${company.insurer.liabilityPolicy}.`,
    },
  ],
  team: [
    {
      name: company.director,
      role: "Fondateur et gérant, artisan maçon",
      bio: `Artisan qualifié, il a fondé l'entreprise en ${company.foundedYear} après plusieurs années en gros œuvre et en rénovation dans le Var. Il réalise lui-même chaque visite technique et chaque devis.`,
      image: "team-1",
      alt: `Portrait de ${company.director}, fondateur et gérant de ${company.name}`,
    },
    {
      name: "Karim Benali",
      role: "Chef de chantier",
      bio: "Maçon de formation, il organise les équipes au quotidien, coordonne les artisans partenaires et envoie chaque semaine le compte rendu photo à nos clients.",
      image: "team-3",
      alt: "Portrait de Karim Benali, chef de chantier",
    },
    {
      name: "Léa Fabre",
      role: "Conductrice de travaux et modélisation 3D",
      bio: "Issue d'une formation en économie de la construction, elle prépare les devis détaillés, réalise les maquettes 3D et accompagne nos clients dans leurs dossiers d'aides.",
      image: "team-2",
      alt: "Portrait de Léa Fabre, conductrice de travaux et responsable de la modélisation 3D",
    },
  ],
};
