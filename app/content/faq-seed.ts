import { company } from "#app/config/company.ts";

const radius = `${company.serviceRadiusKm} km`;

/**
 * Initial content of the faq table (questions shown on /faq).
 * Plain text only; order is the display order (ids ascending).
 */
export const faqSeed: readonly { question: string; answer: string }[] = [
  {
    question: "Le devis est-il gratuit, et sous quel délai le recevrai-je ?",
    answer:
      "Oui, le devis est gratuit et sans engagement. Nous répondons à chaque demande sous 48 heures (jours ouvrés) pour convenir d'une visite, puis vous recevez un devis détaillé poste par poste, généralement dans la semaine qui suit. Pour les petits travaux, quelques photos suffisent souvent à établir une première estimation.",
  },
  {
    question: "Dans quelle zone intervenez-vous ?",
    answer: `Nous intervenons à Toulon et dans un rayon d'environ ${radius} : La Seyne-sur-Mer, Six-Fours-les-Plages, Sanary-sur-Mer, La Garde, La Valette-du-Var, Le Pradet, Hyères et les communes voisines. Pour un projet un peu plus éloigné, contactez-nous : nous étudions chaque demande.`,
  },
  {
    question: "Quels sont les délais pour démarrer et réaliser les travaux ?",
    answer:
      "Le démarrage dépend de notre planning et des autorisations éventuelles, en général quelques semaines après la signature du devis. À titre indicatif, comptez 8 à 12 semaines pour la rénovation complète d'un appartement de 70 m² et 1 à 3 semaines pour le ravalement de la façade d'une maison. Le planning précis figure dans chaque devis.",
  },
  {
    question: "Êtes-vous couverts par une assurance décennale ?",
    answer: `Oui. Nos travaux sont couverts par une garantie décennale souscrite auprès de ${company.insurer.name}, qui protège pendant dix ans après la réception contre les dommages compromettant la solidité de l'ouvrage. L'attestation d'assurance est jointe à chaque devis et nous pouvons vous la transmettre sur simple demande.`,
  },
  {
    question: "Quelles garanties s'appliquent après la fin du chantier ?",
    answer:
      "À la réception des travaux, trois garanties légales s'appliquent : la garantie de parfait achèvement pendant un an, qui couvre tous les défauts signalés, la garantie biennale pendant deux ans pour les équipements dissociables comme les volets ou la robinetterie, et la garantie décennale pendant dix ans pour les dommages qui compromettent la solidité de l'ouvrage. Nous sommes également assurés en responsabilité civile professionnelle pendant le chantier.",
  },
  {
    question: "Que signifie la certification RGE et quelles aides puis-je obtenir ?",
    answer:
      "RGE signifie « Reconnu garant de l'environnement ». Faire réaliser vos travaux de rénovation énergétique par une entreprise RGE comme la nôtre est la condition pour obtenir les aides de l'État : MaPrimeRénov', les primes CEE (certificats d'économies d'énergie) et l'éco-prêt à taux zéro. Les montants dépendent de vos revenus, de votre logement et des travaux.",
  },
  {
    question: "Quand faut-il faire la demande d'aides ?",
    answer:
      "Toujours avant le début des travaux : la demande MaPrimeRénov' se dépose avant le démarrage du chantier, et les primes CEE doivent être engagées avant la signature du devis. Nous vous indiquons les travaux éligibles et vous accompagnons dans les démarches.",
  },
  {
    question: "Mes travaux nécessitent-ils une déclaration préalable ou un permis de construire ?",
    answer:
      "Une déclaration préalable suffit pour la plupart des travaux qui modifient l'aspect extérieur (façade, fenêtres, isolation par l'extérieur) et pour les extensions jusqu'à 40 m² en zone urbaine d'une commune dotée d'un PLU. Au-delà, ou pour une construction neuve, un permis de construire est nécessaire. Nous vérifions les règles de votre commune et préparons le dossier avec vous.",
  },
  {
    question: "Comment se passent le paiement et l'acompte ?",
    answer:
      "Un acompte est demandé à la signature du devis pour réserver le chantier et commander les matériaux. Le solde est ensuite réglé par situations de travaux au fil de l'avancement, puis à la réception. L'échéancier est écrit noir sur blanc dans le devis, et nous acceptons le virement et le chèque.",
  },
  {
    question: "Comment suivez-vous l'avancement du chantier ?",
    answer:
      "Un chef de chantier unique est votre interlocuteur du début à la fin. Chaque semaine, vous recevez un point d'avancement avec photos, et nous organisons des visites avec vous aux étapes clés. La réception se fait ensemble, et les éventuelles réserves sont levées avant la clôture du chantier.",
  },
  {
    question: "Réalisez-vous des travaux en copropriété ?",
    answer:
      "Oui, aussi bien dans les parties privatives que sur les parties communes, comme un ravalement de façade ou une cage d'escalier. Pour les parties communes, nous fournissons au syndic un devis détaillé présentable en assemblée générale. Pour les travaux chez vous qui touchent à la structure ou à l'aspect extérieur, une autorisation de l'assemblée générale est nécessaire.",
  },
  {
    question: "Le ravalement de façade est-il vraiment obligatoire ?",
    answer:
      "Le Code de la construction et de l'habitation impose de tenir les façades en bon état de propreté. Dans les communes concernées, le maire peut enjoindre aux propriétaires de faire le ravalement, qui doit alors être réalisé au moins une fois tous les dix ans. Nous pouvons établir un diagnostic de votre façade et un devis avant même de recevoir l'injonction.",
  },
  {
    question: "Peut-on rester dans son logement pendant les travaux ?",
    answer:
      "Pour une rénovation partielle, oui : nous organisons le chantier pièce par pièce et protégeons les zones habitées. Pour une rénovation complète, il est préférable de se reloger quelques semaines, car l'eau et l'électricité sont coupées par moments. Nous en parlons dès la visite pour anticiper.",
  },
];
