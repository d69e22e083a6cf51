/**
 * Regenerates the airport gallery illustrations `public/images/airports/<slug>-<n>.svg` (flat shapes, 1200×675,
 * < 3 KB each, deterministic): 1 = terminal with a departing plane, 2 = car park at the terminal,
 * 3 = plane approaching the runway. The slugs and counts must match `gallery()` in `airports.ts`.
 * Run: `node database/seed/gallery-svg.mjs`.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
const out = fileURLToPath(new URL('../../public/images/airports/', import.meta.url));
fs.mkdirSync(out, { recursive: true });
const airports = [
  ['frankfurt', 3],
  ['muenchen', 3],
  ['berlin', 3],
  ['duesseldorf', 3],
  ['hamburg', 3],
  ['stuttgart', 2],
  ['koeln-bonn', 2],
  ['hannover', 2],
  ['nuernberg', 2],
  ['leipzig-halle', 2],
  ['bremen', 2],
  ['dortmund', 2],
  ['kassel', 2],
];
const PALETTES = [
  { top: '#9fd3f0', bottom: '#e8f6fd', building: '#3d5a73', plane: '#1f2f3d', ground: '#9cc08a', sun: '#fff3c4' },
  { top: '#f6c9a8', bottom: '#fdf0e4', building: '#5b4a5e', plane: '#2f2a3a', ground: '#a9c08e', sun: '#fff6dc' },
  { top: '#c7c3ec', bottom: '#f1efff', building: '#44466b', plane: '#23253d', ground: '#8fb49a', sun: '#fdf1d6' },
  { top: '#a8e0dc', bottom: '#effaf8', building: '#2f5e62', plane: '#17383b', ground: '#a3c48c', sun: '#fffbe0' },
  { top: '#8ec5f2', bottom: '#dcefff', building: '#55606e', plane: '#0f3057', ground: '#b6cf7c', sun: '#fff1b8' },
  { top: '#cfe3d8', bottom: '#f5faf7', building: '#4e6b5c', plane: '#24352c', ground: '#9fbf8f', sun: '#fff8dd' },
  { top: '#f3ddb0', bottom: '#fff8e8', building: '#6b5a44', plane: '#3a2f22', ground: '#b5c48a', sun: '#fffdf2' },
  { top: '#7fa7d9', bottom: '#d6e4f5', building: '#2e3f5c', plane: '#101c33', ground: '#86a97b', sun: '#fdf0c8' },
  { top: '#f3c6cf', bottom: '#fff1f4', building: '#5e4450', plane: '#33232b', ground: '#a6c394', sun: '#fff7e6' },
  { top: '#b9c9d6', bottom: '#eef3f7', building: '#3f4d5a', plane: '#1b242d', ground: '#94b38a', sun: '#fdf6e3' },
];
const CARS = ['#d9604c', '#2f6fb3', '#f2c14e', '#f4f4f4', '#a7b0ba', '#3f8f6b'];
const GLASS = '#a9d3ea';
const PLANE =
  'M0-10L220-12Q270-10 282 0Q270 10 220 12L0 10Q-12 0 0-10ZM118-9L58-92H88L170-9ZM118 9L58 92H88L170 9ZM12-8L-22-48H0L42-8ZM12 8L-22 48H0L42 8Z';
const plane = (x, y, rot, sc, fill) =>
  `<g fill="${fill}" transform="translate(${x} ${y}) rotate(${rot}) scale(${sc})">${PLANE.split('Z')
    .filter(Boolean)
    .map((d) => `<path d="${d}Z"/>`)
    .join('')}</g>`;
const cloud = (x, y, s, fill) =>
  `<g fill="${fill}" transform="translate(${x} ${y}) scale(${s})"><circle cx="0" cy="0" r="34"/><circle cx="40" cy="-14" r="44"/><circle cx="84" cy="0" r="32"/><rect x="0" y="0" width="84" height="32"/></g>`;
function head(sky1, sky2, id) {
  id = `${id}${uid}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675"><defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient></defs><rect width="1200" height="675" fill="url(#${id})"/>`;
}
// 1: terminal with a departing plane
function terminal(p, seed) {
  let s = head(p.top, p.bottom, 's');
  s += `<circle cx="${1100 - ((seed * 37) % 60)}" cy="${100 + ((seed * 23) % 40)}" r="60" fill="${p.sun}"/>`;
  s += cloud(100 + ((seed * 53) % 220), 140, 1, '#ffffff') + cloud(560 + ((seed * 29) % 140), 80, 0.7, '#ffffff');
  s += `<rect y="520" width="1200" height="155" fill="${p.ground}"/><rect y="585" width="1200" height="14" fill="#eeeeea"/>`;
  s += `<rect x="930" y="250" width="36" height="230" fill="${p.building}"/><path d="M900 230h96l-14 40h-68z" fill="${p.plane}"/><rect x="908" y="236" width="80" height="18" fill="${GLASS}"/>`;
  s += `<path d="M120 520V400L450 360L780 400V520Z" fill="${p.building}"/><rect x="150" y="410" width="600" height="110" fill="${GLASS}"/>`;
  for (let x = 210; x < 750; x += 60) s += `<rect x="${x}" y="410" width="6" height="110" fill="${p.building}"/>`;
  s += plane(640, 250, -18, 0.9, p.plane);
  return s + '</svg>';
}
// 2: multi-storey car park
function garage(p, seed) {
  let s = head(p.top, p.bottom, 'g');
  s += cloud(840, 120, 0.9, '#ffffff') + cloud(180, 90, 0.6, '#ffffff');
  s += `<rect y="560" width="1200" height="115" fill="#8a8f96"/><rect y="610" width="1200" height="8" fill="#e9e9e4"/>`;
  s += `<rect x="160" y="240" width="760" height="320" fill="${p.building}"/>`;
  for (let i = 0; i < 4; i++) {
    const y = 240 + i * 80;
    s += `<rect x="150" y="${y}" width="780" height="14" fill="#e6e6e1"/>`;
    for (let j = 0; j < 5; j++) {
      if ((i + j + seed) % 3 === 1) continue;
      s += `<rect x="${200 + j * 140}" y="${y + 36}" width="100" height="34" rx="12" fill="${CARS[(i * 2 + j + seed) % CARS.length]}"/>`;
    }
  }
  s += `<rect x="990" y="300" width="20" height="260" fill="${p.building}"/><rect x="950" y="220" width="100" height="100" rx="16" fill="#1f5fbf"/><path d="M983 298v-58h22a18 18 0 0 1 0 36h-22" fill="none" stroke="#fff" stroke-width="12"/>`;
  s += plane(250, 90, 8, 0.45, p.plane);
  return s + '</svg>';
}
// 3: plane approaching the runway
function runway(p) {
  let s = head(p.top, p.bottom, 'r');
  s += cloud(120, 180, 1.1, '#ffffff') + cloud(900, 110, 0.8, '#ffffff') + cloud(560, 260, 0.5, '#ffffff');
  s += `<rect y="470" width="1200" height="205" fill="${p.ground}"/>`;
  s += `<path d="M520 470h160l300 205H220z" fill="#4d4f55"/>`;
  for (const [y, w, hh] of [
    [485, 6, 16],
    [520, 9, 24],
    [570, 13, 34],
    [635, 18, 40],
  ])
    s += `<rect x="${600 - w / 2}" y="${y}" width="${w}" height="${hh}" fill="#fff"/>`;
  s += plane(330, 300, 10, 1.1, p.plane);
  return s + '</svg>';
}
const motifs = [terminal, garage, runway];
let i = 0;
let uid = '';
for (const [slug, n] of airports) {
  for (let k = 0; k < n; k++) {
    uid = `-${slug}-${k + 1}`;
    const svg = motifs[k](PALETTES[(i * 3 + k) % PALETTES.length], i);
    fs.writeFileSync(`${out}/${slug}-${k + 1}.svg`, svg + '\n');
  }
  i++;
}
