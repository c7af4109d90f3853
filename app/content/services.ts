import { company } from "#app/config/company.ts";
import type { ServicePage } from "#app/content/types.ts";

const radius = `${company.serviceRadiusKm} km`;

const construction: ServicePage = {
  slug: "construction-toulon",
  path: "/services/construction-toulon",
  name: "Construction",
  category: "Construction",
  title: `Construction de maison à Toulon, RE2020 | ${company.name}`,
  metaDescription: `Maison neuve, extension ou surélévation à Toulon et à ${radius} autour : construction conforme RE2020, garantie décennale, devis détaillé gratuit.`,
  h1: "Construction de maisons et d'extensions à Toulon",
  heroLead:
    "De l'étude du terrain à la remise des clés, nous construisons votre maison ou votre extension conforme à la RE2020, avec un seul interlocuteur du premier rendez-vous à la réception.",
  illustration: "service-construction",
  illustrationAlt:
    "Maison neuve en cours de construction : une partie achevée avec panneaux solaires, l'autre encore en ossature bois",
  cardSummary:
    "Maisons individuelles, extensions et surélévations conformes à la RE2020, du terrassement à la remise des clés.",
  intro: {
    heading: "Construire dans le Var avec un artisan de proximité",
    paragraphs: [
      "Terrains en pente, sols argileux, mistral et étés très chauds : construire autour de Toulon demande de connaître le terrain. Nous adaptons les fondations à l'étude de sol, orientons les ouvertures pour limiter la surchauffe et choisissons des matériaux qui tiennent face au soleil et à l'air salin.",
      "Chaque projet est conçu pour respecter la RE2020, la réglementation environnementale des constructions neuves : performance énergétique, impact carbone des matériaux et confort d'été. Nous coordonnons l'étude thermique et vous remettons les attestations exigées au dépôt du permis de construire et à l'achèvement des travaux.",
      `Nous intervenons à Toulon et dans un rayon de ${radius} : La Garde, La Valette-du-Var, Six-Fours-les-Plages, La Seyne-sur-Mer, Hyères et les communes voisines.`,
    ],
    bullets: [
      "Construction conforme à la RE2020, attestations fournies au permis et à l'achèvement",
      "Gros œuvre couvert par notre garantie décennale",
      "Un interlocuteur unique et un point d'avancement chaque semaine",
    ],
  },
  block: {
    heading: "Votre construction en trois étapes",
    kind: "steps",
    items: [
      {
        title: "1. Étude et autorisations",
        text: "Visite du terrain, analyse de l'étude de sol, chiffrage détaillé et préparation du dossier de permis de construire ou de déclaration préalable avec l'étude thermique RE2020.",
      },
      {
        title: "2. Gros œuvre",
        text: "Terrassement, fondations, réseaux, élévation des murs, planchers et mise hors d'eau hors d'air. Vous suivez l'avancement grâce à un compte rendu photo hebdomadaire.",
      },
      {
        title: "3. Finitions et réception",
        text: "Isolation, cloisons, menuiseries intérieures et coordination des corps d'état. La réception se fait avec vous, pièce par pièce, avant la remise des clés.",
      },
    ],
  },
  faq: [
    {
      question: "La RE2020 est-elle obligatoire pour ma maison neuve ?",
      answer:
        "Oui. Toute maison individuelle dont le permis de construire a été déposé depuis le 1er janvier 2022 doit respecter la RE2020. Nous intégrons ses exigences dès la conception et vous remettons les attestations réglementaires.",
    },
    {
      question: "Faut-il un permis de construire pour une extension ?",
      answer:
        "En zone urbaine d'une commune dotée d'un PLU, une déclaration préalable suffit jusqu'à 40 m² de surface créée (20 m² ailleurs). Au-delà, ou si la surface totale dépasse 150 m² après travaux, il faut un permis de construire, et l'architecte devient obligatoire au-delà de 150 m². Nous vérifions la règle applicable auprès de votre mairie.",
    },
    {
      question: "Combien de temps dure la construction d'une maison ?",
      answer:
        "Pour une maison de plain-pied d'environ 100 m², comptez en général 8 à 12 mois de chantier après l'obtention du permis de construire. Le planning précis figure dans notre devis et tient compte des délais d'approvisionnement.",
    },
    {
      question: "Quelles garanties couvrent les travaux ?",
      answer:
        "À la réception, vous bénéficiez de la garantie de parfait achèvement pendant un an, de la garantie biennale de bon fonctionnement pendant deux ans et de notre garantie décennale pendant dix ans sur la solidité de l'ouvrage.",
    },
  ],
  cta: {
    heading: "Un projet de construction à Toulon ?",
    text: "Décrivez-nous votre terrain et vos envies : nous revenons vers vous avec un premier avis et un devis détaillé, gratuit et sans engagement.",
    buttonLabel: "Demander un devis gratuit",
  },
  related: [
    { label: "Visualiser votre future maison en 3D", href: "/services/innovation-3d-ia" },
    { label: "Voir nos réalisations", href: "/realisations" },
  ],
};

