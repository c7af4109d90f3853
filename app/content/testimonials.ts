import type { Testimonial } from "#app/content/types.ts";

/** Customer reviews shown in the carousel (/services, /realisations). */
export const testimonials: readonly Testimonial[] = [
  {
    name: "Nathalie M.",
    location: "Toulon",
    title: "Notre appartement du Mourillon transformé",
    comment:
      "Rénovation complète de nos 68 m², livrée en dix semaines comme annoncé dans le devis. Le compte rendu photo du vendredi nous a permis de suivre le chantier depuis Lyon. Les voisins ont même remercié l'équipe pour la propreté des parties communes.",
    rating: 5,
    image: "avatar-1",
    alt: "Portrait de Nathalie M., cliente à Toulon",
  },
  {
    name: "Patrick R.",
    location: "Six-Fours-les-Plages",
    title: "Une extension bien pensée",
    comment:
      "Nous voulions agrandir le séjour sans assombrir la maison. La maquette 3D nous a convaincus de décaler la baie vitrée, et le résultat est exactement celui que nous avions vu à l'écran. Seul bémol, deux semaines de retard sur la livraison des menuiseries, mais nous étions prévenus à l'avance.",
    rating: 4.5,
    image: "avatar-2",
    alt: "Portrait de Patrick R., client à Six-Fours-les-Plages",
  },
  {
    name: "Sandrine L.",
    location: "Hyères",
    title: "Combles isolés, maison enfin confortable",
    comment:
      "Isolation des combles faite en une journée, sans poussière dans la maison. L'équipe s'est occupée du dossier de primes et nous avons déjà vu la différence sur la facture de l'hiver. L'étage reste aussi bien plus frais cet été.",
    rating: 5,
    image: "avatar-3",
    alt: "Portrait de Sandrine L., cliente à Hyères",
  },
  {
    name: "Christian B.",
    location: "La Seyne-sur-Mer",
    title: "Ravalement de copropriété sans mauvaise surprise",
    comment:
      "En tant que président du conseil syndical, j'apprécie un devis lisible que l'on peut présenter tel quel en assemblée générale. Le chantier a duré six semaines, les résidents étaient informés de chaque étape et le budget voté a été respecté.",
    rating: 5,
    image: "avatar-4",
    alt: "Portrait de Christian B., client à La Seyne-sur-Mer",
  },
  {
    name: "Amandine P.",
    location: "La Garde",
    title: "Salle de bains et cuisine refaites",
    comment:
      "Travail soigné et conseils utiles sur le choix du carrelage. Il a fallu relancer une fois pour une finition de joint, reprise dès le lendemain. Je referai appel à eux pour la terrasse.",
    rating: 4.5,
    image: "avatar-5",
    alt: "Portrait d'Amandine P., cliente à La Garde",
  },
  {
    name: "Julie V.",
    location: "La Valette-du-Var",
    title: "Isolation par l'extérieur et nouvelle façade",
    comment:
      "Notre maison des années 80 était une passoire. Isolation par l'extérieur et enduit neuf en trois semaines : la maison a changé de visage et nous chauffons nettement moins. Le chef de chantier a toujours répondu présent, même pour les petites questions.",
    rating: 5,
    image: "avatar-6",
    alt: "Portrait de Julie V., cliente à La Valette-du-Var",
  },
];
