#!/usr/bin/env node
// Generates the demo images in public/demo/ from hand-written SVG (no text: fonts are not guaranteed).
// Run once with `npm run demo-images`; the output is committed.
// With ffmpeg on the PATH it also writes a short test clip, public/demo/reels/sample.mp4.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

// npm runs scripts at the project root.
const root = process.cwd();
const outDir = path.join(root, "public", "demo");

// ---------------------------------------------------------------- helpers

/** Small deterministic PRNG so re-running the script yields the same images. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const palettes = [
  { bg1: "#FFF4E6", bg2: "#FFD8B5", a: "#FF9F6B", b: "#6CC3B5", c: "#FFD35C", d: "#8AA8F0" },
  { bg1: "#EAF7F2", bg2: "#BFE8DA", a: "#4FB39A", b: "#FF8F8F", c: "#FFD35C", d: "#7BA7E8" },
  { bg1: "#F1EDFF", bg2: "#D6CCFF", a: "#8C7BE8", b: "#FFB35C", c: "#6CD0C0", d: "#FF8FB1" },
  { bg1: "#FFF0F3", bg2: "#FFCCD8", a: "#FF7C9C", b: "#6CB8E8", c: "#FFE07A", d: "#7DD3A8" },
  { bg1: "#EAF4FF", bg2: "#C4E0FF", a: "#5A9BE6", b: "#FFB070", c: "#8CD98C", d: "#F28BB8" },
  { bg1: "#FFFBE6", bg2: "#FFEDA8", a: "#F2B531", b: "#5FB8A8", c: "#FF8A7A", d: "#9B8CF0" },
];

type Palette = (typeof palettes)[number];
/** An illustration drawn in a 400x400 box. */
type Art = (p: Palette) => string;

function paletteAt(index: number): Palette {
  const palette = palettes[index % palettes.length];
  if (!palette) throw new Error(`no palette ${index}`);
  return palette;
}

function background(w: number, h: number, p: Palette, id: string) {
  return `
  <defs>
    <linearGradient id="bg${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.bg1}"/>
      <stop offset="1" stop-color="${p.bg2}"/>
    </linearGradient>
    <radialGradient id="glow${id}" cx="0.5" cy="0.45" r="0.6">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.75"/>
      <stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg${id})"/>
  <rect width="${w}" height="${h}" fill="url(#glow${id})"/>`;
}

/** Soft blobs, dots and little stars scattered around the edges. */
function confetti(w: number, h: number, p: Palette, seed: number, count = 14) {
  const r = rng(seed);
  const colors = [p.a, p.b, p.c, p.d];
  let out = "";
  for (let i = 0; i < 4; i++) {
    const cx = (i % 2 === 0 ? 0.05 : 0.95) * w + (r() - 0.5) * w * 0.15;
    const cy = (i < 2 ? 0.08 : 0.92) * h + (r() - 0.5) * h * 0.1;
    out += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(Math.min(w, h) * (0.12 + r() * 0.1)).toFixed(1)}" fill="${colors[i]}" opacity="0.18"/>`;
  }
  for (let i = 0; i < count; i++) {
    const edge = r();
    let x = r() * w;
    let y = r() * h;
    // keep decorations near the border so the subject stays clean
    if (edge < 0.5) y = r() < 0.5 ? r() * h * 0.16 : h - r() * h * 0.16;
    else x = r() < 0.5 ? r() * w * 0.14 : w - r() * w * 0.14;
    const color = colors[Math.floor(r() * colors.length)] ?? p.a;
    const size = Math.min(w, h) * (0.012 + r() * 0.02);
    if (r() < 0.35) out += star(x, y, size * 1.6, color, 0.8);
    else out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" fill="${color}" opacity="0.7"/>`;
  }
  return out;
}