const renovation: ServicePage = {
  slug: "renovation-toulon",
  path: "/services/renovation-toulon",
  name: "Rénovation",
  category: "Rénovation",
  title: `Rénovation complète à Toulon, devis 24 h | ${company.name}`,
  metaDescription:
    "Rénovation complète d'appartement ou de maison à Toulon : 8 à 12 semaines pour 70 m², entreprise RGE pour vos aides de l'État, garantie décennale.",
  h1: "Rénovation complète d'appartements et de maisons à Toulon",
  heroLead:
    "Appartement au Mourillon, maison à La Garde ou villa des années 70 : nous reprenons votre logement de A à Z, avec un planning clair et une seule équipe responsable du résultat.",
  illustration: "service-renovation",
  illustrationAlt:
    "Appartement en cours de rénovation : cuisine bleue en pose, escabeau, rouleau de peinture et caisse à outils",
  cardSummary:
    "Rénovation complète d'appartements et de maisons, de la démolition aux finitions, avec un planning tenu.",
  intro: {
    heading: "Une rénovation complète, sans multiplier les interlocuteurs",
    paragraphs: [
      "Redistribution des pièces, reprise des sols et des murs, cuisine, salle de bains, électricité et plomberie remises aux normes : nous pilotons l'ensemble des travaux et coordonnons nos partenaires artisans. Vous n'avez qu'un seul contact, du devis à la réception.",
      "Pour la rénovation complète d'un appartement de 70 m², comptez 8 à 12 semaines de travaux selon l'état de départ et les finitions choisies. Le planning est fixé avant le démarrage et mis à jour chaque semaine.",
      "Notre entreprise est certifiée RGE : les travaux d'amélioration énergétique intégrés à votre rénovation, comme l'isolation, peuvent ainsi ouvrir droit aux aides de l'État (MaPrimeRénov', primes CEE, éco-prêt à taux zéro) selon votre situation.",
    ],
    bullets: [
      "8 à 12 semaines pour la rénovation complète d'un appartement de 70 m²",
      "Entreprise certifiée RGE, pour bénéficier des aides de l'État",
      "Un chef de chantier unique et un compte rendu chaque semaine",
    ],
  },
  block: {
    heading: "Comment se déroule votre rénovation",
    kind: "steps",
    items: [
      {
        title: "1. Visite et devis détaillé",
        text: "Nous visitons le logement, relevons les mesures et listons vos priorités. Vous recevez un devis poste par poste, avec le planning prévisionnel.",
      },
      {
        title: "2. Démolition et réseaux",
        text: "Protection des parties communes, dépose, évacuation des gravats, puis reprise de l'électricité, de la plomberie et des cloisons selon les plans validés.",
      },
      {
        title: "3. Finitions et réception",
        text: "Sols, peintures, cuisine et salle de bains. Nous faisons la réception ensemble et levons les éventuelles réserves avant de vous rendre les clés.",
      },
    ],
  },
  faq: [
    {
      question: "Combien de temps dure la rénovation complète d'un appartement ?",
      answer:
        "Pour un appartement de 70 m², comptez 8 à 12 semaines de travaux. La durée dépend de l'état initial, de la reprise ou non des réseaux et du délai de livraison des équipements choisis.",
    },
    {
      question: "Peut-on habiter le logement pendant les travaux ?",
      answer:
        "Pour une rénovation complète, c'est rarement possible : l'eau et l'électricité sont coupées par moments et la poussière est inévitable. Pour une rénovation partielle, nous organisons le chantier pièce par pièce pour que vous restiez chez vous.",
    },
    {
      question: "Mon appartement est en copropriété, quelles démarches prévoir ?",
      answer:
        "Les travaux à l'intérieur de vos parties privatives ne demandent pas d'accord de la copropriété, mais il est conseillé de prévenir le syndic. Si les travaux touchent aux parties communes ou à l'aspect extérieur, comme un mur porteur, une fenêtre ou une colonne d'eau, une autorisation de l'assemblée générale est nécessaire.",
    },
    {
      question: "Ma rénovation peut-elle bénéficier d'aides ?",
      answer:
        "Oui pour la partie rénovation énergétique : isolation, menuiseries ou chauffage réalisés par une entreprise RGE comme la nôtre peuvent être aidés par MaPrimeRénov', les primes CEE ou l'éco-PTZ. Nous vous indiquons les travaux éligibles dans le devis.",
    },
  ],
  cta: {
    heading: "Recevez votre estimation de rénovation rapidement",
    text: "Envoyez-nous quelques photos et la surface de votre logement : nous vous répondons avec une première estimation, puis un devis détaillé après visite.",
    buttonLabel: "Obtenir mon devis sous 24 h",
  },
  related: [
    { label: "Isoler votre logement en même temps", href: "/services/isolation-thermique-var" },
    { label: "Voir votre rénovation en 3D avant travaux", href: "/services/innovation-3d-ia" },
  ],
};

