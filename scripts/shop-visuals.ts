import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/*
 * Draws the product pictures of the demo catalogue (public/products/*.svg):
 * simple, flat drawings on the site's sand background, 800 × 800.
 * Run: npm run shop:visuals
 */

const OUT = path.resolve(import.meta.dirname, "..", "public", "products");

const c = {
  bg: "#F4EFE6",
  floor: "#E6DCC8",
  orange: "#E8532B",
  orangeDark: "#B93A1A",
  ink: "#1F2937",
  inkSoft: "#374151",
  grey: "#6B7280",
  metal: "#C3CAD3",
  metalDark: "#8A949F",
  blue: "#1E4E8C",
  blueLight: "#6F9FD8",
  yellow: "#F2B705",
  white: "#FFFFFF",
  green: "#22A652",
  wood: "#B98552",
  woodDark: "#8A5A2E",
};

const frame = (body: string, shadow = { cx: 400, cy: 640, rx: 260, ry: 34 }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="${c.bg}"/>
<ellipse cx="${shadow.cx}" cy="${shadow.cy}" rx="${shadow.rx}" ry="${shadow.ry}" fill="${c.floor}"/>
${body.trim()}
</svg>
`;

const stroke = `stroke="${c.ink}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"`;

// ─── Power tools ────────────────────────────────────────────────────────────────

function rotaryHammer(): string {
  return frame(`
<g ${stroke}>
  <rect x="120" y="352" width="150" height="18" rx="4" fill="${c.metal}"/>
  <path d="M60 361 H130" stroke-width="14"/>
  <rect x="250" y="318" width="120" height="86" rx="18" fill="${c.metalDark}"/>
  <rect x="350" y="290" width="260" height="140" rx="40" fill="${c.orange}"/>
  <path d="M560 430 L600 560 H500 L470 430 Z" fill="${c.ink}"/>
  <path d="M600 300 Q690 300 690 400 L640 560 H600" fill="none" stroke-width="26" stroke="${c.ink}"/>
  <rect x="390" y="320" width="140" height="22" rx="11" fill="${c.orangeDark}"/>
  <rect x="300" y="404" width="34" height="120" rx="14" fill="${c.ink}"/>
</g>
<g fill="${c.white}" opacity="0.8"><rect x="400" y="360" width="60" height="8" rx="4"/><rect x="400" y="378" width="40" height="8" rx="4"/></g>
`);
}

function toolCase(): string {
  return frame(`
<g ${stroke}>
  <path d="M330 230 Q330 190 370 190 H430 Q470 190 470 230" fill="none" stroke-width="22"/>
  <rect x="150" y="230" width="500" height="360" rx="28" fill="${c.orange}"/>
  <rect x="150" y="330" width="500" height="26" fill="${c.orangeDark}"/>
  <rect x="230" y="318" width="60" height="50" rx="10" fill="${c.ink}"/>
  <rect x="510" y="318" width="60" height="50" rx="10" fill="${c.ink}"/>
</g>
<g fill="${c.white}" opacity="0.85"><rect x="300" y="430" width="200" height="18" rx="9"/><rect x="330" y="470" width="140" height="14" rx="7"/></g>
`);
}

function drillBits(): string {
  const bit = (x: number, top: number, width: number) => `
  <rect x="${x - width / 2}" y="${top}" width="${width}" height="${560 - top - 90}" rx="6" fill="${c.metal}"/>
  ${Array.from({ length: Math.floor((560 - top - 110) / 28) }, (_, i) => `<path d="M${x - width / 2} ${top + 24 + i * 28} L${x + width / 2} ${top + 10 + i * 28}" stroke-width="4"/>`).join("")}
  <rect x="${x - width / 2 - 4}" y="470" width="${width + 8}" height="90" rx="6" fill="${c.metalDark}"/>
  <path d="M${x - width / 2} ${top} L${x} ${top - 26} L${x + width / 2} ${top} Z" fill="${c.grey}"/>`;
  return frame(`<g ${stroke}>${bit(280, 200, 36)}${bit(400, 150, 44)}${bit(520, 250, 30)}</g>`, {
    cx: 400,
    cy: 580,
    rx: 220,
    ry: 26,
  });
}

function impactDriver(): string {
  return frame(`
<g ${stroke}>
  <rect x="170" y="290" width="90" height="36" rx="8" fill="${c.metalDark}"/>
  <path d="M110 308 H180" stroke-width="16"/>
  <rect x="240" y="250" width="330" height="120" rx="48" fill="${c.orange}"/>
  <path d="M400 370 L380 520 H500 L500 370 Z" fill="${c.ink}"/>
  <rect x="320" y="510" width="240" height="90" rx="16" fill="${c.inkSoft}"/>
  <rect x="340" y="530" width="60" height="14" rx="7" fill="${c.orange}"/>
</g>
<g fill="${c.white}" opacity="0.8"><rect x="440" y="290" width="90" height="10" rx="5"/><rect x="440" y="312" width="60" height="10" rx="5"/></g>
`);
}

function impactDriverPack(): string {
  const battery = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="170" height="80" rx="14" fill="${c.inkSoft}"/><rect x="${x + 20}" y="${y + 18}" width="44" height="12" rx="6" fill="${c.orange}"/>`;
  return frame(`
<g ${stroke} transform="translate(-90 -70) scale(0.85)">
  <rect x="170" y="290" width="90" height="36" rx="8" fill="${c.metalDark}"/>
  <path d="M110 308 H180" stroke-width="16"/>
  <rect x="240" y="250" width="330" height="120" rx="48" fill="${c.orange}"/>
  <path d="M400 370 L380 520 H500 L500 370 Z" fill="${c.ink}"/>
  <rect x="320" y="510" width="240" height="90" rx="16" fill="${c.inkSoft}"/>
</g>
<g ${stroke}>
  ${battery(470, 300)}
  ${battery(470, 410)}
  <rect x="170" y="500" width="260" height="90" rx="18" fill="${c.ink}"/>
  <rect x="200" y="520" width="120" height="20" rx="10" fill="${c.green}"/>
</g>
`);
}

