import { company, fullAddress } from "#app/config/company.ts";
import type { LegalPage } from "#app/content/legal/types.ts";

const postalAddress = `${company.legalName}, ${fullAddress}`;

export const politiqueDeConfidentialite: LegalPage = {
  path: "/politique-de-confidentialite",
  title: `Politique de confidentialité | ${company.name}`,
  metaDescription: `Comment ${company.name} traite vos données (devis, boutique, cookies et traceurs), combien de temps elle les conserve et comment exercer vos droits.`,
  h1: "Politique de confidentialité",
  updatedAt: "2025-08-28",
  updatedLabel: "Dernière mise à jour : 28 août 2025",
  intro: `La présente politique explique quelles données personnelles ${company.legalName} collecte sur ce site, pourquoi, sur quel fondement, pendant combien de temps et avec qui elles sont partagées, ainsi que les droits dont vous disposez. Elle est établie conformément au règlement (UE) 2016/679 du 27 avril 2016 (RGPD) et à la loi n° 78-17 du 6 janvier 1978 relative à l'informatique, aux fichiers et aux libertés.`,
  sections: [
    {
      id: "responsable-du-traitement",
      heading: "Responsable du traitement",
      blocks: [
        {
          type: "p",
          text: `Le responsable du traitement est ${company.legalName}, ${company.legalFormLong} (${company.legalForm}) immatriculée au ${company.rcs}, dont le siège social est situé ${fullAddress}, représentée par ${company.director}, son président.`,
        },
        {
          type: "p",
          text: `Pour toute question relative à vos données personnelles : ${company.email}, ${company.phone.display}, ou par courrier à l'adresse du siège social. ${company.legalName} n'a pas désigné de délégué à la protection des données, cette désignation n'étant pas obligatoire au regard de son activité.`,
        },
      ],
    },
    {
      id: "donnees-collectees",
      heading: "Données collectées",
      blocks: [
        {
          type: "p",
          text: "Formulaire de demande de devis. Lorsque vous nous demandez un devis, nous collectons :",
        },
        {
          type: "ul",
          items: [
            "vos nom et prénom, votre adresse électronique et votre numéro de téléphone ;",
            "le type de travaux envisagé, votre budget indicatif (facultatif) et la description de votre projet ;",
            "les photos que vous choisissez de joindre (facultatif) : à leur réception, elles sont réencodées et débarrassées de leurs métadonnées de localisation (coordonnées GPS notamment) ;",
            "la date et l'heure auxquelles vous avez coché la case attestant avoir pris connaissance de la présente politique ;",
            "votre adresse IP, utilisée uniquement pour limiter le nombre d'envois et prévenir les abus (envois automatisés, spam), et conservée pendant une durée brève, de 24 heures au plus.",
          ],
        },
        {
          type: "p",
          text: "Les champs marqués d'un astérisque sont nécessaires pour que nous puissions étudier votre demande et vous répondre ; sans eux, la demande ne peut pas être envoyée. Les autres champs sont facultatifs.",
        },
        { type: "p", text: "Boutique en ligne. Lorsque vous passez commande, nous collectons :" },
        {
          type: "ul",
          items: [
            "votre identité (nom et prénom et, pour les clients professionnels, la raison sociale et le numéro de TVA) ;",
            "vos coordonnées (adresse électronique, numéro de téléphone) et, selon le cas, votre adresse de livraison et de facturation ;",
            "le détail de votre commande (produits, quantités, prix, mode de livraison ou de retrait), son suivi, les factures et les échanges relatifs au service après-vente, aux garanties ou à une rétractation ;",
            "les informations relatives au paiement : le paiement par carte est traité directement par notre prestataire de paiement ; nous recevons seulement la confirmation et la référence du paiement et nous ne collectons ni ne conservons les données de votre carte bancaire. En cas de virement, nous disposons des références de l'opération figurant sur nos relevés bancaires.",
          ],
        },
        {
          type: "p",
          text: "Espace professionnel. Pour les membres de notre personnel qui disposent d'un compte d'accès à l'espace professionnel, nous traitons leur adresse électronique, leur nom, leur mot de passe (conservé uniquement sous forme hachée, jamais en clair), les données de session nécessaires à leur connexion et les journaux de connexion (date, heure, adresse IP). Les salariés reçoivent par ailleurs une information spécifique sur les traitements liés à la gestion du personnel, notamment le suivi du temps de travail.",
        },
        {
          type: "p",
          text: "Navigation sur le site. Certaines informations sont lues ou enregistrées sur votre appareil au moyen de cookies et d'autres traceurs, dans les conditions décrites dans la section « Cookies et traceurs » ci-dessous.",
        },
      ],
    },
    {
      id: "finalites",
      heading: "Finalités des traitements",
      blocks: [
        { type: "p", text: "Vos données sont utilisées pour :" },
        {
          type: "ul",
          items: [
            "étudier votre demande de devis, vous recontacter, établir le devis et assurer le suivi de votre projet ;",
            "gérer les commandes passées sur la boutique : traitement, paiement, préparation, livraison ou retrait, facturation, service après-vente, garanties légales et exercice du droit de rétractation ;",
            "tenir notre comptabilité et respecter nos autres obligations légales, notamment fiscales ;",
            "assurer la sécurité du site et de l'espace professionnel, prévenir les abus et la fraude ;",
            "répondre à vos demandes d'exercice de vos droits ;",
            "constater, exercer ou défendre nos droits en justice ;",
            "uniquement avec votre consentement : mesurer l'audience du site, mesurer l'efficacité de nos publicités et afficher la carte Google Maps sur la page /contact.",
          ],
        },
        {
          type: "p",
          text: "Vos données ne font l'objet d'aucune décision fondée exclusivement sur un traitement automatisé, ni d'aucun profilage produisant des effets juridiques à votre égard.",
        },
      ],
    },
    {
      id: "bases-legales",
      heading: "Bases légales",
      blocks: [
        {
          type: "p",
          text: "Chaque traitement repose sur l'une des bases légales prévues par l'article 6 du RGPD :",
        },
        {
          type: "ul",
          items: [
            "demandes de devis : l'exécution de mesures précontractuelles prises à votre demande. La case à cocher du formulaire atteste que vous avez été informé du traitement de vos données ; elle n'en constitue pas la base légale ;",
            "commandes de la boutique : l'exécution du contrat de vente ;",
            "factures et pièces comptables : le respect d'une obligation légale, notamment la conservation des documents comptables pendant 10 ans (article L. 123-22 du Code de commerce) ;",
            "sécurité du site, limitation des envois, prévention des abus et gestion des accès à l'espace professionnel : notre intérêt légitime à protéger le site et les données qu'il contient ;",
            "défense de nos droits en justice : notre intérêt légitime ;",
            "réponse aux demandes d'exercice des droits : le respect d'une obligation légale ;",
            "cookies et traceurs non indispensables (publicité, mesure d'audience, carte Google Maps) : votre consentement, conformément à l'article 82 de la loi n° 78-17 du 6 janvier 1978. Vous pouvez le retirer à tout moment, sans que cela remette en cause la licéité des traitements effectués auparavant.",
          ],
        },
      ],
    },
    {
      id: "destinataires",
      heading: "Destinataires des données",
      blocks: [
        { type: "p", text: "Vos données sont destinées, dans la limite de ce qui est nécessaire à chacun :" },
        {
          type: "ul",
          items: [
            `au personnel habilité de ${company.legalName}, chargé du traitement des devis, des commandes, des chantiers et de la comptabilité ;`,
            `à nos sous-traitants techniques, qui agissent sur nos instructions et sont tenus à la confidentialité et à la sécurité des données : notre hébergeur, ${company.host.name} ; notre prestataire d'envoi de courriers électroniques ; le cas échéant, le prestataire technique de la boutique en ligne ;`,
            "à notre prestataire de paiement, pour les paiements par carte ; pour la lutte contre la fraude et le respect de ses obligations bancaires, il agit en qualité de responsable de son propre traitement ;",
            "au transporteur chargé de la livraison, pour les seules informations nécessaires à celle-ci (nom, adresse, téléphone) ;",
            "à notre expert-comptable et, si nécessaire, à nos conseils, à notre assureur ou aux auxiliaires de justice ;",
            "aux autorités administratives ou judiciaires, lorsque la loi nous l'impose ;",
            "uniquement si vous y avez consenti : TikTok, le prestataire de mesure d'audience et Google, dans les conditions décrites dans la section « Cookies et traceurs ».",
          ],
        },
        {
          type: "p",
          text: "Nous ne vendons, ne louons ni ne cédons vos données personnelles à quiconque.",
        },
      ],
    },
    {
      id: "durees-de-conservation",
      heading: "Durées de conservation",
      blocks: [
        {
          type: "p",
          text: "Nous conservons vos données pendant la durée nécessaire aux finalités pour lesquelles elles ont été collectées, puis en archive, pour la seule durée utile à la preuve de nos droits et au respect de nos obligations légales, avec un accès restreint.",
        },
        {
          type: "p",
          text: "Demandes de devis sans suite : les prospects sans suite sont supprimés après 3 ans, ce délai courant à compter de leur dernier contact avec nous (par exemple un message ou un appel de leur part).",
        },
        {
          type: "p",
          text: "Clients : les données sont conservées pendant toute la durée de la relation contractuelle, puis archivées 5 ans à compter de la fin du contrat ou du dernier contact, ce qui correspond au délai de prescription de droit commun (article 2224 du Code civil).",
        },
        {
          type: "p",
          text: "Documents comptables : les factures et autres pièces comptables sont conservées 10 ans (article L. 123-22 du Code de commerce). Par ailleurs, les contrats conclus en ligne d'un montant égal ou supérieur à 120 euros sont conservés 10 ans, conformément aux articles L. 213-1 et D. 213-2 du Code de la consommation, et les documents nécessaires à la preuve de nos travaux (devis signés, procès-verbaux de réception) sont conservés 10 ans à compter de la réception des travaux, durée de la garantie décennale (articles 1792 et 1792-4-1 du Code civil).",
        },
        {
          type: "table",
          caption: "Durées de conservation des données",
          head: ["Données", "Durée de conservation", "Point de départ"],
          rows: [
            [
              "Demandes de devis restées sans suite (prospects)",
              "3 ans, puis suppression",
              "Dernier contact du prospect",
            ],
            [
              "Données des clients (devis acceptés, commandes, échanges)",
              "Archivées 5 ans",
              "Fin du contrat ou dernier contact",
            ],
            ["Factures et pièces comptables", "10 ans", "Clôture de l'exercice comptable"],
            [
              "Contrats conclus en ligne d'au moins 120 euros",
              "10 ans",
              "Conclusion du contrat ou livraison",
            ],
            ["Devis signés et procès-verbaux de réception de travaux", "10 ans", "Réception des travaux"],
            ["Adresse IP utilisée contre les abus du formulaire", "24 heures au plus", "Envoi du formulaire"],
            [
              "Comptes de l'espace professionnel",
              "Durée des fonctions, puis suppression du compte",
              "Départ du membre du personnel",
            ],
            ["Journaux de connexion à l'espace professionnel", "12 mois au plus", "Connexion"],
            [
              "Justificatif d'identité demandé en cas de doute",
              "Supprimé dès la vérification faite",
              "Réception du justificatif",
            ],
            ["Choix relatif aux cookies (cookie_consent)", "6 mois", "Expression du choix"],
            ["Traceurs soumis à consentement", "13 mois au plus", "Dépôt du traceur"],
          ],
        },
      ],
    },
    {
      id: "cookies-et-traceurs",
      heading: "Cookies et traceurs",
      blocks: [
        {
          type: "p",
          text: "Un traceur est une information lue ou enregistrée sur votre appareil lorsque vous consultez le site : cookie, stockage local du navigateur (localStorage), pixel ou script. Conformément à l'article 82 de la loi n° 78-17 du 6 janvier 1978, les traceurs strictement nécessaires au fonctionnement du site ne requièrent pas votre consentement ; tous les autres ne sont utilisés qu'après avoir recueilli votre accord.",
        },
        { type: "p", text: "Traceurs strictement nécessaires (sans consentement) :" },
        {
          type: "ul",
          items: [
            "cookie_consent (stockage local) : mémorise votre choix d'accepter ou de refuser les traceurs, pendant 6 mois ;",
            "e-commerce-cart (stockage local) : conserve le contenu de votre panier sur votre appareil, jusqu'à ce que vous passiez commande, vidiez votre panier ou effaciez les données de votre navigateur ;",
            "cookie de session de l'espace professionnel : déposé uniquement lorsqu'un membre du personnel se connecte, il maintient sa session authentifiée ; il est supprimé à la déconnexion ou à l'expiration de la session.",
          ],
        },
        { type: "p", text: "Traceurs soumis à votre consentement :" },
        {
          type: "ul",
          items: [
            "pixel publicitaire TikTok, fourni par TikTok Technology Limited (Irlande) et, le cas échéant, TikTok Pte. Ltd. (Singapour) : il permet de mesurer la performance de nos publicités, par exemple de savoir si une demande de devis fait suite à une publicité vue sur TikTok. Il transmet notamment un identifiant technique, votre adresse IP, des informations sur votre navigateur, les pages consultées et certaines actions (ouverture et envoi du formulaire de devis avec le type de travaux choisi, clic sur le bouton d'appel). TikTok traite ces données selon sa propre politique de confidentialité ; nous sommes responsables conjoints avec elle de leur collecte et de leur transmission ;",
            "script tiers de mesure d'audience : il établit des statistiques de fréquentation du site (pages vues, provenance des visites, type d'appareil) ;",
            "carte Google Maps intégrée à la page /contact, fournie par Google Ireland Limited (Irlande) : elle n'est chargée qu'après votre consentement ou lorsque vous cliquez sur « Afficher la carte ». Une fois chargée, Google reçoit notamment votre adresse IP et peut déposer ses propres traceurs, selon sa propre politique de confidentialité.",
          ],
        },
        {
          type: "table",
          caption: "Traceurs utilisés sur le site",
          head: ["Traceur", "Finalité", "Émetteur", "Durée", "Consentement"],
          rows: [
            [
              "cookie_consent (stockage local)",
              "Mémoriser votre choix relatif aux traceurs",
              company.name,
              "6 mois",
              "Non requis",
            ],
            [
              "e-commerce-cart (stockage local)",
              "Conserver le contenu du panier",
              company.name,
              "Jusqu'à la commande ou l'effacement par vous",
              "Non requis",
            ],
            [
              "Cookie de session de l'espace professionnel",
              "Maintenir la connexion du personnel",
              company.name,
              "Durée de la session",
              "Non requis",
            ],
            [
              "Pixel TikTok",
              "Mesurer la performance de nos publicités",
              "TikTok Technology Limited ; TikTok Pte. Ltd.",
              "13 mois au plus",
              "Requis",
            ],
            [
              "Script de mesure d'audience",
              "Statistiques de fréquentation",
              "Prestataire tiers de mesure d'audience",
              "13 mois au plus",
              "Requis",
            ],
            [
              "Carte Google Maps (/contact)",
              "Afficher notre localisation",
              "Google Ireland Limited",
              "Selon les règles de Google",
              "Requis, ou clic sur « Afficher la carte »",
            ],
          ],
        },
      ],
    },
    {
      id: "gerer-vos-choix",
      heading: "Gérer vos choix en matière de traceurs",
      blocks: [
        {
          type: "p",
          text: "Lors de votre première visite, un bandeau vous permet d'accepter ou de refuser les traceurs soumis à consentement. Refuser est aussi simple qu'accepter : les deux boutons sont présentés de la même manière. Tant que vous n'avez pas fait de choix, aucun traceur soumis à consentement n'est utilisé, et un refus n'a aucune conséquence sur votre accès au site.",
        },
        {
          type: "p",
          text: "Vous pouvez modifier votre choix ou retirer votre consentement à tout moment, aussi facilement que vous l'avez donné, grâce au lien « Gérer les cookies » présent en bas de chaque page. Votre choix est conservé 6 mois ; à l'issue de ce délai, il vous est demandé à nouveau.",
        },
        {
          type: "p",
          text: "Vous pouvez également configurer votre navigateur pour bloquer ou supprimer les cookies et le stockage local ; dans ce cas, certaines fonctions, comme le panier, peuvent ne plus fonctionner.",
        },
      ],
    },
    {
      id: "transferts-hors-ue",
      heading: "Transferts hors de l'Union européenne",
      blocks: [
        {
          type: "p",
          text: "Certains de nos prestataires, ainsi que TikTok et Google lorsque vous avez accepté leurs traceurs, peuvent traiter des données en dehors de l'Espace économique européen ou y donner accès depuis l'étranger (par exemple aux États-Unis ou à Singapour).",
        },
        {
          type: "p",
          text: "Ces transferts ne sont effectués qu'avec les garanties prévues par le chapitre V du RGPD : une décision d'adéquation de la Commission européenne (notamment le cadre de protection des données UE-États-Unis pour les entreprises américaines certifiées) ou, à défaut, des clauses contractuelles types adoptées par la Commission européenne, complétées si nécessaire de mesures de sécurité supplémentaires. Vous pouvez obtenir des informations sur ces garanties en nous écrivant.",
        },
      ],
    },
    {
      id: "vos-droits",
      heading: "Vos droits",
      blocks: [
        {
          type: "p",
          text: "Dans les conditions prévues par les articles 15 à 22 du RGPD, vous disposez des droits suivants :",
        },
        {
          type: "ul",
          items: [
            "droit d'accès : obtenir la confirmation que nous traitons vos données et en recevoir une copie ;",
            "droit de rectification : faire corriger des données inexactes ou compléter des données incomplètes ;",
            "droit à l'effacement : obtenir la suppression de vos données, sauf lorsque leur conservation est nécessaire, par exemple pour respecter une obligation légale ;",
            "droit à la limitation : demander le gel temporaire de l'utilisation de vos données, par exemple le temps de vérifier leur exactitude ;",
            "droit d'opposition : vous opposer, pour des raisons tenant à votre situation particulière, aux traitements fondés sur notre intérêt légitime, et à tout moment, sans motif, à la prospection commerciale ;",
            "droit à la portabilité : recevoir, dans un format structuré et couramment utilisé, les données que vous nous avez fournies lorsque leur traitement repose sur votre consentement ou sur un contrat, ou les faire transmettre à un autre responsable de traitement ;",
            "droit de retirer votre consentement à tout moment, pour les traitements qui reposent sur celui-ci ;",
            "droit de définir des directives relatives à la conservation, à l'effacement et à la communication de vos données après votre décès (article 85 de la loi n° 78-17 du 6 janvier 1978).",
          ],
        },
        {
          type: "p",
          text: `Pour exercer vos droits, écrivez-nous par courrier électronique à ${company.email} ou par courrier postal à ${postalAddress}. L'exercice de vos droits est gratuit.`,
        },
        {
          type: "p",
          text: "Nous vous répondons dans un délai d'un mois à compter de la réception de votre demande. Ce délai peut être prolongé de deux mois compte tenu de la complexité ou du nombre de demandes ; nous vous en informons alors dans le premier mois. Un justificatif d'identité ne peut vous être demandé qu'en cas de doute raisonnable sur votre identité.",
        },
        {
          type: "p",
          text: "Si vous ne souhaitez pas faire l'objet de prospection commerciale par téléphone, vous pouvez en outre vous inscrire gratuitement sur la liste d'opposition au démarchage téléphonique, sur le site www.bloctel.gouv.fr (article L. 223-2 du Code de la consommation).",
        },
      ],
    },
    {
      id: "securite",
      heading: "Sécurité",
      blocks: [
        {
          type: "p",
          text: "Nous mettons en œuvre des mesures techniques et organisationnelles adaptées aux risques pour protéger vos données contre la perte, l'altération, la divulgation et l'accès non autorisé, notamment :",
        },
        {
          type: "ul",
          items: [
            "le chiffrement des échanges entre votre navigateur et le site (HTTPS) ;",
            "un accès aux données limité aux seules personnes habilitées, après authentification, et des mots de passe conservés sous forme hachée ;",
            "le réencodage des photos reçues et la suppression de leurs métadonnées de localisation ;",
            "la limitation du nombre d'envois du formulaire et un dispositif de détection des robots ;",
            "le choix de sous-traitants présentant des garanties suffisantes, liés par un contrat conforme à l'article 28 du RGPD.",
          ],
        },
        {
          type: "p",
          text: "En cas de violation de données susceptible d'engendrer un risque élevé pour vos droits et libertés, nous vous en informerions dans les meilleurs délais, conformément à l'article 34 du RGPD.",
        },
      ],
    },
    {
      id: "reclamation-cnil",
      heading: "Réclamation auprès de la CNIL",
      blocks: [
        {
          type: "p",
          text: "Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez introduire une réclamation auprès de la Commission nationale de l'informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur www.cnil.fr.",
        },
      ],
    },
    {
      id: "modification",
      heading: "Modification de la politique",
      blocks: [
        {
          type: "p",
          text: "Nous pouvons modifier la présente politique, notamment pour tenir compte d'une évolution du site, de nos prestataires ou de la réglementation. La date de la dernière mise à jour figure en haut de la page. En cas de modification importante, par exemple une nouvelle finalité ou un nouveau destinataire, nous vous en informerons par un moyen approprié et, lorsque la loi l'exige, nous recueillerons à nouveau votre consentement.",
        },
      ],
    },
  ],
};