const facade: ServicePage = {
  slug: "ravalement-facade-toulon",
  path: "/services/ravalement-facade-toulon",
  name: "Ravalement de façade",
  category: "Façades",
  title: `Ravalement de façade à Toulon | ${company.name}`,
  metaDescription: `Ravalement de façade à Toulon et à ${radius} autour : nettoyage, traitement des fissures, enduit et peinture. 1 à 3 semaines pour une maison.`,
  h1: "Ravalement de façade à Toulon et dans le Var",
  heroLead:
    "Soleil, embruns et mistral fatiguent vite les façades varoises. Nous les nettoyons, les réparons et les protégeons pour dix ans et plus.",
  illustration: "service-facade",
  illustrationAlt:
    "Immeuble à la façade ocre et aux volets bleus en cours de ravalement, un peintre sur l'échafaudage",
  cardSummary:
    "Nettoyage, traitement des fissures, enduits et peintures de façade pour maisons et copropriétés.",
  intro: {
    heading: "Une façade saine protège toute la maison",
    paragraphs: [
      "Une façade fissurée ou encrassée laisse entrer l'humidité dans les murs et abîme l'isolation. Un ravalement bien mené traite la cause avant l'aspect : diagnostic des supports, reprise des fissures, puis enduit ou peinture adaptés au bâti, qu'il s'agisse de pierre, de parpaing ou de béton.",
      "Le ravalement est aussi une obligation légale. Le Code de la construction et de l'habitation impose de tenir les façades en bon état de propreté et, dans de nombreuses communes, de les ravaler au moins une fois tous les dix ans, sur injonction de la mairie.",
      "Comptez 1 à 3 semaines de travaux pour la façade d'une maison, selon sa surface, la hauteur et l'état du support. Pour une copropriété, nous préparons un devis clair présentable en assemblée générale.",
    ],
    bullets: [
      "1 à 3 semaines de chantier pour la façade d'une maison",
      "Ravalement dû au moins tous les dix ans dans de nombreuses communes : nous vous aidons à être en règle",
      "Enduits et peintures choisis pour résister au soleil et à l'air salin",
    ],
  },
  block: {
    heading: "Les étapes de votre ravalement",
    kind: "steps",
    items: [
      {
        title: "1. Diagnostic de la façade",
        text: "Relevé des fissures, tests d'adhérence et contrôle de l'humidité. Nous vérifions aussi les règles d'urbanisme et les teintes autorisées par la commune.",
      },
      {
        title: "2. Préparation des supports",
        text: "Installation de l'échafaudage, protection des abords, nettoyage haute pression ou hydrogommage, purge des parties non adhérentes et traitement des fissures.",
      },
      {
        title: "3. Finition et protection",
        text: "Application de l'enduit ou de la peinture de façade, reprise des encadrements et des génoises, puis nettoyage complet du chantier avant la réception.",
      },
    ],
  },
  faq: [
    {
      question: "Le ravalement de façade est-il obligatoire ?",
      answer:
        "Oui, les façades doivent être tenues en bon état de propreté. Dans les communes inscrites sur la liste fixée par le préfet, le ravalement doit être fait au moins une fois tous les dix ans, sur injonction du maire. Si les travaux ne sont pas réalisés dans le délai fixé, la commune peut les faire exécuter aux frais du propriétaire.",
    },
    {
      question: "Faut-il une autorisation pour ravaler sa façade ?",
      answer:
        "Un ravalement qui change l'aspect extérieur, par exemple la couleur ou le matériau, demande une déclaration préalable en mairie. En secteur protégé ou si la commune l'a décidé, un ravalement à l'identique y est aussi soumis. Nous préparons le dossier avec vous.",
    },
    {
      question: "Combien de temps dure un ravalement de maison ?",
      answer:
        "Comptez 1 à 3 semaines pour une maison individuelle. La météo compte : nous évitons d'appliquer les enduits par forte chaleur, en plein mistral ou sous la pluie, pour garantir une bonne tenue.",
    },
    {
      question: "Peut-on isoler la façade pendant le ravalement ?",
      answer:
        "C'est le bon moment. Lorsqu'un ravalement important porte sur des murs de pièces chauffées, la réglementation impose d'ailleurs en principe de les isoler en même temps, sauf impossibilité technique, juridique ou coût disproportionné. Nous chiffrons les deux options.",
    },
  ],
  cta: {
    heading: "Votre façade a besoin d'un coup de neuf ?",
    text: "Envoyez-nous une photo de votre façade : nous vous proposons une visite de diagnostic et un devis détaillé gratuit.",
    buttonLabel: "Demander un devis gratuit",
  },
  related: [{ label: "Isolation thermique par l'extérieur", href: "/services/isolation-thermique-var" }],
};