function crossLaser(): string {
  return frame(`
<path d="M400 80 V560" stroke="${c.green}" stroke-width="8" opacity="0.85"/>
<path d="M60 260 H740" stroke="${c.green}" stroke-width="8" opacity="0.85"/>
<g ${stroke}>
  <rect x="300" y="380" width="200" height="190" rx="30" fill="${c.orange}"/>
  <rect x="340" y="410" width="120" height="70" rx="14" fill="${c.ink}"/>
  <circle cx="400" cy="445" r="20" fill="${c.green}"/>
  <rect x="340" y="500" width="120" height="40" rx="10" fill="${c.inkSoft}"/>
</g>
`);
}

function angleGrinder(): string {
  return frame(`
<g ${stroke}>
  <rect x="250" y="330" width="360" height="100" rx="48" fill="${c.orange}"/>
  <rect x="590" y="350" width="90" height="60" rx="24" fill="${c.ink}"/>
  <rect x="170" y="310" width="110" height="130" rx="24" fill="${c.metalDark}"/>
  <ellipse cx="200" cy="470" rx="150" ry="34" fill="${c.metal}"/>
  <path d="M60 470 A150 34 0 0 1 200 436 L200 470 Z" fill="${c.grey}"/>
  <rect x="230" y="230" width="34" height="100" rx="14" fill="${c.ink}"/>
  <rect x="330" y="356" width="140" height="14" rx="7" fill="${c.orangeDark}"/>
</g>
`);
}