function star(cx: number, cy: number, r: number, fill: string, opacity = 1) {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const ang = (Math.PI / 5) * i - Math.PI / 2;
    const rad = i % 2 === 0 ? r : r * 0.48;
    pts.push(`${(cx + Math.cos(ang) * rad).toFixed(1)},${(cy + Math.sin(ang) * rad).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${fill}" opacity="${opacity}" stroke-linejoin="round"/>`;
}

function shadow(cx: number, cy: number, rx: number, ry = rx * 0.16) {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity="0.08"/>`;
}

// ---------------------------------------------------------------- illustrations (drawn in a 400x400 box)

function potty(p: Palette) {
  return `
  ${shadow(200, 330, 150)}
  <rect x="95" y="70" width="210" height="120" rx="50" fill="${p.b}"/>
  <rect x="112" y="86" width="176" height="80" rx="36" fill="#FFFFFF" opacity="0.35"/>
  <path d="M80 190 Q80 170 100 170 L300 170 Q320 170 320 190 L300 300 Q296 325 270 325 L130 325 Q104 325 100 300 Z" fill="#FFFFFF"/>
  <path d="M80 190 Q80 170 100 170 L300 170 Q320 170 320 190 L316 212 L84 212 Z" fill="${p.a}"/>
  <ellipse cx="200" cy="192" rx="96" ry="16" fill="#FFFFFF" opacity="0.55"/>
  <path d="M120 240 Q200 262 280 240" stroke="${p.bg2}" stroke-width="10" fill="none" stroke-linecap="round"/>
  <circle cx="170" cy="278" r="9" fill="${p.c}"/>
  <circle cx="200" cy="284" r="9" fill="${p.d}"/>
  <circle cx="230" cy="278" r="9" fill="${p.b}"/>`;
}

function blocks(p: Palette) {
  const block = (x: number, y: number, s: number, fill: string, dot: string, rot = 0) => `
    <g transform="rotate(${rot} ${x + s / 2} ${y + s / 2})">
      <rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${s * 0.16}" fill="${fill}"/>
      <rect x="${x + s * 0.14}" y="${y + s * 0.14}" width="${s * 0.72}" height="${s * 0.72}" rx="${s * 0.1}" fill="#FFFFFF" opacity="0.3"/>
      <circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s * 0.17}" fill="${dot}"/>
    </g>`;
  return `
  ${shadow(200, 338, 165)}
  ${block(60, 220, 112, p.a, p.c)}
  ${block(184, 220, 112, p.b, "#FFFFFF")}
  ${block(124, 110, 112, p.d, p.c, -8)}
  ${block(262, 266, 70, p.c, p.a, 10)}
  <circle cx="308" cy="120" r="34" fill="${p.c}" opacity="0.9"/>
  <circle cx="308" cy="120" r="14" fill="#FFFFFF" opacity="0.7"/>`;
}

function pencilGrip(p: Palette) {
  return `
  ${shadow(200, 340, 150)}
  <g transform="rotate(-35 200 200)">
    <rect x="60" y="170" width="250" height="60" rx="10" fill="${p.c}"/>
    <rect x="60" y="170" width="250" height="20" rx="8" fill="#FFFFFF" opacity="0.35"/>
    <rect x="40" y="170" width="34" height="60" rx="10" fill="${p.a}"/>
    <rect x="70" y="170" width="14" height="60" fill="#D9D9D9"/>
    <polygon points="310,170 370,200 310,230" fill="#F4D7B0"/>
    <polygon points="350,190 370,200 350,210" fill="#555"/>
    <path d="M215 150 Q260 150 268 200 Q260 250 215 250 Q190 240 190 200 Q190 160 215 150 Z" fill="${p.b}"/>
    <ellipse cx="232" cy="178" rx="16" ry="10" fill="#FFFFFF" opacity="0.45"/>
    <circle cx="222" cy="222" r="7" fill="#FFFFFF" opacity="0.5"/>
  </g>`;
}

function sensoryBall(p: Palette) {
  const r = rng(7);
  let bumps = "";
  for (let i = 0; i < 26; i++) {
    const ang = (Math.PI * 2 * i) / 26;
    bumps += `<circle cx="${(200 + Math.cos(ang) * 118).toFixed(1)}" cy="${(190 + Math.sin(ang) * 118).toFixed(1)}" r="13" fill="${p.a}"/>`;
  }
  let dots = "";
  for (let i = 0; i < 18; i++) {
    const ang = r() * Math.PI * 2;
    const rad = Math.sqrt(r()) * 90;
    dots += `<circle cx="${(200 + Math.cos(ang) * rad).toFixed(1)}" cy="${(190 + Math.sin(ang) * rad).toFixed(1)}" r="${(5 + r() * 4).toFixed(1)}" fill="#FFFFFF" opacity="0.55"/>`;
  }
  return `
  ${shadow(200, 340, 130)}
  ${bumps}
  <circle cx="200" cy="190" r="118" fill="${p.a}"/>
  ${dots}
  <ellipse cx="160" cy="140" rx="36" ry="22" fill="#FFFFFF" opacity="0.45" transform="rotate(-30 160 140)"/>
  <circle cx="320" cy="300" r="38" fill="${p.b}"/>
  <circle cx="320" cy="300" r="38" fill="none" stroke="#FFFFFF" stroke-width="6" stroke-dasharray="4 10" opacity="0.7"/>`;
}

function cushion(p: Palette) {
  let dots = "";
  for (let ring = 0; ring < 3; ring++) {
    const n = 8 + ring * 6;
    for (let i = 0; i < n; i++) {
      const ang = (Math.PI * 2 * i) / n;
      dots += `<circle cx="${(200 + Math.cos(ang) * (40 + ring * 40)).toFixed(1)}" cy="${(215 + Math.sin(ang) * (14 + ring * 14)).toFixed(1)}" r="6" fill="#FFFFFF" opacity="0.55"/>`;
    }
  }
  return `
  ${shadow(200, 300, 170, 30)}
  <ellipse cx="200" cy="245" rx="160" ry="58" fill="${p.a}"/>
  <rect x="40" y="215" width="320" height="30" fill="${p.a}"/>
  <ellipse cx="200" cy="215" rx="160" ry="58" fill="${p.d}"/>
  <ellipse cx="200" cy="215" rx="130" ry="44" fill="#FFFFFF" opacity="0.15"/>
  ${dots}
  <circle cx="200" cy="215" r="10" fill="${p.c}"/>
  <path d="M120 120 Q200 60 280 120" stroke="${p.b}" stroke-width="12" fill="none" stroke-linecap="round"/>
  <circle cx="120" cy="120" r="14" fill="${p.b}"/>
  <circle cx="280" cy="120" r="14" fill="${p.b}"/>`;
}

function scissors(p: Palette) {
  return `
  ${shadow(200, 345, 160)}
  <rect x="70" y="90" width="260" height="230" rx="18" fill="#FFFFFF"/>
  <path d="M100 270 Q140 210 180 250 T260 230 T310 190" stroke="${p.d}" stroke-width="6" stroke-dasharray="12 10" fill="none" stroke-linecap="round"/>
  <path d="M100 150 L300 150" stroke="${p.bg2}" stroke-width="6" stroke-dasharray="12 10" stroke-linecap="round"/>
  <g transform="rotate(-20 220 230)">
    <path d="M220 222 L340 180 L346 192 L230 236 Z" fill="#C9D3DD"/>
    <path d="M220 238 L340 262 L338 274 L226 254 Z" fill="#B5C0CC"/>
    <circle cx="222" cy="230" r="7" fill="#7D8A97"/>
    <circle cx="176" cy="196" r="32" fill="none" stroke="${p.a}" stroke-width="16"/>
    <circle cx="176" cy="266" r="32" fill="none" stroke="${p.b}" stroke-width="16"/>
    <path d="M200 210 L222 226" stroke="${p.a}" stroke-width="16" stroke-linecap="round"/>
    <path d="M200 252 L222 234" stroke="${p.b}" stroke-width="16" stroke-linecap="round"/>
  </g>`;
}

function stackingRings(p: Palette) {
  const colors = [p.a, p.c, p.b, p.d, p.a];
  let rings = "";
  for (let i = 0; i < 5; i++) {
    const y = 300 - i * 38;
    const rx = 120 - i * 18;
    rings += `<ellipse cx="200" cy="${y}" rx="${rx}" ry="26" fill="${colors[i]}"/>
      <ellipse cx="${200 - rx * 0.4}" cy="${y - 8}" rx="${rx * 0.25}" ry="6" fill="#FFFFFF" opacity="0.4"/>`;
  }
  return `
  ${shadow(200, 330, 140)}
  <rect x="188" y="80" width="24" height="230" rx="12" fill="#E6C79C"/>
  ${rings}
  <circle cx="200" cy="84" r="26" fill="${p.c}"/>
  <circle cx="192" cy="76" r="8" fill="#FFFFFF" opacity="0.5"/>`;
}

function swing(p: Palette) {
  return `
  ${shadow(200, 345, 120)}
  <path d="M120 40 L150 250 M280 40 L250 250" stroke="${p.d}" stroke-width="8" stroke-linecap="round"/>
  <rect x="110" y="245" width="180" height="34" rx="17" fill="${p.a}"/>
  <circle cx="200" cy="170" r="46" fill="#FFD9B8"/>
  <circle cx="184" cy="166" r="5" fill="#5A4636"/>
  <circle cx="216" cy="166" r="5" fill="#5A4636"/>
  <path d="M186 188 Q200 200 214 188" stroke="#5A4636" stroke-width="4" fill="none" stroke-linecap="round"/>
  <circle cx="172" cy="182" r="7" fill="${p.a}" opacity="0.35"/>
  <circle cx="228" cy="182" r="7" fill="${p.a}" opacity="0.35"/>
  <path d="M158 150 Q200 100 242 150 Q220 128 200 132 Q180 128 158 150 Z" fill="#5A4636"/>
  <path d="M160 215 Q200 200 240 215 L232 250 L168 250 Z" fill="${p.b}"/>
  <path d="M60 140 Q80 120 70 100 M330 150 Q350 130 340 110" stroke="${p.c}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
}