const isolation: ServicePage = {
  slug: "isolation-thermique-var",
  path: "/services/isolation-thermique-var",
  name: "Isolation thermique",
  category: "Isolation",
  title: `Isolation thermique RGE à Toulon (Var) | ${company.name}`,
  metaDescription:
    "Isolation des combles, des murs et des sols à Toulon et dans le Var : jusqu'à 30 % d'économies de chauffage, entreprise RGE pour les aides de l'État.",
  h1: "Isolation thermique à Toulon et dans le Var",
  heroLead:
    "Moins de chauffage l'hiver, moins de chaleur l'été : une isolation bien posée change le confort de votre logement, et l'entreprise RGE vous ouvre les aides de l'État.",
  illustration: "service-isolation",
  illustrationAlt:
    "Coupe d'une maison isolée, combles et murs garnis d'isolant, avec le détail d'un mur isolé par l'extérieur",
  cardSummary:
    "Isolation des combles, des murs par l'intérieur ou l'extérieur et des planchers, par une entreprise certifiée RGE.",
  intro: {
    heading: "Isoler pour le confort d'hiver comme d'été",
    paragraphs: [
      "Dans une maison mal isolée, la toiture et les murs concentrent l'essentiel des pertes de chaleur. Isoler les combles, les murs ou le plancher bas permet jusqu'à 30 % d'économies de chauffage, selon l'état de départ du logement.",
      "Dans le Var, l'isolation sert aussi l'été : elle freine la chaleur qui traverse la toiture et les murs exposés. Nous choisissons les isolants en conséquence, par exemple la fibre de bois, dont l'inertie ralentit le passage de la chaleur.",
      "Notre entreprise est certifiée RGE (Reconnu garant de l'environnement). Cette certification est la condition pour que vos travaux ouvrent droit aux aides de l'État : MaPrimeRénov', primes CEE et éco-prêt à taux zéro, selon vos revenus et les barèmes en vigueur.",
    ],
    bullets: [
      "Jusqu'à 30 % d'économies sur vos dépenses de chauffage",
      "Entreprise certifiée RGE, pour accéder aux aides de l'État",
      "Un logement plus frais l'été, sans climatiser davantage",
    ],
  },
  block: {
    heading: "Ce que l'isolation change chez vous",
    kind: "benefits",
    items: [
      {
        title: "Une facture allégée",
        text: "Jusqu'à 30 % d'économies de chauffage, et une meilleure étiquette au diagnostic de performance énergétique, utile pour louer ou vendre.",
      },
      {
        title: "Des aides mobilisables",
        text: "Grâce à notre certification RGE, vos travaux peuvent être financés en partie par MaPrimeRénov', les primes CEE et l'éco-PTZ. Nous vous aidons à monter les dossiers.",
      },
      {
        title: "Un confort toute l'année",
        text: "Des murs moins froids en hiver, une chaleur qui entre moins vite en été et moins de bruit venant de l'extérieur.",
      },
    ],
  },
  faq: [
    {
      question: "Par quoi commencer : les combles ou les murs ?",
      answer:
        "Le plus souvent par les combles : la toiture représente environ 25 à 30 % des pertes de chaleur d'une maison non isolée, et l'isolation des combles perdus est rapide et peu coûteuse. Les murs viennent ensuite, par l'intérieur ou par l'extérieur selon la maison.",
    },
    {
      question: "Quelles aides pour mes travaux d'isolation ?",
      answer:
        "Réalisés par une entreprise RGE comme la nôtre, vos travaux peuvent bénéficier de MaPrimeRénov', des primes CEE versées par les fournisseurs d'énergie et de l'éco-prêt à taux zéro. Le montant dépend de vos revenus et des travaux. Attention : les démarches se font avant la signature du devis pour les primes CEE et avant le début des travaux pour MaPrimeRénov'.",
    },
    {
      question: "Combien de temps durent les travaux ?",
      answer:
        "L'isolation de combles perdus par soufflage se fait en général en une journée. Une isolation des murs par l'extérieur demande 2 à 4 semaines pour une maison, échafaudage compris.",
    },
    {
      question: "Isolation par l'intérieur ou par l'extérieur ?",
      answer:
        "L'isolation par l'extérieur supprime la plupart des ponts thermiques, garde l'inertie des murs et ne réduit pas la surface habitable, mais elle modifie la façade et demande une déclaration préalable. L'isolation par l'intérieur coûte moins cher et convient bien pièce par pièce. Nous vous conseillons après visite.",
    },
  ],
  cta: {
    heading: "Faites le point sur votre isolation",
    text: "Nous visitons votre logement, identifions les pertes de chaleur prioritaires et chiffrons les travaux avec les aides auxquelles vous pouvez prétendre.",
    buttonLabel: "Demander un devis gratuit",
  },
  related: [{ label: "Rénovation complète à Toulon", href: "/services/renovation-toulon" }],
};