function mortarMixer(): string {
  return frame(`
<g ${stroke}>
  <path d="M230 470 L260 620 H540 L570 470 Z" fill="${c.ink}"/>
  <ellipse cx="400" cy="470" rx="170" ry="34" fill="#9CA3AF"/>
  <path d="M400 240 V520" stroke-width="14"/>
  <path d="M360 520 Q400 480 440 520 Q400 560 360 520" fill="${c.metal}"/>
  <rect x="330" y="150" width="140" height="120" rx="30" fill="${c.orange}"/>
  <path d="M330 190 H200 V260" fill="none" stroke-width="22"/>
  <path d="M470 190 H600 V260" fill="none" stroke-width="22"/>
</g>
<ellipse cx="400" cy="470" rx="150" ry="24" fill="#C9C3B8"/>
`);
}

// ─── Fixings ────────────────────────────────────────────────────────────────────

function plugs(): string {
  const plug = (x: number, y: number, angle: number) => `
  <g transform="translate(${x} ${y}) rotate(${angle})">
    <rect x="-18" y="-90" width="36" height="150" rx="8" fill="${c.white}"/>
    <path d="M-18 -50 H18 M-18 -20 H18 M-18 10 H18" stroke-width="4"/>
    <rect x="-28" y="60" width="56" height="14" rx="4" fill="${c.white}"/>
    <circle cx="0" cy="80" r="20" fill="${c.metal}"/>
  </g>`;
  return frame(`
<g ${stroke}>
  <rect x="150" y="200" width="300" height="360" rx="16" fill="${c.blue}"/>
  <rect x="180" y="240" width="240" height="80" rx="10" fill="${c.white}"/>
  ${plug(540, 420, -20)}${plug(640, 460, 15)}${plug(560, 560, 80)}
</g>
<g fill="${c.blue}"><rect x="200" y="262" width="150" height="14" rx="7"/><rect x="200" y="286" width="100" height="12" rx="6"/></g>
`);
}

function screws(): string {
  const screw = (x: number, y: number, angle: number) => `
  <g transform="translate(${x} ${y}) rotate(${angle})">
    <path d="M-30 -100 H30 L14 -80 H-14 Z" fill="${c.yellow}"/>
    <rect x="-14" y="-80" width="28" height="150" fill="${c.yellow}"/>
    <path d="M-14 70 L0 110 L14 70 Z" fill="${c.yellow}"/>
    <path d="M-14 -50 L14 -62 M-14 -20 L14 -32 M-14 10 L14 -2 M-14 40 L14 28" stroke-width="4"/>
  </g>`;
  return frame(`
<g ${stroke}>
  <rect x="140" y="220" width="320" height="330" rx="16" fill="${c.orange}"/>
  <rect x="170" y="260" width="260" height="90" rx="10" fill="${c.white}"/>
  <circle cx="300" cy="450" r="50" fill="${c.white}"/>
  <path d="M300 418 L312 440 L336 444 L318 462 L322 486 L300 474 L278 486 L282 462 L264 444 L288 440 Z" fill="${c.ink}"/>
  ${screw(560, 380, 20)}${screw(650, 430, -10)}
</g>
<g fill="${c.orange}"><rect x="190" y="284" width="170" height="14" rx="7"/><rect x="190" y="310" width="110" height="12" rx="6"/></g>
`);
}

function chemicalAnchor(): string {
  return frame(`
<g ${stroke}>
  <rect x="220" y="330" width="330" height="120" rx="24" fill="${c.yellow}"/>
  <rect x="550" y="350" width="40" height="80" rx="8" fill="${c.inkSoft}"/>
  <path d="M590 372 L720 384 V396 L590 408 Z" fill="${c.white}"/>
  <path d="M610 380 V400 M640 382 V398 M670 385 V395" stroke-width="3"/>
  <rect x="180" y="340" width="50" height="100" rx="10" fill="${c.inkSoft}"/>
</g>
<g fill="${c.ink}"><rect x="270" y="370" width="180" height="16" rx="8"/><rect x="270" y="398" width="120" height="12" rx="6"/></g>
`);
}

// ─── Insulation ─────────────────────────────────────────────────────────────────

