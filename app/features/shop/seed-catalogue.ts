/**
 * The demo catalogue of the built-in store: professional equipment for builders.
 * Images are the drawings under public/products/ (scripts/shop-visuals.ts).
 * Prices are TTC, in cents.
 */

export type SeedVariant = {
  key: string;
  title: string;
  sku: string;
  price: number;
  sale?: number;
  weightGrams: number;
  /** Managed stock; absent: stock not managed (always available). */
  stock?: number;
  image?: string;
};

export type SeedProduct = {
  id: string;
  title: string;
  subtitle: string;
  ribbon?: string;
  description: string;
  images: string[];
  collection: keyof typeof seedCollections;
  purchasable?: boolean;
  selection?: "lowest_price_first" | "first_variant";
  info?: [title: string, description: string][];
  customFields?: [title: string, required: boolean][];
  related?: string[];
  /** Several variants are offered under a « Style » option. */
  variants: SeedVariant[];
};

export const seedCollections = {
  outillage: "Outillage électroportatif",
  fixations: "Fixations et scellement",
  isolation: "Isolation",
  maconnerie: "Maçonnerie et façade",
  protection: "Équipements de protection",
  chantier: "Matériel de chantier",
} as const;

const img = (name: string) => `/products/${name}.svg`;

/** The variants of a product sold in one version only: its key is « standard », its title « Standard » unless given. */
const soldAsOne = (variant: Omit<SeedVariant, "key" | "title"> & { title?: string }): SeedVariant[] => [
  { key: "standard", title: "Standard", ...variant },
];

