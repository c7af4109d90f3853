import { company, fullAddress } from "#app/config/company.ts";
import type { LegalPage } from "#app/content/legal/types.ts";

/** "3000" → "3 000" (plain spaces, so the text reads the same everywhere). */
const groupThousands = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const capital = `${groupThousands(company.capitalEuros)} €`;
const city = company.address.city;
const openingHours = lowerFirst(company.hours.label);

export const cgv: LegalPage = {
  path: "/cgv",
  title: `Conditions générales de vente | ${company.name}`,
  metaDescription: `CGV de la boutique en ligne ${company.name} : commande, prix TTC, paiement, livraison ou retrait à ${city}, rétractation de 14 jours et garanties légales.`,
  h1: "Conditions générales de vente",
  updatedAt: "2025-08-28",
  updatedLabel: "Dernière mise à jour : 28 août 2025",
  intro:
    "Les présentes conditions générales de vente (CGV) régissent les ventes de matériel et d'équipements professionnels conclues sur la boutique en ligne du site. Nous vous invitons à les lire attentivement avant toute commande.",
  sections: [
    {
      id: "vendeur",
      heading: "Article 1 – Identification du vendeur",
      blocks: [
        {
          type: "p",
          text: `Les produits sont vendus par ${company.legalName} (nom commercial : ${company.name}), ${lowerFirst(company.legalFormLong)} (${company.legalForm}) au capital de ${capital}, dont le siège social est situé ${fullAddress}, immatriculée au ${company.rcs}, SIRET ${company.siret}, numéro de TVA intracommunautaire ${company.vatNumber} (ci-après « le vendeur »).`,
        },
        {
          type: "p",
          text: `Service client : par téléphone au ${company.phone.display} (${openingHours}), par courrier électronique à ${company.email} ou par courrier postal à l'adresse du siège social.`,
        },
      ],
    },
    {
      id: "objet-et-champ-d-application",
      heading: "Article 2 – Objet et champ d'application",
      blocks: [
        {
          type: "p",
          text: "Les présentes CGV s'appliquent à toutes les ventes de produits conclues sur la boutique en ligne entre le vendeur et tout acheteur, qu'il agisse en qualité de consommateur ou de professionnel.",
        },
        {
          type: "p",
          text: "Est un consommateur, au sens de l'article liminaire du Code de la consommation, toute personne physique qui agit à des fins qui n'entrent pas dans le cadre de son activité commerciale, industrielle, artisanale, libérale ou agricole. Est un professionnel toute personne qui achète pour les besoins de son activité professionnelle.",
        },
        {
          type: "p",
          text: "Certaines dispositions ne s'appliquent qu'aux consommateurs : le droit de rétractation de 14 jours, la garantie légale de conformité du Code de la consommation et le recours au médiateur de la consommation. D'autres ne s'appliquent qu'aux professionnels ; elles sont signalées comme telles.",
        },
        {
          type: "p",
          text: "Les CGV applicables sont celles en vigueur à la date de la commande. Leur acceptation est expresse : l'acheteur coche la case prévue à cet effet avant de valider sa commande. Pour les acheteurs professionnels, elles prévalent sur leurs propres conditions générales d'achat.",
        },
        {
          type: "p",
          text: "Les travaux de construction et de rénovation réalisés par le vendeur ne relèvent pas des présentes CGV : ils font l'objet d'un devis et de conditions particulières propres à chaque chantier.",
        },
      ],
    },
    {
      id: "produits",
      heading: "Article 3 – Produits",
      blocks: [
        {
          type: "p",
          text: "Les caractéristiques essentielles de chaque produit (description, dimensions, variantes, prix) sont présentées sur sa fiche, que l'acheteur est invité à consulter avant de commander. Les photographies sont aussi fidèles que possible au produit vendu.",
        },
        {
          type: "p",
          text: "Les produits sont proposés dans la limite des stocks disponibles ; leur disponibilité est indiquée sur la fiche produit. Si un produit se révèle indisponible après la commande, l'acheteur en est informé sans délai et peut choisir entre l'attente du réapprovisionnement ou l'annulation de la commande pour ce produit ; les sommes correspondantes lui sont alors remboursées au plus tard dans les 14 jours suivant le paiement.",
        },
        {
          type: "p",
          text: "Certains produits sont destinés à un usage professionnel. L'acheteur s'engage à les utiliser conformément à leur destination, aux notices et aux consignes de sécurité du fabricant.",
        },
      ],
    },
    {
      id: "prix",
      heading: "Article 4 – Prix",
      blocks: [
        {
          type: "p",
          text: "Les prix sont indiqués en euros toutes taxes comprises (TTC) : ils incluent la taxe sur la valeur ajoutée (TVA) au taux en vigueur au jour de la commande. Ils ne comprennent pas les frais de livraison, qui sont indiqués à l'acheteur avant la validation de sa commande et ajoutés au total. Le retrait de la commande à notre adresse est gratuit.",
        },
        {
          type: "p",
          text: "Le prix applicable est celui affiché sur le site au moment de la validation de la commande. Lorsqu'une réduction de prix est annoncée, le prix barré de référence est le prix le plus bas pratiqué au cours des 30 jours précédant l'application de la réduction (article L. 112-1-1 du Code de la consommation).",
        },
        {
          type: "p",
          text: "Une facture faisant apparaître le montant hors taxes, le taux et le montant de la TVA est adressée à l'acheteur avec la confirmation de commande ou lors de la remise des produits.",
        },
      ],
    },
    {
      id: "commande",
      heading: "Article 5 – Commande",
      blocks: [
        { type: "p", text: "La commande se déroule selon les étapes suivantes :" },
        {
          type: "ul",
          items: [
            "sélection des produits (et, le cas échéant, de leur variante et de leur quantité), puis ajout au panier ;",
            "vérification du panier, dont le contenu peut être modifié à tout moment avant la validation ;",
            "saisie des coordonnées de l'acheteur ;",
            `choix du mode de remise : livraison à l'adresse indiquée, ou retrait à notre adresse, ${fullAddress} ;`,
            "affichage d'un récapitulatif (produits, prix TTC, frais de livraison, montant total) permettant de vérifier la commande et de corriger d'éventuelles erreurs ;",
            "acceptation des présentes CGV en cochant la case prévue à cet effet ;",
            "validation de la commande au moyen d'un bouton indiquant clairement qu'elle implique une obligation de paiement, puis paiement ;",
            "envoi à l'acheteur d'un courrier électronique de confirmation récapitulant la commande et reprenant les présentes CGV ainsi que le formulaire de rétractation.",
          ],
        },
        {
          type: "p",
          text: "Le contrat de vente est conclu au moment de la validation de la commande, conformément aux articles 1127-1 et 1127-2 du Code civil. Il est conclu en langue française.",
        },
        {
          type: "p",
          text: "Le vendeur peut refuser une commande pour un motif légitime, notamment en cas de litige relatif au paiement d'une commande antérieure ou de commande anormale.",
        },
      ],
    },
    {
      id: "paiement",
      heading: "Article 6 – Paiement",
      blocks: [
        {
          type: "p",
          text: "Selon les options proposées lors de la commande, le paiement peut être effectué :",
        },
        {
          type: "ul",
          items: [
            "par carte bancaire, lorsque ce moyen est proposé, sur la page sécurisée de notre prestataire de paiement : les données de la carte sont transmises de manière chiffrée directement à ce prestataire, et le vendeur n'y a jamais accès ;",
            "par virement bancaire, les coordonnées bancaires du vendeur étant communiquées dans la confirmation de commande ;",
            "lors du retrait, selon les moyens de paiement acceptés sur place, indiqués lors de la commande.",
          ],
        },
        {
          type: "p",
          text: "La commande est traitée à réception du paiement : la préparation et l'expédition ne commencent qu'une fois le paiement reçu. En cas de paiement lors du retrait, les produits sont remis contre paiement intégral du prix. Une commande réglée par virement dont le paiement n'est pas reçu dans un délai de 7 jours peut être annulée, après information de l'acheteur.",
        },
        {
          type: "p",
          text: "Les produits restent la propriété du vendeur jusqu'au paiement intégral du prix (articles 2367 et suivants du Code civil).",
        },
        {
          type: "p",
          text: "Acheteurs professionnels : aucun escompte n'est accordé en cas de paiement anticipé. Tout retard de paiement entraîne de plein droit des pénalités calculées au taux d'intérêt appliqué par la Banque centrale européenne à son opération de refinancement la plus récente, majoré de 10 points, ainsi qu'une indemnité forfaitaire pour frais de recouvrement de 40 euros (articles L. 441-10 et D. 441-5 du Code de commerce).",
        },
      ],
    },
    {
      id: "livraison-ou-retrait",
      heading: "Article 7 – Livraison ou retrait",
      blocks: [
        {
          type: "p",
          text: `Retrait : l'acheteur peut retirer gratuitement sa commande à notre adresse, ${fullAddress}, aux heures d'ouverture (${openingHours}), dès réception du courrier électronique l'informant que sa commande est prête. Il présente sa confirmation de commande ; une personne de son choix peut retirer la commande à sa place sur présentation de cette confirmation.`,
        },
        {
          type: "p",
          text: "Livraison : les produits sont livrés en France métropolitaine, à l'adresse indiquée par l'acheteur. Les frais et le délai de livraison sont indiqués avant la validation de la commande ; ce délai court à compter de la réception du paiement.",
        },
        {
          type: "p",
          text: "Conformément à l'article L. 216-1 du Code de la consommation, le vendeur livre les produits à la date ou dans le délai indiqué à l'acheteur ; à défaut d'indication ou d'accord sur ce point, il les livre sans retard injustifié et au plus tard 30 jours après la conclusion du contrat.",
        },
        {
          type: "p",
          text: "En cas de retard, le consommateur peut, après avoir enjoint au vendeur, par lettre recommandée avec demande d'avis de réception ou par un écrit sur un autre support durable (un courrier électronique par exemple), de livrer dans un délai supplémentaire raisonnable, résoudre le contrat si la livraison n'intervient pas dans ce délai. Il peut résoudre le contrat immédiatement si le vendeur refuse de livrer ou s'il est manifeste qu'il ne livrera pas, ou si la date de livraison constituait pour lui une condition essentielle du contrat. Les sommes versées lui sont alors remboursées au plus tard dans les 14 jours suivant la résolution (articles L. 216-6 et L. 216-7 du Code de la consommation).",
        },
        {
          type: "p",
          text: "Pour le consommateur, les risques de perte ou d'endommagement des produits lui sont transférés lorsqu'il prend physiquement possession des produits, lui-même ou un tiers désigné par lui autre que le transporteur proposé par le vendeur. Pour l'acheteur professionnel, ils lui sont transférés dès la remise des produits au transporteur ou, en cas de retrait, dès leur remise.",
        },
        {
          type: "p",
          text: "L'acheteur est invité à vérifier l'état des produits à la livraison et à signaler toute anomalie (colis endommagé, produit manquant) au transporteur sur le bon de livraison ainsi qu'au vendeur dans les meilleurs délais. L'acheteur professionnel doit en outre confirmer ses réserves au transporteur dans les 3 jours, non compris les jours fériés, suivant la réception, par lettre recommandée ou tout acte extrajudiciaire (article L. 133-3 du Code de commerce).",
        },
      ],
    },
    {
      id: "droit-de-retractation",
      heading: "Article 8 – Droit de rétractation",
      blocks: [
        {
          type: "p",
          text: "Conformément aux articles L. 221-18 et suivants du Code de la consommation, le consommateur dispose d'un délai de 14 jours pour exercer son droit de rétractation, sans avoir à motiver sa décision ni à supporter d'autres coûts que ceux mentionnés ci-dessous. Ce droit n'est pas ouvert aux acheteurs professionnels.",
        },
        {
          type: "p",
          text: `Le délai court à compter du jour où le consommateur, ou un tiers désigné par lui autre que le transporteur, prend physiquement possession des produits, y compris en cas de retrait à ${city}. Pour une commande de plusieurs produits livrés séparément, il court à compter de la réception du dernier produit. Lorsque le délai expire un samedi, un dimanche ou un jour férié ou chômé, il est prolongé jusqu'au premier jour ouvrable suivant.`,
        },
        {
          type: "p",
          text: `Pour exercer ce droit, le consommateur informe le vendeur de sa décision avant l'expiration du délai, soit au moyen du formulaire de rétractation figurant ci-dessous, soit par toute autre déclaration dénuée d'ambiguïté exprimant sa volonté de se rétracter, adressée par courrier électronique à ${company.email} ou par courrier postal à ${company.legalName}, ${fullAddress}.`,
        },
        {
          type: "p",
          text: `Le consommateur renvoie les produits au vendeur, à l'adresse ${fullAddress}, ou les y rapporte aux heures d'ouverture (${openingHours}), sans retard excessif et au plus tard dans les 14 jours suivant la communication de sa décision. Les frais directs de renvoi sont à sa charge ; le dépôt des produits à notre adresse n'entraîne aucuns frais. Lorsqu'un produit, en raison de sa nature ou de son poids, ne peut normalement être renvoyé par la poste, le coût estimé de son renvoi est indiqué avant la commande.`,
        },
        {
          type: "p",
          text: "La responsabilité du consommateur ne peut être engagée qu'en cas de dépréciation des produits résultant de manipulations autres que celles nécessaires pour établir leur nature, leurs caractéristiques et leur bon fonctionnement.",
        },
        {
          type: "p",
          text: "Le vendeur rembourse la totalité des sommes versées, y compris les frais de livraison initiaux, au plus tard dans les 14 jours suivant la date à laquelle il est informé de la décision de rétractation. Il peut différer le remboursement jusqu'à la récupération des produits ou jusqu'à ce que le consommateur ait fourni une preuve de leur expédition, la date retenue étant celle du premier de ces faits. Les frais supplémentaires résultant du choix exprès d'un mode de livraison plus coûteux que le mode standard proposé ne sont pas remboursés. Le remboursement est effectué par le même moyen de paiement que celui utilisé pour la commande, sauf accord exprès du consommateur pour un autre moyen, et n'occasionne aucuns frais pour lui.",
        },
        {
          type: "p",
          text: "Conformément à l'article L. 221-28 du Code de la consommation, le droit de rétractation ne peut pas être exercé notamment pour :",
        },
        {
          type: "ul",
          items: [
            "les biens confectionnés selon les spécifications du consommateur ou nettement personnalisés, par exemple des matériaux fabriqués ou découpés sur mesure ;",
            "les biens susceptibles de se détériorer ou de se périmer rapidement ;",
            "les biens qui ont été descellés par le consommateur après la livraison et qui ne peuvent être renvoyés pour des raisons d'hygiène ou de protection de la santé ;",
            "les biens qui, après avoir été livrés et de par leur nature, sont mélangés de manière indissociable avec d'autres articles.",
          ],
        },
        {
          type: "p",
          text: "Lorsque l'une de ces exceptions s'applique à un produit, cela est indiqué sur sa fiche avant la commande.",
        },
      ],
    },
    {
      id: "formulaire-de-retractation",
      heading: "Article 9 – Formulaire de rétractation",
      blocks: [
        {
          type: "p",
          text: "Le consommateur peut utiliser le modèle de formulaire ci-dessous, établi conformément à l'annexe de l'article R. 221-1 du Code de la consommation. Son utilisation n'est pas obligatoire.",
        },
        { type: "withdrawal-form" },
      ],
    },
    {
      id: "garanties-legales",
      heading: "Article 10 – Garanties légales",
      blocks: [
        {
          type: "p",
          text: `Le vendeur répondant des garanties légales est ${company.legalName}, ${fullAddress}, téléphone : ${company.phone.display}, adresse électronique : ${company.email}. Pour mettre en œuvre une garantie, l'acheteur contacte le service client en indiquant son numéro de commande et en décrivant le défaut constaté, si possible avec des photos.`,
        },
        {
          type: "p",
          text: "Le consommateur bénéficie de la garantie légale de conformité prévue aux articles L. 217-3 et suivants du Code de la consommation, pendant 2 ans à compter de la délivrance du bien, et de la garantie légale des vices cachés prévue aux articles 1641 et suivants du Code civil. Ces garanties s'appliquent indépendamment de toute garantie commerciale éventuellement consentie par le fabricant. Les frais de retour d'un produit non conforme sont à la charge du vendeur.",
        },
        {
          type: "p",
          text: "L'acheteur professionnel bénéficie de l'obligation de délivrance conforme (articles 1604 et suivants du Code civil) et de la garantie des vices cachés (articles 1641 et suivants du même code) ; il doit signaler tout défaut apparent ou toute non-conformité dans un délai de 8 jours à compter de la réception des produits. La garantie légale de conformité du Code de la consommation ne lui est pas applicable.",
        },
      ],
    },
    {
      id: "encadre-garanties-legales",
      heading:
        "Article 11 – Information sur les garanties légales (article D. 211-2 du Code de la consommation)",
      blocks: [
        {
          type: "p",
          text: "Le consommateur dispose d'un délai de deux ans à compter de la délivrance du bien pour obtenir la mise en œuvre de la garantie légale de conformité en cas d'apparition d'un défaut de conformité. Durant ce délai, le consommateur n'est tenu d'établir que l'existence du défaut de conformité et non la date d'apparition de celui-ci.",
        },
        {
          type: "p",
          text: "Lorsque le contrat de vente du bien prévoit la fourniture d'un contenu numérique ou d'un service numérique de manière continue pendant une durée supérieure à deux ans, la garantie légale est applicable à ce contenu numérique ou ce service numérique tout au long de la période de fourniture prévue. Durant ce délai, le consommateur n'est tenu d'établir que l'existence du défaut de conformité affectant le contenu numérique ou le service numérique et non la date d'apparition de celui-ci.",
        },
        {
          type: "p",
          text: "La garantie légale de conformité emporte obligation pour le professionnel, le cas échéant, de fournir toutes les mises à jour nécessaires au maintien de la conformité du bien.",
        },
        {
          type: "p",
          text: "La garantie légale de conformité donne au consommateur droit à la réparation ou au remplacement du bien dans un délai de trente jours suivant sa demande, sans frais et sans inconvénient majeur pour lui.",
        },
        {
          type: "p",
          text: "Si le bien est réparé dans le cadre de la garantie légale de conformité, le consommateur bénéficie d'une extension de six mois de la garantie initiale.",
        },
        {
          type: "p",
          text: "Si le consommateur demande la réparation du bien, mais que le vendeur impose le remplacement, la garantie légale de conformité est renouvelée pour une période de deux ans à compter de la date de remplacement du bien.",
        },
        {
          type: "p",
          text: "Le consommateur peut obtenir une réduction du prix d'achat en conservant le bien ou mettre fin au contrat en se faisant rembourser intégralement contre restitution du bien, si :",
        },
        {
          type: "ul",
          items: [
            "1° Le professionnel refuse de réparer ou de remplacer le bien ;",
            "2° La réparation ou le remplacement du bien intervient après un délai de trente jours ;",
            "3° La réparation ou le remplacement du bien occasionne un inconvénient majeur pour le consommateur, notamment lorsque le consommateur supporte définitivement les frais de reprise ou d'enlèvement du bien non conforme, ou s'il supporte les frais d'installation du bien réparé ou de remplacement ;",
            "4° La non-conformité du bien persiste en dépit de la tentative de mise en conformité du vendeur restée infructueuse.",
          ],
        },
        {
          type: "p",
          text: "Le consommateur a également droit à une réduction du prix du bien ou à la résolution du contrat lorsque le défaut de conformité est si grave qu'il justifie que la réduction du prix ou la résolution du contrat soit immédiate. Le consommateur n'est alors pas tenu de demander la réparation ou le remplacement du bien au préalable.",
        },
        {
          type: "p",
          text: "Le consommateur n'a pas droit à la résolution de la vente si le défaut de conformité est mineur.",
        },
        {
          type: "p",
          text: "Toute période d'immobilisation du bien en vue de sa réparation ou de son remplacement suspend la garantie qui restait à courir jusqu'à la délivrance du bien remis en état.",
        },
        {
          type: "p",
          text: "Les droits mentionnés ci-dessus résultent de l'application des articles L. 217-1 à L. 217-32 du code de la consommation.",
        },
        {
          type: "p",
          text: "Le vendeur qui fait obstacle de mauvaise foi à la mise en œuvre de la garantie légale de conformité encourt une amende civile d'un montant maximal de 300 000 euros, qui peut être porté jusqu'à 10 % du chiffre d'affaires moyen annuel (article L. 241-5 du code de la consommation).",
        },
        {
          type: "p",
          text: "Le consommateur bénéficie également de la garantie légale des vices cachés en application des articles 1641 à 1649 du code civil, pendant une durée de deux ans à compter de la découverte du défaut. Cette garantie donne droit à une réduction de prix si le bien est conservé ou à un remboursement intégral contre restitution du bien.",
        },
      ],
    },
    {
      id: "responsabilite",
      heading: "Article 12 – Responsabilité",
      blocks: [
        {
          type: "p",
          text: "Le vendeur est responsable de plein droit à l'égard du consommateur de la bonne exécution des obligations résultant du contrat. Il peut s'exonérer de tout ou partie de sa responsabilité en apportant la preuve que l'inexécution ou la mauvaise exécution est imputable au consommateur, au fait imprévisible et insurmontable d'un tiers au contrat, ou à un cas de force majeure (article L. 221-15 du Code de la consommation).",
        },
        {
          type: "p",
          text: "Le vendeur n'est pas responsable des dommages résultant d'une utilisation des produits non conforme à leur destination, aux notices ou aux consignes de sécurité du fabricant, ou d'une mise en œuvre contraire aux règles de l'art.",
        },
        {
          type: "p",
          text: "À l'égard des acheteurs professionnels, la responsabilité du vendeur est limitée aux dommages directs et prévisibles et, en tout état de cause, au prix payé pour le produit concerné, sauf en cas de faute lourde ou dolosive ou de dommage corporel.",
        },
        {
          type: "p",
          text: "Aucune stipulation des présentes CGV ne peut avoir pour effet de priver le consommateur des droits que lui reconnaissent les dispositions impératives de la loi.",
        },
      ],
    },
    {
      id: "archivage-et-preuve",
      heading: "Article 13 – Archivage et preuve",
      blocks: [
        {
          type: "p",
          text: "Lorsque la commande atteint un montant égal ou supérieur à 120 euros, le vendeur conserve l'écrit constatant le contrat jusqu'à la livraison des produits, puis pendant 10 ans, et en garantit l'accès à l'acheteur, qui peut en obtenir la communication sur simple demande (articles L. 213-1 et D. 213-2 du Code de la consommation). Les registres informatisés du vendeur, conservés dans des conditions raisonnables de sécurité, sont considérés comme la preuve des commandes et des paiements, sauf preuve contraire.",
        },
      ],
    },
    {
      id: "donnees-personnelles",
      heading: "Article 14 – Données personnelles",
      blocks: [
        {
          type: "p",
          text: "Les données personnelles recueillies lors d'une commande sont nécessaires à son traitement, à sa livraison, à sa facturation et au service après-vente. Leur traitement, leurs destinataires, leurs durées de conservation et les droits dont dispose l'acheteur sont décrits dans la politique de confidentialité, accessible à l'adresse /politique-de-confidentialite.",
        },
      ],
    },
    {
      id: "reclamations-et-mediation",
      heading: "Article 15 – Réclamations et médiation de la consommation",
      blocks: [
        {
          type: "p",
          text: `Toute réclamation peut être adressée au service client par courrier électronique à ${company.email} ou par courrier postal à ${company.legalName}, ${fullAddress}.`,
        },
        {
          type: "p",
          text: "Conformément aux articles L. 612-1 et suivants du Code de la consommation, le consommateur a le droit de recourir gratuitement à un médiateur de la consommation en vue de la résolution amiable d'un litige qui l'oppose au vendeur. Le vendeur relève du médiateur suivant :",
        },
        {
          type: "ul",
          items: [company.mediator.name, company.mediator.address, company.mediator.website],
        },
        {
          type: "p",
          text: "Le médiateur ne peut être saisi qu'après que le consommateur a tenté de résoudre le litige directement auprès du vendeur par une réclamation écrite, et au plus tard un an après cette réclamation. Le recours à la médiation est facultatif : le consommateur et le vendeur restent libres de l'accepter ou de la refuser, ainsi que d'accepter ou de refuser la solution proposée par le médiateur.",
        },
      ],
    },
    {
      id: "droit-applicable-et-juridiction",
      heading: "Article 16 – Droit applicable et juridiction",
      blocks: [
        {
          type: "p",
          text: "Les présentes CGV et les ventes qu'elles régissent sont soumises au droit français. Ce choix ne prive pas le consommateur résidant dans un autre État de la protection que lui assurent les dispositions impératives de la loi de son pays de résidence.",
        },
        {
          type: "p",
          text: "À défaut de solution amiable, le consommateur peut saisir, à son choix, l'une des juridictions territorialement compétentes en vertu du Code de procédure civile ou la juridiction du lieu où il demeurait au moment de la conclusion du contrat ou de la survenance du fait dommageable (article R. 631-3 du Code de la consommation).",
        },
        {
          type: "p",
          text: `Si l'acheteur est un professionnel ayant la qualité de commerçant, tout litige relatif aux ventes régies par les présentes CGV relève de la compétence exclusive du tribunal de commerce de ${city}.`,
        },
      ],
    },
  ],
};