function glassWoolRoll(): string {
  return frame(`
<g ${stroke}>
  <path d="M240 300 H560 V560 H240 Z" fill="${c.yellow}"/>
  <ellipse cx="560" cy="430" rx="80" ry="130" fill="#F7CF4A"/>
  <path d="M560 340 A50 90 0 1 1 559 340 M560 380 A26 50 0 1 1 559 380" fill="none" stroke-width="5"/>
  <ellipse cx="240" cy="430" rx="80" ry="130" fill="#D9A441"/>
  <path d="M240 300 H560 M240 560 H560" stroke-width="6"/>
  <rect x="300" y="300" width="40" height="260" fill="#C58F3C"/>
</g>
`);
}

function isolationBoards(light: string, dark: string, edge: string): string {
  const board = (y: number) => `
  <path d="M180 ${y} L420 ${y - 90} L640 ${y - 10} L400 ${y + 80} Z" fill="${light}"/>
  <path d="M180 ${y} L400 ${y + 80} V${y + 120} L180 ${y + 40} Z" fill="${dark}"/>
  <path d="M400 ${y + 80} L640 ${y - 10} V${y + 30} L400 ${y + 120} Z" fill="${edge}"/>`;
  return frame(`<g ${stroke}>${board(480)}${board(420)}${board(360)}${board(300)}</g>`);
}

function vapourBarrier(): string {
  return frame(`
<g ${stroke}>
  <path d="M200 560 L600 560 L640 600 L240 600 Z" fill="#BFD6F2"/>
  <rect x="200" y="300" width="400" height="260" rx="10" fill="${c.blueLight}"/>
  <ellipse cx="600" cy="430" rx="60" ry="130" fill="#A9C6EB"/>
  <ellipse cx="600" cy="430" rx="18" ry="40" fill="${c.white}"/>
  <ellipse cx="200" cy="430" rx="60" ry="130" fill="#5A8BC8"/>
</g>
<g fill="${c.white}" opacity="0.7"><rect x="260" y="360" width="220" height="14" rx="7"/><rect x="260" y="390" width="160" height="12" rx="6"/></g>
`);
}

// ─── Masonry ────────────────────────────────────────────────────────────────────

function bag(fill: string, band: string, swatch?: string): string {
  return frame(`
<g ${stroke}>
  <path d="M230 210 H570 L600 250 V590 Q600 610 580 610 H220 Q200 610 200 590 V250 Z" fill="${fill}"/>
  <path d="M230 210 L250 250 H550 L570 210" fill="none"/>
  <rect x="200" y="330" width="400" height="90" fill="${band}"/>
  ${swatch ? `<rect x="300" y="450" width="200" height="110" rx="14" fill="${swatch}"/>` : ""}
</g>
<g fill="${c.white}"><rect x="240" y="350" width="200" height="18" rx="9"/><rect x="240" y="382" width="130" height="14" rx="7"/></g>
`);
}

function trowel(): string {
  return frame(`
<g ${stroke}>
  <path d="M170 470 Q300 250 540 300 Q480 520 170 470 Z" fill="${c.metal}"/>
  <path d="M470 360 L560 300 L590 330" fill="none" stroke-width="12"/>
  <rect x="575" y="255" width="150" height="50" rx="25" fill="${c.wood}" transform="rotate(-35 650 280)"/>
</g>
<path d="M230 450 Q320 330 480 330" fill="none" stroke="${c.white}" stroke-width="8" opacity="0.6"/>
`);
}

function straightedge(): string {
  return frame(`
<g ${stroke} transform="rotate(-28 400 400)">
  <rect x="60" y="360" width="680" height="70" rx="6" fill="${c.metal}"/>
  <rect x="60" y="360" width="680" height="20" fill="#DDE2E8"/>
  <rect x="40" y="352" width="40" height="86" rx="8" fill="${c.ink}"/>
  <rect x="720" y="352" width="40" height="86" rx="8" fill="${c.ink}"/>
</g>
`);
}