function hands(p: Palette) {
  // two mittens and a ball of play dough
  return `
  ${shadow(200, 340, 150)}
  <g transform="rotate(-18 130 220)">
    <rect x="80" y="150" width="100" height="140" rx="50" fill="#FFD9B8"/>
    <rect x="60" y="190" width="40" height="70" rx="20" fill="#FFD9B8"/>
    <rect x="88" y="270" width="84" height="40" rx="12" fill="${p.b}"/>
  </g>
  <g transform="rotate(18 270 220)">
    <rect x="220" y="150" width="100" height="140" rx="50" fill="#FFD9B8"/>
    <rect x="300" y="190" width="40" height="70" rx="20" fill="#FFD9B8"/>
    <rect x="228" y="270" width="84" height="40" rx="12" fill="${p.d}"/>
  </g>
  <circle cx="200" cy="140" r="46" fill="${p.a}"/>
  <ellipse cx="186" cy="124" rx="14" ry="9" fill="#FFFFFF" opacity="0.45"/>
  <circle cx="200" cy="70" r="14" fill="${p.c}"/>`;
}

function picture(fn: Art, p: Palette, size: number, cx: number, cy: number) {
  const scale = size / 400;
  return `<g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${scale})">${fn(p)}</g>`;
}

// ---------------------------------------------------------------- compositions