export const seedProducts: SeedProduct[] = [
  {
    id: "perforateur-sds-plus",
    title: "Perforateur burineur SDS-Plus 800 W",
    subtitle: "3 modes : perçage, perçage-frappe et burinage",
    ribbon: "Promo",
    description:
      "<p>Le perforateur du quotidien pour le béton, la brique et la pierre : <strong>2,8 J de force de frappe</strong> pour percer jusqu'à 26 mm dans le béton.</p><ul><li>Emmanchement SDS-Plus, changement d'outil sans clé</li><li>Fonction burinage avec 40 positions de burin</li><li>Embrayage de sécurité contre les blocages</li><li>Livré en coffret avec poignée latérale et butée de profondeur</li></ul>",
    images: [img("perforateur"), img("perforateur-coffret"), img("perforateur-foret")],
    collection: "outillage",
    info: [
      ["Caractéristiques", "<p>Puissance 800 W · Force de frappe 2,8 J · Poids 2,9 kg · Câble 4 m</p>"],
      ["Garantie", "<p>Garantie constructeur 2 ans, pièces et main-d'œuvre.</p>"],
    ],
    related: ["meuleuse-125", "cheville-frapper"],
    variants: soldAsOne({
      title: "Coffret standard",
      sku: "OUT-PERF-800",
      price: 18900,
      sale: 15900,
      weightGrams: 4200,
      stock: 12,
    }),
  },
  {
    id: "visseuse-chocs-18v",
    title: "Visseuse à chocs sans fil 18 V",
    subtitle: "Moteur sans charbon, couple 180 Nm",
    description:
      "<p>Compacte et puissante pour le vissage en série dans le bois, le métal et les chevilles. <strong>Moteur brushless</strong> : plus d'autonomie et moins d'entretien.</p><ul><li>Porte-embout hexagonal 1/4\"</li><li>3 vitesses et éclairage LED</li><li>Compatible avec toute la gamme 18 V</li></ul>",
    images: [img("visseuse"), img("visseuse-pack")],
    collection: "outillage",
    variants: [
      { key: "seule", title: "Machine seule", sku: "OUT-VIS18-NU", price: 12900, weightGrams: 1300 },
      {
        key: "pack",
        title: "Pack 2 batteries 4 Ah + chargeur",
        sku: "OUT-VIS18-PK",
        price: 22900,
        weightGrams: 2600,
        image: img("visseuse-pack"),
      },
    ],
  },
  {
    id: "niveau-laser-croix",
    title: "Niveau laser croix vert autonivelant",
    subtitle: "Portée 30 m, précision ± 0,3 mm/m",
    ribbon: "Dernières pièces",
    description:
      "<p>Deux lignes vertes très visibles, même en intérieur lumineux, pour poser cloisons, carrelage et faux plafonds d'aplomb.</p><ul><li>Autonivelant sur ± 4°, blocage du pendule pour le transport</li><li>Mode pulsé pour cellule de réception</li><li>Filetage 1/4\" pour trépied</li></ul>",
    images: [img("niveau-laser")],
    collection: "outillage",
    variants: soldAsOne({ sku: "OUT-LAS-X2V", price: 24900, weightGrams: 650, stock: 2 }),
  },
  {
    id: "meuleuse-125",
    title: "Meuleuse d'angle 125 mm 1 200 W",
    subtitle: "Démarrage progressif et anti-redémarrage",
    ribbon: "Promo",
    description:
      "<p>Pour couper et meuler l'acier, la pierre et le carrelage. Le <strong>démarrage progressif</strong> évite les à-coups et la protection anti-redémarrage sécurise l'utilisateur après une coupure de courant.</p><ul><li>Capot de protection réglable sans outil</li><li>Poignée latérale 2 positions</li></ul>",
    images: [img("meuleuse")],
    collection: "outillage",
    variants: soldAsOne({ sku: "OUT-MEUL-125", price: 8900, sale: 7490, weightGrams: 2300 }),
  },
  {
    id: "malaxeur-1600",
    title: "Malaxeur à mortier 1 600 W",
    subtitle: "2 vitesses, fouet M14 de 140 mm",
    description:
      "<p>Mélange homogène des mortiers, colles, enduits et bétons légers jusqu'à 90 litres. Deux poignées pour un contrôle total.</p><ul><li>Variateur électronique et 2 vitesses mécaniques</li><li>Fouet hélicoïdal livré</li></ul>",
    images: [img("malaxeur")],
    collection: "maconnerie",
    variants: soldAsOne({ sku: "MAC-MALAX-1600", price: 17900, weightGrams: 5600 }),
  },
  {
    id: "cheville-frapper",
    title: "Chevilles à frapper nylon (boîte de 100)",
    subtitle: "Vis pré-montées, pour béton, brique pleine et pierre",
    description:
      "<p>Fixation rapide de tasseaux, rails et lisses : on perce, on enfonce au marteau, c'est fixé. <strong>Collerette plate</strong> pour une pose affleurante.</p>",
    images: [img("chevilles")],
    collection: "fixations",
    customFields: [["Référence chantier (facultatif)", false]],
    variants: [
      { key: "6x40", title: "6 × 40 mm", sku: "FIX-CHF-640", price: 890, weightGrams: 350 },
      { key: "8x60", title: "8 × 60 mm", sku: "FIX-CHF-860", price: 1290, weightGrams: 620 },
      { key: "10x80", title: "10 × 80 mm", sku: "FIX-CHF-1080", price: 1790, weightGrams: 1100 },
    ],
  },
  {
    id: "vis-bois-torx",
    title: "Vis à bois tête fraisée Torx (boîte de 200)",
    subtitle: "Acier zingué, pointe autoperceuse",
    description:
      "<p>Vis universelles pour ossature, bardage et agencement. L'empreinte <strong>Torx</strong> ne foire pas et la pointe autoperceuse évite le pré-perçage dans la plupart des bois.</p>",
    images: [img("vis-torx")],
    collection: "fixations",
    variants: [
      { key: "4x40", title: "4 × 40 mm", sku: "FIX-VBT-440", price: 990, weightGrams: 560 },
      { key: "5x60", title: "5 × 60 mm", sku: "FIX-VBT-560", price: 1490, weightGrams: 1050 },
      { key: "6x80", title: "6 × 80 mm", sku: "FIX-VBT-680", price: 2190, weightGrams: 1900 },
    ],
  },
  {
    id: "scellement-chimique",
    title: "Scellement chimique résine polyester 300 ml",
    subtitle: "Sans styrène, pour charges lourdes",
    ribbon: "-18 %",
    description:
      "<p>Ancrage des tiges filetées, fers à béton et gonds dans les matériaux pleins et creux (avec tamis). Utilisable en intérieur comme en extérieur.</p><ul><li>Cartouche standard pour pistolet 300 ml</li><li>2 buses mélangeuses fournies</li></ul>",
    images: [img("scellement-chimique")],
    collection: "fixations",
    variants: soldAsOne({
      title: "Cartouche 300 ml",
      sku: "FIX-SCH-300",
      price: 1450,
      sale: 1190,
      weightGrams: 520,
    }),
  },
  {
    id: "laine-verre-rouleau",
    title: "Laine de verre en rouleau 100 mm, R = 2,50",
    subtitle: "Rouleau de 6 m² (1,20 × 5 m), revêtu kraft",
    description:
      "<p>Isolation thermique et acoustique des combles perdus, rampants et cloisons. Le <strong>kraft</strong> fait office de pare-vapeur et facilite la pose.</p><ul><li>Résistance thermique R = 2,50 m².K/W</li><li>Classement au feu du produit nu : A1</li></ul>",
    images: [img("laine-de-verre")],
    collection: "isolation",
    variants: soldAsOne({ title: "Rouleau 6 m²", sku: "ISO-LDV-100", price: 3490, weightGrams: 7200 }),
  },
  {
    id: "panneau-pse-ite",
    title: "Panneaux polystyrène expansé ITE 120 mm (lot de 4)",
    subtitle: "Isolation thermique par l'extérieur sous enduit",
    description:
      "<p>Panneaux PSE graphité pour l'isolation des façades sous enduit mince. Bords droits, <strong>λ = 0,031 W/m.K</strong>.</p><ul><li>Format 1,20 × 0,60 m, soit 2,88 m² par lot</li><li>R = 3,85 m².K/W</li></ul>",
    images: [img("panneaux-pse")],
    collection: "isolation",
    variants: soldAsOne({ title: "Lot de 4", sku: "ISO-PSE-120", price: 6990, weightGrams: 4600 }),
  },
  {
    id: "panneau-fibre-bois",
    title: "Panneau isolant fibre de bois 100 mm",
    subtitle: "Biosourcé, excellent déphasage l'été",
    ribbon: "Bientôt de retour",
    purchasable: false,
    description:
      "<p>Isolant naturel pour toitures et murs à ossature bois : il garde la fraîcheur l'été grâce à sa forte densité. <strong>Réapprovisionnement en cours</strong>, contactez-nous pour une réservation.</p>",
    images: [img("fibre-de-bois")],
    collection: "isolation",
    variants: soldAsOne({
      title: "Panneau 1,22 × 0,58 m",
      sku: "ISO-FDB-100",
      price: 4290,
      weightGrams: 9800,
    }),
  },
  {
    id: "membrane-pare-vapeur",
    title: "Membrane pare-vapeur hygrovariable (rouleau 40 m²)",
    subtitle: "Étanchéité à l'air des rampants et murs",
    description:
      "<p>Freine la vapeur d'eau l'hiver et la laisse sécher l'été : elle protège l'isolant de la condensation. À poser côté chaud, joints recouverts et adhésivés.</p>",
    images: [img("pare-vapeur")],
    collection: "isolation",
    variants: soldAsOne({ title: "Rouleau 1,5 × 26,7 m", sku: "ISO-PVH-40", price: 8900, weightGrams: 6100 }),
  },
  {
    id: "mortier-colle-c2",
    title: "Mortier colle carrelage C2 (sac 25 kg)",
    subtitle: "Sols et murs, intérieur et extérieur",
    description:
      "<p>Colle hautes performances pour carreaux grand format, grès cérame et pose sur plancher chauffant. <strong>Temps ouvert allongé</strong> de 30 minutes.</p>",
    images: [img("mortier-colle-gris"), img("mortier-colle-blanc")],
    collection: "maconnerie",
    variants: [
      {
        key: "gris",
        title: "Gris",
        sku: "MAC-MCC2-GR",
        price: 1890,
        weightGrams: 25000,
        image: img("mortier-colle-gris"),
      },
      {
        key: "blanc",
        title: "Blanc",
        sku: "MAC-MCC2-BL",
        price: 2290,
        weightGrams: 25000,
        image: img("mortier-colle-blanc"),
      },
    ],
  },
  {
    id: "enduit-facade",
    title: "Enduit de façade monocouche (sac 25 kg)",
    subtitle: "Imperméabilisation et décoration en une passe",
    description:
      "<p>Enduit minéral teinté dans la masse pour la rénovation et le ravalement des façades. Finition grattée ou talochée.</p><ul><li>Environ 18 kg/m² pour 10 mm d'épaisseur</li><li>Application manuelle ou à la machine</li></ul>",
    images: [img("enduit-blanc-casse"), img("enduit-ton-pierre"), img("enduit-gris-perle")],
    collection: "maconnerie",
    selection: "first_variant",
    variants: [
      {
        key: "blanc-casse",
        title: "Blanc cassé",
        sku: "MAC-END-BC",
        price: 2490,
        weightGrams: 25000,
        image: img("enduit-blanc-casse"),
      },
      {
        key: "ton-pierre",
        title: "Ton pierre",
        sku: "MAC-END-TP",
        price: 2590,
        weightGrams: 25000,
        image: img("enduit-ton-pierre"),
      },
      {
        key: "gris-perle",
        title: "Gris perle",
        sku: "MAC-END-GP",
        price: 2590,
        weightGrams: 25000,
        image: img("enduit-gris-perle"),
      },
    ],
  },
  {
    id: "casque-chantier",
    title: "Casque de chantier ventilé EN 397",
    subtitle: "Harnais 6 points à crémaillère",
    description:
      "<p>Casque léger et aéré pour les longues journées. Réglage rapide par molette, bandeau anti-transpiration remplaçable.</p><ul><li>Conforme EN 397</li><li>Fentes pour protections auditives et visière</li></ul>",
    images: [img("casque-blanc"), img("casque-jaune"), img("casque-bleu")],
    collection: "protection",
    variants: [
      {
        key: "blanc",
        title: "Blanc",
        sku: "EPI-CAS-BL",
        price: 1990,
        weightGrams: 380,
        stock: 25,
        image: img("casque-blanc"),
      },
      {
        key: "jaune",
        title: "Jaune",
        sku: "EPI-CAS-JA",
        price: 1990,
        weightGrams: 380,
        stock: 25,
        image: img("casque-jaune"),
      },
      {
        key: "bleu",
        title: "Bleu",
        sku: "EPI-CAS-BU",
        price: 1990,
        weightGrams: 380,
        stock: 25,
        image: img("casque-bleu"),
      },
    ],
  },
  {
    id: "lunettes-protection",
    title: "Lunettes de protection anti-buée EN 166",
    subtitle: "Oculaire polycarbonate incolore",
    description:
      "<p>Protection contre les projections lors du perçage, du meulage et du sciage. Traitement <strong>anti-buée et anti-rayures</strong>, branches réglables.</p>",
    images: [img("lunettes")],
    collection: "protection",
    variants: soldAsOne({ title: "Taille unique", sku: "EPI-LUN-166", price: 690, weightGrams: 45 }),
  },
  {
    id: "gants-nitrile",
    title: "Gants de manutention enduits nitrile (12 paires)",
    subtitle: "Bonne préhension sur matériaux secs et gras",
    ribbon: "Promo",
    description:
      "<p>Support tricoté respirant et paume enduite nitrile : ils résistent à l'abrasion des parpaings et des tuiles. Taille 9 (L).</p>",
    images: [img("gants")],
    collection: "protection",
    variants: soldAsOne({
      title: "Taille 9 (L)",
      sku: "EPI-GNT-9",
      price: 2490,
      sale: 1990,
      weightGrams: 600,
    }),
  },
  {
    id: "chaussures-securite-s3",
    title: "Chaussures de sécurité S3 SRC",
    subtitle: "Embout composite, semelle anti-perforation",
    description:
      "<p>Coque composite non métallique, semelle antidérapante SRC et tige hydrofuge : pour les chantiers de gros œuvre par tous les temps. Pointure 42.</p>",
    images: [img("chaussure-montante"), img("chaussure-basse")],
    collection: "protection",
    variants: [
      {
        key: "montantes",
        title: "Montantes",
        sku: "EPI-S3-HI-42",
        price: 8990,
        weightGrams: 1500,
        stock: 8,
        image: img("chaussure-montante"),
      },
      {
        key: "basses",
        title: "Basses",
        sku: "EPI-S3-LO-42",
        price: 7990,
        weightGrams: 1200,
        stock: 5,
        image: img("chaussure-basse"),
      },
    ],
  },
  {
    id: "harnais-antichute",
    title: "Harnais antichute 2 points d'ancrage",
    subtitle: "Dorsal et sternal, EN 361",
    description:
      "<p>Pour les travaux en hauteur sur toiture et échafaudage. Sangles réglables aux cuisses et aux épaules, boucles automatiques.</p>",
    images: [img("harnais")],
    collection: "protection",
    variants: soldAsOne({
      title: "Taille unique",
      sku: "EPI-HAR-361",
      price: 6490,
      weightGrams: 1100,
      stock: 0,
    }),
  },
  {
    id: "bouchons-oreilles",
    title: "Bouchons d'oreilles mousse (boîte de 200 paires)",
    subtitle: "SNR 37 dB, en distributeur",
    description:
      "<p>Bouchons jetables en mousse polyuréthane, doux et faciles à mettre en place. Idéal pour équiper une équipe sur les chantiers bruyants.</p>",
    images: [],
    collection: "protection",
    variants: soldAsOne({ title: "Boîte de 200 paires", sku: "EPI-BOU-200", price: 2990, weightGrams: 900 }),
  },
  {
    id: "brouette-100l",
    title: "Brouette de chantier 100 L, roue gonflable",
    subtitle: "Caisse acier galvanisé, charge 250 kg",
    description:
      "<p>Brouette renforcée pour le béton, les gravats et les sacs. <strong>Roue gonflable</strong> sur roulement à billes pour rouler sur terrain meuble.</p>",
    images: [img("brouette")],
    collection: "chantier",
    variants: soldAsOne({ sku: "CHA-BRO-100", price: 8990, weightGrams: 18000, stock: 6 }),
  },
  {
    id: "truelle-macon",
    title: "Truelle de maçon 20 cm, lame inox",
    subtitle: "Manche bois verni",
    description:
      "<p>La truelle ronde du maçon pour monter les blocs et jeter l'enduit. Lame inox trempée qui ne rouille pas, soie rivetée.</p>",
    images: [img("truelle")],
    collection: "maconnerie",
    related: ["regle-alu", "cordeau-traceur"],
    variants: soldAsOne({ title: "20 cm", sku: "MAC-TRU-20", price: 1290, weightGrams: 380 }),
  },
  {
    id: "regle-alu",
    title: "Règle de maçon aluminium 2 m",
    subtitle: "Profil renforcé, embouts de protection",
    description:
      "<p>Pour tirer les chapes, dresser les enduits et contrôler la planéité. Légère et indéformable.</p>",
    images: [img("regle-alu")],
    collection: "maconnerie",
    variants: soldAsOne({ title: "2 m", sku: "MAC-REG-200", price: 2490, weightGrams: 1400 }),
  },
  {
    id: "cordeau-traceur",
    title: "Cordeau traceur 30 m + poudre bleue 115 g",
    subtitle: "Carter ABS, rembobinage rapide 3:1",
    description:
      "<p>Traçage net des alignements au sol et au mur sur de grandes longueurs. Le carter se remplit directement avec la poudre fournie.</p>",
    images: [img("cordeau")],
    collection: "chantier",
    variants: soldAsOne({ title: "30 m", sku: "CHA-COR-30", price: 1390, weightGrams: 300 }),
  },
];