// ─── Protective gear ────────────────────────────────────────────────────────────

function helmet(fill: string, shade: string): string {
  return frame(`
<g ${stroke}>
  <path d="M180 470 Q180 230 400 220 Q620 230 620 470 Z" fill="${fill}"/>
  <path d="M140 470 H660 Q680 470 670 500 Q400 540 130 500 Q120 470 140 470 Z" fill="${shade}"/>
  <path d="M400 222 V470" stroke-width="6"/>
  <path d="M330 232 Q300 330 300 470 M470 232 Q500 330 500 470" fill="none" stroke-width="6"/>
  <rect x="250" y="300" width="30" height="14" rx="7" fill="${c.inkSoft}"/>
  <rect x="520" y="300" width="30" height="14" rx="7" fill="${c.inkSoft}"/>
</g>
`);
}

function glasses(): string {
  return frame(`
<g ${stroke}>
  <path d="M160 330 Q400 290 640 330 L620 450 Q520 500 420 440 Q400 420 380 440 Q280 500 180 450 Z" fill="#CFE3F5" fill-opacity="0.85"/>
  <path d="M160 330 L100 360 L90 470" fill="none" stroke-width="14"/>
  <path d="M640 330 L700 360 L710 470" fill="none" stroke-width="14"/>
  <path d="M380 440 Q400 400 420 440" fill="none"/>
</g>
<path d="M220 350 L300 340" stroke="${c.white}" stroke-width="10" stroke-linecap="round"/>
`);
}

function gloves(): string {
  const glove = (dx: number, flip: boolean) => `
  <g transform="translate(${dx} 0) ${flip ? "scale(-1 1) translate(-400 0)" : ""}">
    <path d="M150 600 V420 Q140 360 160 300 L170 200 Q180 180 196 200 L200 330 L212 180 Q226 160 240 182 L240 330 L256 170 Q272 150 284 172 L280 330 L300 196 Q314 178 326 200 L318 360 L360 300 Q380 290 384 312 L330 440 V600 Z" fill="${c.orange}"/>
    <rect x="150" y="520" width="180" height="80" fill="#9CA3AF"/>
  </g>`;
  return frame(`<g ${stroke}>${glove(0, false)}${glove(320, true)}</g>`);
}

function boot(high: boolean): string {
  const top = high ? 240 : 400;
  return frame(`
<g ${stroke}>
  <path d="M230 ${top} H440 L450 470 Q600 470 640 520 Q660 560 640 580 H190 Q170 560 190 520 Z" fill="${c.inkSoft}"/>
  <path d="M180 580 H650 Q660 610 640 620 H190 Q170 610 180 580 Z" fill="${c.ink}"/>
  <path d="M520 478 Q600 480 630 530 Q600 560 520 560 Z" fill="${c.grey}"/>
  <path d="M320 ${top + 30} L420 ${top + 40} M320 ${top + 70} L420 ${top + 80} ${high ? "M320 350 L420 360 M320 390 L425 400" : ""}" stroke="${c.yellow}" stroke-width="8"/>
  <rect x="230" y="${top}" width="210" height="24" rx="8" fill="${c.orange}"/>
</g>
`);
}

function harness(): string {
  return frame(`
<g fill="none" stroke-linecap="round" stroke-linejoin="round">
  <path d="M260 160 L400 360 L540 160 M260 560 L400 360 L540 560" stroke="${c.orange}" stroke-width="34"/>
  <path d="M250 430 Q400 500 550 430 M230 560 Q300 600 380 560 M420 560 Q500 600 570 560" stroke="${c.blue}" stroke-width="30"/>
</g>
<g ${stroke}>
  <circle cx="400" cy="360" r="34" fill="${c.metal}"/>
  <path d="M380 200 Q400 160 420 200 V240 H380 Z" fill="${c.metal}"/>
  <rect x="300" y="420" width="40" height="40" rx="6" fill="${c.metalDark}"/>
  <rect x="460" y="420" width="40" height="40" rx="6" fill="${c.metalDark}"/>
</g>
`);
}

