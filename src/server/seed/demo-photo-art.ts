import type { Category } from '@common/catalog';

/*
 * Offline "product photos" for the demo catalogue. The SVG is rasterised by sharp (librsvg), so it keeps to
 * plain shapes and gradients: no text (fonts may be missing), no filters, no external references.
 */

const WIDTH = 1200;
const HEIGHT = 900;

/** Studio backdrops, top to bottom. Mostly light so that parts read like catalogue shots. */
const BACKDROPS: readonly (readonly [string, string])[] = [
  ['#f4f5f7', '#c5c9d1'],
  ['#f7f1e8', '#d2c3ae'],
  ['#e8eff6', '#a9b8c9'],
  ['#eef3ee', '#b5c2b7'],
  ['#41464f', '#17191d'],
  ['#f4eef4', '#c6b8c8'],
  ['#fbf6ee', '#e0cfb6'],
];

const ACCENTS = ['#d7262e', '#f2b705', '#1f6fd1', '#f26a1b', '#2e9d57', '#7a3fc4', '#c9a227', '#2a2c31'];

type Metal = readonly [light: string, mid: string, dark: string];
const STEELS: readonly Metal[] = [
  ['#ffffff', '#9aa1aa', '#4b5058'],
  ['#f4f6f9', '#bac1cb', '#6c7480'],
];
/** Painted and anodised finishes, only for parts that come that way (a bronze brake rotor looks wrong). */
const FINISHES: readonly Metal[] = [
  ...STEELS,
  ['#efe3c8', '#a88f5c', '#5b4a2c'],
  ['#8a9098', '#3b3f45', '#16181b'],
];
const FINISHED_CATEGORIES: readonly Category[] = [
  'wheels',
  'suspension',
  'transmission',
  'interior',
  'other',
];