function square(fn: Art, p: Palette, seed: number, id: string) {
  const w = 800;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 ${w} ${w}">
    ${background(w, w, p, id)}
    ${confetti(w, w, p, seed)}
    <circle cx="400" cy="400" r="300" fill="#FFFFFF" opacity="0.45"/>
    ${picture(fn, p, 560, 400, 410)}
  </svg>`;
}

function categoryArt(fns: [Art, Art], p: Palette, seed: number, id: string) {
  const w = 800;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 ${w} ${w}">
    ${background(w, w, p, id)}
    ${confetti(w, w, p, seed, 20)}
    <rect x="90" y="90" width="620" height="620" rx="120" fill="#FFFFFF" opacity="0.4"/>
    ${picture(fns[0], p, 460, 340, 360)}
    <circle cx="590" cy="590" r="130" fill="#FFFFFF" opacity="0.85"/>
    ${picture(fns[1], p, 230, 590, 595)}
  </svg>`;
}

function poster(fn: Art, p: Palette, seed: number, id: string) {
  const w = 540;
  const h = 960;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${background(w, h, p, id)}
    ${confetti(w, h, p, seed, 18)}
    <circle cx="270" cy="440" r="230" fill="#FFFFFF" opacity="0.5"/>
    ${picture(fn, p, 420, 270, 450)}
    <rect x="60" y="760" width="420" height="26" rx="13" fill="#FFFFFF" opacity="0.7"/>
    <rect x="60" y="806" width="300" height="22" rx="11" fill="#FFFFFF" opacity="0.5"/>
    <rect x="0" y="${h - 90}" width="${w}" height="90" fill="${p.a}" opacity="0.12"/>
  </svg>`;
}

function careerDoc(p: Palette, variant: number) {
  const w = 900;
  const h = 1200;
  let lines = "";
  for (let i = 0; i < 9; i++) {
    const width = i % 3 === 2 ? 420 : 620;
    lines += `<rect x="${(w - width) / 2}" y="${560 + i * 48}" width="${width}" height="14" rx="7" fill="${p.bg2}"/>`;
  }
  const emblem =
    variant === 0
      ? `<circle cx="450" cy="330" r="120" fill="${p.a}"/>${star(450, 330, 80, "#FFFFFF", 0.9)}`
      : variant === 1
        ? `<path d="M330 380 L450 250 L570 380 Z" fill="${p.b}"/><rect x="350" y="380" width="200" height="40" rx="8" fill="${p.b}"/><rect x="372" y="300" width="156" height="16" rx="8" fill="#FFFFFF" opacity="0.6"/><path d="M570 380 L600 450" stroke="${p.c}" stroke-width="10" stroke-linecap="round"/><circle cx="600" cy="460" r="16" fill="${p.c}"/>`
        : `<rect x="350" y="220" width="200" height="220" rx="30" fill="${p.d}"/><circle cx="450" cy="300" r="46" fill="#FFFFFF" opacity="0.85"/><path d="M380 420 Q450 350 520 420" fill="#FFFFFF" opacity="0.85"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <rect width="${w}" height="${h}" fill="${p.bg1}"/>
    <rect x="50" y="50" width="${w - 100}" height="${h - 100}" rx="24" fill="#FFFFFF"/>
    <rect x="80" y="80" width="${w - 160}" height="${h - 160}" rx="16" fill="none" stroke="${p.a}" stroke-width="8"/>
    <rect x="100" y="100" width="${w - 200}" height="${h - 200}" rx="12" fill="none" stroke="${p.bg2}" stroke-width="4"/>
    ${emblem}
    <rect x="250" y="480" width="400" height="30" rx="15" fill="${p.a}" opacity="0.8"/>
    ${lines}
    <circle cx="650" cy="1000" r="70" fill="${p.c}"/>
    ${star(650, 1000, 44, "#FFFFFF", 0.9)}
    <path d="M610 1060 L590 1120 L625 1100 L650 1130 L650 1065 Z" fill="${p.a}"/>
    <path d="M690 1060 L710 1120 L675 1100 L650 1130 L650 1065 Z" fill="${p.a}" opacity="0.85"/>
    <rect x="180" y="1040" width="260" height="8" rx="4" fill="${p.bg2}"/>
  </svg>`;
}

function adBanner(fn: Art, p: Palette, seed: number) {
  const w = 320;
  const h = 50;
  const r = rng(seed);
  let dots = "";
  for (let i = 0; i < 6; i++) {
    dots += `<circle cx="${(90 + r() * 220).toFixed(1)}" cy="${(6 + r() * 38).toFixed(1)}" r="${(2 + r() * 3).toFixed(1)}" fill="${[p.a, p.b, p.c, p.d][i % 4]}" opacity="0.6"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <rect width="${w}" height="${h}" fill="${p.bg1}"/>
    <rect x="0" y="0" width="70" height="${h}" fill="${p.bg2}"/>
    ${picture(fn, p, 56, 35, 25)}
    ${dots}
    <rect x="90" y="14" width="130" height="9" rx="4.5" fill="${p.a}" opacity="0.8"/>
    <rect x="90" y="29" width="90" height="7" rx="3.5" fill="${p.bg2}"/>
    <rect x="246" y="12" width="62" height="26" rx="13" fill="${p.a}"/>
    <path d="M272 19 L282 25 L272 31" stroke="#FFFFFF" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`;
}

function shareImage() {
  const w = 1200;
  const h = 600;
  const p = paletteAt(0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${background(w, h, p, "share")}
    ${confetti(w, h, p, 99, 24)}
    <rect x="80" y="80" width="${w - 160}" height="${h - 160}" rx="60" fill="#FFFFFF" opacity="0.55"/>
    ${picture(blocks, paletteAt(0), 300, 300, 300)}
    ${picture(potty, paletteAt(1), 260, 600, 310)}
    ${picture(sensoryBall, paletteAt(2), 280, 890, 300)}
  </svg>`;
}