// ─── Site equipment ─────────────────────────────────────────────────────────────

function wheelbarrow(): string {
  return frame(`
<g ${stroke}>
  <path d="M180 300 H620 L560 470 H270 Z" fill="${c.blue}"/>
  <path d="M180 300 H620" stroke-width="14"/>
  <path d="M620 330 L730 300 M600 400 L730 360" fill="none" stroke-width="14"/>
  <path d="M300 470 L280 600 M520 470 L540 600" fill="none" stroke-width="12"/>
  <path d="M270 470 L180 540" stroke-width="12"/>
  <circle cx="170" cy="560" r="62" fill="${c.ink}"/>
  <circle cx="170" cy="560" r="24" fill="${c.metal}"/>
</g>
`);
}

function chalkLine(): string {
  return frame(`
<g ${stroke}>
  <circle cx="330" cy="420" r="150" fill="${c.yellow}"/>
  <circle cx="330" cy="420" r="60" fill="${c.inkSoft}"/>
  <path d="M330 420 L400 350" stroke-width="14"/>
  <circle cx="400" cy="350" r="16" fill="${c.ink}"/>
  <path d="M470 470 L680 520" stroke="${c.blue}" stroke-width="6"/>
  <rect x="560" y="250" width="100" height="200" rx="20" fill="${c.blue}"/>
  <rect x="585" y="215" width="50" height="40" rx="8" fill="${c.white}"/>
</g>
<rect x="580" y="300" width="60" height="14" rx="7" fill="${c.white}"/>
`);
}

const drawings: Record<string, () => string> = {
  perforateur: rotaryHammer,
  "perforateur-coffret": toolCase,
  "perforateur-foret": drillBits,
  visseuse: impactDriver,
  "visseuse-pack": impactDriverPack,
  "niveau-laser": crossLaser,
  meuleuse: angleGrinder,
  malaxeur: mortarMixer,
  chevilles: plugs,
  "vis-torx": screws,
  "scellement-chimique": chemicalAnchor,
  "laine-de-verre": glassWoolRoll,
  "panneaux-pse": () => isolationBoards("#F9FAFB", "#D1D5DB", "#E5E7EB"),
  "fibre-de-bois": () => isolationBoards("#D2A679", c.woodDark, c.wood),
  "pare-vapeur": vapourBarrier,
  "mortier-colle-gris": () => bag("#9CA3AF", c.orange),
  "mortier-colle-blanc": () => bag("#F3F4F6", c.blue),
  "enduit-blanc-casse": () => bag(c.white, c.blue, "#F2EBDD"),
  "enduit-ton-pierre": () => bag(c.white, c.blue, "#D8C3A0"),
  "enduit-gris-perle": () => bag(c.white, c.blue, "#C9CDD2"),
  "casque-blanc": () => helmet(c.white, "#E5E7EB"),
  "casque-jaune": () => helmet(c.yellow, "#D99E04"),
  "casque-bleu": () => helmet(c.blueLight, c.blue),
  lunettes: glasses,
  gants: gloves,
  "chaussure-montante": () => boot(true),
  "chaussure-basse": () => boot(false),
  harnais: harness,
  brouette: wheelbarrow,
  truelle: trowel,
  "regle-alu": straightedge,
  cordeau: chalkLine,
};

export function writeShopVisuals(outDir = OUT): string[] {
  mkdirSync(outDir, { recursive: true });
  return Object.entries(drawings).map(([name, draw]) => {
    const file = path.join(outDir, `${name}.svg`);
    writeFileSync(file, draw());
    return file;
  });
}

if (import.meta.main) {
  const files = writeShopVisuals();
  console.log(`${files.length} visuels écrits dans ${path.relative(process.cwd(), OUT)}/`);
}