function pick<T>(list: readonly T[], index: number): T {
  const item = list[Math.abs(Math.floor(index)) % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** mulberry32: tiny, deterministic, good enough to jitter shapes. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number): string => {
    const c = (value >> shift) & 255;
    const next = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(next).toString(16).padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

const round = (n: number): number => Math.round(n);
const round1 = (n: number): number => Math.round(n * 10) / 10;

function polar(radius: number, degrees: number): string {
  const rad = (degrees * Math.PI) / 180;
  return `${round(radius * Math.cos(rad))} ${round(radius * Math.sin(rad))}`;
}

interface Art {
  accent: string;
  rand: () => number;
}

// Every drawing is centred on 0,0 and fits within about ±420 x ±280, so the frame can move and scale it.
// `url(#m)` is the metal finish, `url(#a)` the part's accent colour, `url(#k)` a lit sphere.

function wheel({ accent, rand }: Art): string {
  const spokes = 5 + Math.floor(rand() * 6);
  const half = round(Math.min(30, 150 / spokes));
  let spokePaths = '';
  for (let i = 0; i < spokes; i++) {
    spokePaths += `<path transform="rotate(${round1((360 / spokes) * i)})" d="M-${round(half * 0.6)} -44L-${half} -182H${half}L${round(half * 0.6)} -44Z"/>`;
  }
  let lugs = '';
  for (let i = 0; i < 5; i++) lugs += `<circle transform="rotate(${i * 72})" cy="-34" r="7"/>`;
  return (
    `<g transform="scale(${round1(0.82 + rand() * 0.18)} 1)">` +
    '<circle r="272" fill="#1b1c1f"/><circle r="268" fill="none" stroke="#0c0d0f" stroke-width="8" stroke-dasharray="10 14"/>' +
    '<circle r="240" fill="none" stroke="#2e3035" stroke-width="16"/>' +
    '<path d="M-210 -160A264 264 0 0 1 30 -262" fill="none" stroke="#fff" stroke-opacity=".15" stroke-width="10"/>' +
    '<circle r="202" fill="url(#m)"/><circle r="186" fill="#2b2d31"/><circle r="160" fill="#6e7278"/>' +
    `<path d="M79 -127A150 150 0 0 1 141 -51" fill="none" stroke="${accent}" stroke-width="44" stroke-linecap="round"/>` +
    `<g fill="url(#m)">${spokePaths}</g>` +
    '<circle r="196" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="5"/>' +
    `<circle r="54" fill="url(#m)"/><g fill="#d9dce0">${lugs}</g><circle r="18" fill="#24262a"/></g>`
  );
}

function exhaust({ rand }: Art): string {
  const bands =
    rand() > 0.5
      ? '<path d="M-150 -118V98M60 -118V98" stroke="#000" stroke-opacity=".14" stroke-width="14"/>'
      : '';
  return (
    '<path d="M-395 -10H-200M110 20H280" stroke="url(#m)" stroke-width="58" stroke-linecap="round" fill="none"/>' +
    '<rect x="-420" y="-62" width="26" height="104" rx="6" fill="url(#m)"/>' +
    '<rect x="-220" y="-122" width="340" height="222" rx="100" fill="url(#m)"/>' +
    bands +
    '<path d="M-170 -40H70" stroke="#fff" stroke-opacity=".4" stroke-width="7" stroke-linecap="round"/>' +
    '<path d="M262 -48L392 -58V98L262 88Z" fill="url(#a)"/>' +
    '<ellipse cx="392" cy="20" rx="26" ry="78" fill="url(#m)"/><ellipse cx="396" cy="20" rx="17" ry="64" fill="#141517"/>'
  );
}

function suspension({ accent, rand }: Art): string {
  let back = '';
  let front = '';
  const pitch = 50;
  for (let i = 0; i < 6; i++) {
    const y = -200 + i * pitch;
    front += `M-92 ${y}L92 ${y + pitch / 2}`;
    back += `M92 ${y + pitch / 2}L-92 ${y + pitch}`;
  }
  const reservoir =
    rand() > 0.5
      ? '<rect x="70" y="-20" width="58" height="170" rx="26" fill="url(#m)"/><path d="M60 150h70" stroke="#000" stroke-opacity=".2" stroke-width="8"/>'
      : '';
  return (
    reservoir +
    '<rect x="-112" y="-272" width="224" height="26" rx="8" fill="url(#m)"/><rect x="-17" y="-250" width="34" height="120" fill="url(#m)"/>' +
    `<path d="${back}" stroke="${shade(accent, -0.45)}" stroke-width="24" stroke-linecap="round"/>` +
    '<rect x="-48" y="-140" width="96" height="330" rx="12" fill="url(#m)"/>' +
    '<rect x="-102" y="-224" width="204" height="24" rx="6" fill="url(#a)"/>' +
    `<path d="${front}" stroke="${accent}" stroke-width="24" stroke-linecap="round"/>` +
    `<path d="${front}" stroke="#fff" stroke-opacity=".3" stroke-width="6" transform="translate(0 -6)"/>` +
    '<rect x="-102" y="100" width="204" height="24" rx="6" fill="url(#a)"/><rect x="-64" y="124" width="128" height="28" rx="4" fill="url(#a)"/>' +
    '<path d="M-48 164h96M-48 174h96M-48 184h96" stroke="#000" stroke-opacity=".25" stroke-width="3"/>' +
    '<rect x="-40" y="190" width="80" height="56" fill="url(#m)"/><circle cy="256" r="42" fill="url(#m)"/><circle cy="256" r="17" fill="#222"/>'
  );
}

function brakes({ rand }: Art): string {
  const slotted = rand() > 0.5;
  let marks = '';
  for (let i = 0; i < 36; i++) {
    const deg = i * 10;
    marks +=
      slotted && i % 3 === 0
        ? `M${polar(150, deg)}L${polar(220, deg + 12)}`
        : `M${polar(i % 2 ? 172 : 204, deg)}h0`;
  }
  let lugs = '';
  for (let i = 0; i < 5; i++) lugs += `<circle transform="rotate(${i * 72})" cy="-80" r="12"/>`;
  return (
    '<circle r="242" fill="url(#m)"/><circle r="188" fill="none" stroke="#000" stroke-opacity=".07" stroke-width="100"/>' +
    `<path d="${marks}" stroke="#2a2c30" stroke-width="${slotted ? 6 : 13}" stroke-linecap="round"/>` +
    '<circle r="122" fill="#5d6168"/><circle r="110" fill="url(#m)"/><circle r="48" fill="#1c1d20"/>' +
    `<g fill="#2a2c30">${lugs}</g>` +
    '<path d="M77 -211A225 225 0 0 1 217 -58" fill="none" stroke="url(#a)" stroke-width="104" stroke-linecap="round"/>' +
    '<path d="M104 -236A260 260 0 0 1 242 -92" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="14" stroke-linecap="round"/>' +
    '<rect transform="rotate(48) translate(0 -222)" x="-46" y="-13" width="92" height="26" rx="13" fill="#fff" opacity=".85"/>'
  );
}

function engine({ rand }: Art): string {
  let blades = '';
  const offset = rand() * 45;
  for (let i = 0; i < 8; i++) {
    const deg = offset + i * 45;
    blades += `M${polar(22, deg)}Q${polar(58, deg + 30)} ${polar(80, deg + 10)}`;
  }
  return (
    '<circle cx="170" cy="70" r="158" fill="#5f4b3e"/><circle cx="170" cy="70" r="158" fill="url(#m)" opacity=".35"/>' +
    '<circle cx="170" cy="70" r="62" fill="#231d1a"/>' +
    '<rect x="40" y="-10" width="110" height="130" fill="url(#m)"/>' +
    '<path d="M-40 -170H-360V-80H-40Z" fill="url(#m)"/>' +
    '<ellipse cx="-360" cy="-125" rx="24" ry="60" fill="url(#m)"/><ellipse cx="-364" cy="-125" rx="15" ry="44" fill="#141517"/>' +
    '<circle cx="-40" cy="20" r="190" fill="url(#m)"/>' +
    '<path d="M-40 -140A160 160 0 1 1 -200 20" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="10"/>' +
    '<g transform="translate(-40 20)"><circle r="104" fill="url(#m)"/><circle r="88" fill="#141517"/>' +
    `<path d="${blades}" fill="none" stroke="#c9ccd2" stroke-width="7" stroke-linecap="round"/><circle r="20" fill="url(#m)"/></g>` +
    '<path d="M-300 -84V-166" stroke="url(#a)" stroke-width="18"/>' +
    '<path d="M110 160C170 260 300 250 330 190" fill="none" stroke="url(#a)" stroke-width="16" stroke-linecap="round"/>'
  );
}

function gearPath(radius: number, teeth: number, depth: number, phase: number): string {
  const step = 360 / teeth;
  let d = '';
  for (let i = 0; i < teeth; i++) {
    const a = phase + i * step;
    d += `${i ? 'L' : 'M'}${polar(radius - depth, a)}L${polar(radius, a + step * 0.15)}L${polar(radius, a + step * 0.45)}L${polar(radius - depth, a + step * 0.6)}`;
  }
  return `${d}Z`;
}

function transmission({ rand }: Art): string {
  let holes = '';
  for (let i = 0; i < 5; i++) holes += `<circle transform="rotate(${i * 72 + 18})" cy="-112" r="38"/>`;
  return (
    '<rect x="-420" y="40" width="320" height="40" rx="8" fill="url(#m)"/>' +
    '<path d="M-408 44v32M-392 44v32M-376 44v32M-360 44v32" stroke="#000" stroke-opacity=".3" stroke-width="5"/>' +
    `<g transform="translate(-110 60)"><path d="${gearPath(215, 22, 28, rand() * 16)}" fill="url(#m)"/>` +
    '<circle r="168" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="10"/>' +
    `<g fill="#2a2c30">${holes}</g><circle r="56" fill="url(#m)"/><circle r="26" fill="#1c1d20"/></g>` +
    `<g transform="translate(153 -92)"><path d="${gearPath(124, 13, 26, rand() * 27)}" fill="url(#a)"/>` +
    '<circle r="78" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="8"/><circle r="34" fill="url(#m)"/><circle r="14" fill="#1c1d20"/></g>'
  );
}

function interior({ accent }: Art): string {
  return (
    '<rect x="-214" y="-24" width="160" height="56" rx="16" fill="url(#m)"/><rect x="54" y="-24" width="160" height="56" rx="16" fill="url(#m)"/>' +
    '<rect x="-26" y="40" width="52" height="170" rx="14" fill="url(#m)"/>' +
    '<g fill="#2a2c30"><circle cx="-140" cy="4" r="12"/><circle cx="140" cy="4" r="12"/><circle cy="130" r="12"/></g>' +
    '<circle r="232" fill="none" stroke="#1e1f22" stroke-width="54"/>' +
    `<circle r="212" fill="none" stroke="${accent}" stroke-width="3" stroke-dasharray="8 8"/>` +
    `<circle r="252" fill="none" stroke="${accent}" stroke-width="3" stroke-dasharray="8 8"/>` +
    '<path d="M-190 -130A232 232 0 0 1 40 -228" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="14"/>' +
    '<rect x="-15" y="-262" width="30" height="60" rx="4" fill="url(#a)"/>' +
    '<circle r="80" fill="#26272b"/><circle r="60" fill="url(#a)"/><circle r="24" fill="#fff" opacity=".25"/>'
  );
}

function exterior({ rand }: Art): string {
  const tall = round(rand() * 40);
  return (
    '<path d="M-262 56L-196 -70H196L262 56Z" fill="url(#a)"/><path d="M-234 52L-182 -52H182L234 52Z" fill="#27303b"/>' +
    '<path d="M-350 270V120Q-340 64 -250 54H250Q340 64 350 120V270Z" fill="url(#a)"/>' +
    '<path d="M-350 200H350" stroke="#000" stroke-opacity=".2" stroke-width="6"/>' +
    '<path d="M-300 74H300" stroke="#fff" stroke-opacity=".3" stroke-width="8" stroke-linecap="round"/>' +
    '<g fill="#b3121b"><rect x="-330" y="112" width="130" height="36" rx="12"/><rect x="200" y="112" width="130" height="36" rx="12"/></g>' +
    '<rect x="-80" y="150" width="160" height="74" rx="6" fill="#ececec" stroke="#555" stroke-width="4"/>' +
    `<g fill="#222326"><path d="M-205 56L-190 ${-115 - tall}H-155L-142 56Z"/><path d="M142 56L155 ${-115 - tall}H190L205 56Z"/></g>` +
    `<g transform="translate(0 ${-tall})">` +
    '<path d="M-340 -118C-200 -160 200 -160 340 -118L340 -84C200 -110 -200 -110 -340 -84Z" fill="#1d1e21"/>' +
    '<path d="M-300 -124C-150 -156 150 -156 300 -124" fill="none" stroke="#fff" stroke-opacity=".22" stroke-width="6"/>' +
    '<g fill="#2b2c30"><path d="M-362 -196H-326V-56H-362Z"/><path d="M326 -196H362V-56H326Z"/></g></g>'
  );
}

function electronics({ accent, rand }: Art): string {
  let ticks = '';
  for (let i = 0; i <= 40; i++) {
    const deg = 135 + (270 / 40) * i;
    ticks += `M${polar(i % 5 ? 184 : 166, deg)}L${polar(200, deg)}`;
  }
  const needle = round1(135 + 270 * (0.15 + rand() * 0.7) + 90);
  return (
    '<circle r="242" fill="url(#m)"/><circle r="218" fill="#111215"/>' +
    `<path d="M${polar(192, 351)}A192 192 0 0 1 ${polar(192, 405)}" fill="none" stroke="#e0242b" stroke-width="14"/>` +
    `<path d="${ticks}" stroke="#e8e8ea" stroke-width="5"/>` +
    '<rect x="-60" y="90" width="120" height="44" rx="6" fill="#1f2a24"/>' +
    `<path transform="rotate(${needle})" d="M-9 30L0 -188L9 30Z" fill="${accent === '#2a2c31' ? '#f26a1b' : accent}"/>` +
    '<circle r="28" fill="url(#m)"/>' +
    '<path d="M-170 -120A212 212 0 0 1 120 -172A250 250 0 0 0 -170 -120Z" fill="#fff" opacity=".1"/>'
  );
}

function accessories({ rand }: Art): string {
  const lean = round1(rand() * 10 - 5);
  return (
    '<path d="M-170 270Q-100 70 -44 24H44Q100 70 170 270Z" fill="#1d1e21"/>' +
    '<path d="M-110 250Q-70 120 -30 40M110 250Q70 120 30 40M0 260V40" fill="none" stroke="#000" stroke-opacity=".35" stroke-width="6"/>' +
    '<path d="M-150 262Q-90 70 -40 30M150 262Q90 70 40 30" fill="none" stroke="url(#a)" stroke-width="3" stroke-dasharray="7 7"/>' +
    `<g transform="rotate(${lean})"><rect x="-52" y="0" width="104" height="28" rx="8" fill="url(#m)"/>` +
    '<rect x="-22" y="-90" width="44" height="96" fill="url(#m)"/>' +
    '<circle cy="-176" r="112" fill="url(#k)"/>' +
    '<path d="M-44 -206V-146M0 -206V-146M44 -206V-146M-44 -176H44" fill="none" stroke="#fff" stroke-opacity=".75" stroke-width="7" stroke-linecap="round"/></g>'
  );
}

function other({ rand }: Art): string {
  const angle = round1(-12 - rand() * 16);
  return (
    '<path d="M-290 -60L-262 -150H262L290 -60Z" fill="url(#a)"/><path d="M-290 -60L-262 -150H262L290 -60Z" fill="#000" opacity=".15"/>' +
    '<path d="M-110 -150V-214H110V-150" fill="none" stroke="url(#m)" stroke-width="22" stroke-linejoin="round"/>' +
    '<rect x="-282" y="-62" width="564" height="292" rx="18" fill="url(#a)"/>' +
    '<path d="M-282 36H282M-282 132H282" stroke="#000" stroke-opacity=".25" stroke-width="6"/>' +
    '<g fill="url(#m)"><rect x="-70" y="-14" width="140" height="16" rx="8"/><rect x="-70" y="82" width="140" height="16" rx="8"/><rect x="-70" y="178" width="140" height="16" rx="8"/>' +
    '<rect x="-230" y="-74" width="40" height="26" rx="4"/><rect x="190" y="-74" width="40" height="26" rx="4"/></g>' +
    `<g transform="translate(40 240) rotate(${angle})"><rect x="-230" y="-16" width="460" height="32" rx="16" fill="url(#m)"/>` +
    '<circle cx="-250" r="46" fill="url(#m)"/><circle cx="-250" r="22" fill="#2a2c30"/>' +
    '<path d="M284 -28A40 40 0 1 0 284 28" fill="none" stroke="url(#m)" stroke-width="30"/></g>'
  );
}

const DRAWINGS: Record<Category, (art: Art) => string> = {
  wheels: wheel,
  exhaust,
  suspension,
  brakes,
  engine,
  transmission,
  interior,
  exterior,
  electronics,
  accessories,
  other,
};

/**
 * A studio-style picture of a part of `category`, 1200x900. The part's colours come from `seed` (one listing's
 * photos show the same part); backdrop, angle, mirroring and framing change with `variant`.
 */
export function demoPhotoSvg(category: Category, variant: number, seed: number): string {
  const partRand = random(Math.imul(seed + 1, 0x9e3779b1));
  const frameRand = random(Math.imul(seed + 1, 0x85ebca6b) ^ Math.imul(variant + 1, 0xc2b2ae35));

  const accent = pick(ACCENTS, partRand() * ACCENTS.length);
  const metals = FINISHED_CATEGORIES.includes(category) ? FINISHES : STEELS;
  const [metalLight, metalMid, metalDark] = pick(metals, partRand() * metals.length);
  const [top, bottom] = pick(BACKDROPS, seed * 3 + variant * 2);

  const angle = round1((frameRand() * 2 - 1) * 12);
  const scale = round(86 + frameRand() * 16); // percent
  const dx = round((frameRand() * 2 - 1) * 70);
  const mirror = variant % 2 === 1 ? -1 : 1;
  const lightFromLeft = frameRand() > 0.35;

  const cx = WIDTH / 2 + dx;
  const cy = 430;
  const drawing = DRAWINGS[category]({ accent, rand: partRand });

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    '<radialGradient id="sp" cx=".5" cy=".4" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>' +
    '<radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>' +
    `<linearGradient id="m" x1="${lightFromLeft ? 0 : 1}" y1="0" x2="${lightFromLeft ? 1 : 0}" y2="1"><stop offset="0" stop-color="${metalLight}"/><stop offset=".55" stop-color="${metalMid}"/><stop offset="1" stop-color="${metalDark}"/></linearGradient>` +
    `<linearGradient id="a" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(accent, 0.3)}"/><stop offset="1" stop-color="${shade(accent, -0.35)}"/></linearGradient>` +
    `<radialGradient id="k" cx=".35" cy=".3" r=".75"><stop offset="0" stop-color="${shade(accent, 0.7)}"/><stop offset=".45" stop-color="${accent}"/><stop offset="1" stop-color="${shade(accent, -0.6)}"/></radialGradient>` +
    '<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".12"/></linearGradient>' +
    '</defs>' +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sp)"/>` +
    `<rect y="560" width="${WIDTH}" height="${HEIGHT - 560}" fill="url(#f)"/>` +
    `<ellipse cx="${cx}" cy="${round(cy + 2.8 * scale)}" rx="${round(3.6 * scale)}" ry="${round(0.45 * scale)}" fill="url(#sh)"/>` +
    `<g transform="translate(${cx} ${cy}) rotate(${angle}) scale(${(mirror * scale) / 100} ${scale / 100})">${drawing}</g></svg>`
  );
}