/** The demo therapist's profile picture (사이트 설정 > 사이트 정보): the header's smiling face, large. */
function profilePicture() {
  const p = paletteAt(0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  ${background(512, 512, p, "pf")}
  <circle cx="256" cy="256" r="190" fill="#ffb86b"/>
  <circle cx="184" cy="216" r="26" fill="#5a3a1a"/>
  <circle cx="328" cy="216" r="26" fill="#5a3a1a"/>
  <path d="M160 304c35 48 157 48 192 0" fill="none" stroke="#5a3a1a" stroke-width="28" stroke-linecap="round"/>
  <circle cx="146" cy="290" r="22" fill="${p.a}" opacity="0.45"/>
  <circle cx="366" cy="290" r="22" fill="${p.a}" opacity="0.45"/>
</svg>`;
}

// ---------------------------------------------------------------- output

async function writeJpeg(svg: string, file: string, width: number, height: number) {
  const target = path.join(outDir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  await sharp(Buffer.from(svg))
    .resize(width, height)
    .flatten({ background: "#FFFFFF" })
    .jpeg({ quality: 78, mozjpeg: true, progressive: true })
    .toFile(target);
  return target;
}

async function writePng(svg: string, file: string, width: number, height: number, colours = 128) {
  const target = path.join(outDir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  await sharp(Buffer.from(svg))
    .resize(width, height)
    .png({ palette: true, colours, compressionLevel: 9, effort: 10, dither: 0.6 })
    .toFile(target);
  return target;
}

function makeSampleClip() {
  const probe = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" });
  if (probe.status !== 0) {
    console.log("ffmpeg not found: skipping reels/sample.mp4");
    return null;
  }
  const target = path.join(outDir, "reels", "sample.mp4");
  const result = spawnSync(
    "ffmpeg",
    [
      "-y",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=360x640:rate=24:duration=3",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=3",
      "-c:v",
      "libx264",
      "-profile:v",
      "baseline",
      "-level",
      "3.0",
      "-pix_fmt",
      "yuv420p",
      "-crf",
      "32",
      "-preset",
      "veryslow",
      "-c:a",
      "aac",
      "-b:a",
      "32k",
      "-ac",
      "1",
      "-shortest",
      "-movflags",
      "+faststart",
      target,
    ],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error("ffmpeg failed to write sample.mp4");
  return target;
}

async function main() {
  const written: string[] = [];
  const productArt = [potty, blocks, pencilGrip, sensoryBall, cushion, scissors];
  for (const [i, fn] of productArt.entries()) {
    written.push(await writeJpeg(square(fn, paletteAt(i), 100 + i, `p${i}`), `products/product-${i + 1}.jpg`, 800, 800));
  }

  const categoryPairs: [Art, Art][] = [
    [potty, stackingRings],
    [blocks, pencilGrip],
    [sensoryBall, swing],
  ];
  for (const [i, fns] of categoryPairs.entries()) {
    written.push(await writeJpeg(categoryArt(fns, paletteAt(i * 2 + 1), 200 + i, `c${i}`), `categories/category-${i + 1}.jpg`, 800, 800));
  }

  const posterArt = [potty, stackingRings, blocks, pencilGrip, hands, sensoryBall, swing, cushion];
  for (const [i, fn] of posterArt.entries()) {
    written.push(await writeJpeg(poster(fn, paletteAt(i), 300 + i, `r${i}`), `reels/poster-${i + 1}.jpg`, 540, 960));
  }

  for (let i = 0; i < 3; i++) {
    written.push(await writePng(careerDoc(paletteAt([0, 1, 4][i] ?? 0), i), `career/career-${i + 1}.png`, 900, 1200, 64));
  }

  const adArt = [potty, blocks, pencilGrip, sensoryBall, cushion];
  for (const [i, fn] of adArt.entries()) {
    written.push(await writePng(adBanner(fn, paletteAt(i), 400 + i), `ads/ad-${i + 1}.png`, 320, 50, 64));
  }

  written.push(await writePng(shareImage(), "share-default.png", 1200, 600, 96));
  written.push(await writeJpeg(profilePicture(), "profile.jpg", 512, 512));

  const clip = makeSampleClip();
  if (clip) written.push(clip);

  let total = 0;
  for (const file of written) {
    const size = fs.statSync(file).size;
    total += size;
    console.log(`${path.relative(root, file).padEnd(44)} ${(size / 1024).toFixed(1).padStart(7)} KB`);
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB in ${written.length} files`);
}

await main();