const innovation: ServicePage = {
  slug: "innovation-3d-ia",
  path: "/services/innovation-3d-ia",
  name: "Modélisation 3D et IA",
  category: "Innovation",
  title: `Modélisation 3D et IA à Toulon | ${company.name}`,
  metaDescription:
    "Visualisez votre projet avant les travaux : maquette 3D de votre maison ou rénovation à Toulon et rendus réalistes assistés par l'IA pour choisir en confiance.",
  h1: "Modélisation 3D et visualisation par IA de votre projet",
  heroLead:
    "Voir sa future cuisine, son extension ou sa nouvelle façade avant le premier coup de pioche : nous modélisons votre projet en 3D et générons des rendus réalistes pour vous aider à décider.",
  illustration: "service-innovation",
  illustrationAlt: "Maquette 3D d'une maison affichée sur une tablette, à côté de son stylet",
  cardSummary:
    "Maquette 3D et rendus réalistes assistés par l'IA pour visualiser votre projet avant le début des travaux.",
  intro: {
    heading: "Décider en voyant, pas seulement sur plan",
    paragraphs: [
      "Un plan en deux dimensions ne dit pas tout : hauteur sous plafond, lumière, circulation entre les pièces. À partir de nos relevés sur place, nous réalisons une maquette 3D fidèle de votre logement ou de votre projet de construction.",
      "L'intelligence artificielle nous aide ensuite à produire rapidement des rendus réalistes : plusieurs teintes de façade, revêtements de sol ou agencements de cuisine, comparés côte à côte. Vous choisissez en connaissance de cause, et les modifications se font à l'écran plutôt que sur le chantier.",
      "Ces images sont une aide à la décision : le devis et les plans validés restent les documents de référence du chantier.",
    ],
    bullets: [
      "Votre projet visualisé en 3D avant tout engagement de travaux",
      "Plusieurs variantes de matériaux et de teintes comparées en quelques minutes",
      "Moins de modifications en cours de chantier, donc moins d'imprévus",
    ],
  },
  block: {
    heading: "De vos idées à l'image de votre projet",
    kind: "steps",
    items: [
      {
        title: "1. Relevé et échange",
        text: "Nous mesurons le logement ou le terrain et notons vos envies, votre budget et vos contraintes.",
      },
      {
        title: "2. Maquette 3D",
        text: "Nous modélisons l'existant et le projet : volumes, ouvertures, cloisons et aménagements, à l'échelle.",
      },
      {
        title: "3. Rendus et ajustements",
        text: "Des rendus réalistes assistés par l'IA vous montrent plusieurs variantes. Nous ajustons jusqu'à la version retenue, qui sert de base au devis.",
      },
    ],
  },
  faq: [
    {
      question: "Pour quels projets proposez-vous la modélisation 3D ?",
      answer:
        "Pour les constructions neuves, les extensions, les rénovations complètes et les ravalements de façade. Elle est particulièrement utile quand vous hésitez entre plusieurs agencements ou plusieurs teintes.",
    },
    {
      question: "Comment l'intelligence artificielle est-elle utilisée ?",
      answer:
        "Elle nous aide à produire rapidement des rendus réalistes à partir de la maquette 3D : matériaux, lumière, ambiances. Chaque image est vérifiée par notre équipe pour rester fidèle aux dimensions et aux contraintes techniques du projet.",
    },
    {
      question: "Les rendus ont-ils une valeur contractuelle ?",
      answer:
        "Non, ce sont des outils d'aide à la décision. Le devis signé et les plans validés décrivent précisément les travaux. Les teintes réelles peuvent légèrement différer de l'écran, c'est pourquoi nous vous montrons aussi des échantillons.",
    },
  ],
  cta: {
    heading: "Envie de voir votre projet avant de le lancer ?",
    text: "Parlez-nous de votre construction ou de votre rénovation : nous vous expliquons ce que la maquette 3D peut vous apporter.",
    buttonLabel: "Demander un devis gratuit",
  },
  related: [
    { label: "Construction à Toulon", href: "/services/construction-toulon" },
    { label: "Rénovation complète à Toulon", href: "/services/renovation-toulon" },
    { label: "Nous contacter", href: "/contact" },
  ],
};

/** The five service landing pages, in menu order. */
export const services: readonly ServicePage[] = [construction, renovation, facade, isolation, innovation];

/** The service page with this slug, or undefined. */
export function getService(slug: string): ServicePage | undefined {
  return services.find((service) => service.slug === slug);
}
