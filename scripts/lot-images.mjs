// Regenerates the parking-lot illustrations `public/images/lots/<motif>.svg` (flat shapes, 1200×675, a few KB,
// deterministic): the pictures of the lot galleries on the airport page (modal `gallery`). Which lot shows which
// motif: `lotImages()` in app/domain/lot-images.ts. Run: `node scripts/lot-images.mjs`.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../public/images/lots/', import.meta.url));
fs.mkdirSync(out, { recursive: true });
const CARS = ['#d9604c', '#2f6fb3', '#f2c14e', '#f4f4f4', '#a7b0ba', '#3f8f6b'];
const open = (sky1, sky2) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675"><defs><linearGradient id="k" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient></defs><rect width="1200" height="675" fill="url(#k)"/>`;
const car = (x, y, c, w = 150) =>
  `<g transform="translate(${x} ${y})"><rect x="0" y="18" width="${w}" height="44" rx="14" fill="${c}"/><path d="M${w * 0.2} 20L${w * 0.32} 0H${w * 0.68}L${w * 0.8} 20Z" fill="${c}"/><path d="M${w * 0.36} 6H${w * 0.64}L${w * 0.7} 20H${w * 0.3}Z" fill="#cfe7f5"/><circle cx="${w * 0.22}" cy="62" r="14" fill="#263238"/><circle cx="${w * 0.78}" cy="62" r="14" fill="#263238"/></g>`;
const sign = (x, y) =>
  `<rect x="${x + 36}" y="${y + 80}" width="14" height="160" fill="#55606e"/><rect x="${x}" y="${y}" width="86" height="86" rx="14" fill="#1f5fbf"/><path d="M${x + 30} ${y + 70}V${y + 16}h20a17 17 0 0 1 0 34h-20" fill="none" stroke="#fff" stroke-width="11"/>`;
const tower = `<rect x="1010" y="170" width="34" height="260" fill="#3d5a73"/><path d="M982 150h90l-12 36h-66z" fill="#1f2f3d"/><rect x="990" y="156" width="74" height="16" fill="#a9d3ea"/>`;

const motifs = {
  // open-air car park with barrier and rows of cars
  'open-air': () => {
    let s = open('#9fd3f0', '#e8f6fd') + tower;
    s += `<rect y="430" width="1200" height="245" fill="#8a8f96"/>`;
    for (let row = 0; row < 2; row++)
      for (let i = 0; i < 6; i++) {
        const x = 60 + i * 180;
        const y = 450 + row * 110;
        s += `<rect x="${x - 12}" y="${y + 70}" width="4" height="30" fill="#f4f4f0"/>`;
        if ((i + row) % 4 !== 2) s += car(x, y, CARS[(i + row * 3) % CARS.length]);
      }
    s += `<rect x="1080" y="360" width="20" height="90" fill="#55606e"/><rect x="880" y="372" width="210" height="12" rx="6" fill="#d9604c"/>`;
    return s + sign(60, 170) + '</svg>';
  },
  // covered car park: a multi-storey deck with cars on each level
  covered: () => {
    let s = open('#cfe3d8', '#f5faf7');
    s += `<rect y="590" width="1200" height="85" fill="#8a8f96"/><rect x="120" y="170" width="880" height="420" fill="#4e6b5c"/>`;
    for (let level = 0; level < 4; level++) {
      const y = 170 + level * 105;
      s += `<rect x="105" y="${y}" width="910" height="16" fill="#e6e6e1"/>`;
      for (let i = 0; i < 5; i++)
        if ((i + level) % 3 !== 1) s += car(170 + i * 165, y + 28, CARS[(level + i) % CARS.length], 120);
    }
    return s + sign(1060, 230) + '</svg>';
  },
  // shuttle bus on the way from the car park to the terminal
  shuttle: () => {
    let s = open('#f6c9a8', '#fdf0e4');
    s += `<path d="M640 430V300L880 270L1120 300V430Z" fill="#5b4a5e"/><rect x="670" y="310" width="420" height="120" fill="#a9d3ea"/>`;
    for (let x = 720; x < 1090; x += 60) s += `<rect x="${x}" y="310" width="6" height="120" fill="#5b4a5e"/>`;
    s += `<rect y="430" width="1200" height="245" fill="#9c9fa5"/><rect y="540" width="1200" height="10" fill="#f4f4f0"/>`;
    s += `<g transform="translate(150 420)"><rect width="440" height="150" rx="26" fill="#f2c14e"/><rect x="20" y="22" width="400" height="56" rx="10" fill="#cfe7f5"/>`;
    for (let x = 110; x < 420; x += 95) s += `<rect x="${x}" y="22" width="8" height="56" fill="#f2c14e"/>`;
    s += `<rect x="30" y="92" width="60" height="50" rx="6" fill="#e0a92f"/><circle cx="90" cy="150" r="26" fill="#263238"/><circle cx="350" cy="150" r="26" fill="#263238"/><text x="220" y="128" font-family="sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#3a2f22">SHUTTLE</text></g>`;
    s += `<path d="M860 140l70-40h30l-40 40h90l26-18h16l-14 30 14 30h-16l-26-18h-90l40 40h-30z" fill="#2f2a3a"/>`;
    return s + '</svg>';
  },
  // valet: the car is handed over at the terminal kerb
  valet: () => {
    let s = open('#c7c3ec', '#f1efff');
    s += `<path d="M0 470V250L600 210L1200 250V470Z" fill="#44466b"/><rect x="40" y="270" width="1120" height="200" fill="#a9d3ea"/>`;
    for (let x = 120; x < 1160; x += 80) s += `<rect x="${x}" y="270" width="8" height="200" fill="#44466b"/>`;
    s += `<rect y="470" width="1200" height="60" fill="#d6d6d0"/><rect y="530" width="1200" height="145" fill="#8a8f96"/>`;
    s += car(300, 500, '#2f6fb3', 230);
    s += `<g fill="#23253d"><circle cx="640" cy="400" r="22"/><rect x="620" y="426" width="40" height="80" rx="14"/><rect x="622" y="500" width="14" height="60"/><rect x="644" y="500" width="14" height="60"/></g>`;
    s += `<g fill="#d9604c"><circle cx="760" cy="400" r="22"/><rect x="740" y="426" width="40" height="80" rx="14"/><rect x="742" y="500" width="14" height="60" fill="#23253d"/><rect x="764" y="500" width="14" height="60" fill="#23253d"/></g>`;
    s += `<path d="M662 452H738" stroke="#23253d" stroke-width="10" stroke-linecap="round"/><circle cx="700" cy="452" r="12" fill="#f2c14e"/><rect x="850" y="420" width="240" height="56" rx="10" fill="#fff"/><text x="970" y="458" font-family="sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#23253d">VALET</text>`;
    return s + '</svg>';
  },
  // EV charging spaces
  'ev-charging': () => {
    let s = open('#a8e0dc', '#effaf8');
    s += `<rect y="440" width="1200" height="235" fill="#8a8f96"/><rect x="80" y="160" width="1040" height="40" fill="#2f5e62"/>`;
    for (let i = 0; i < 3; i++) {
      const x = 150 + i * 340;
      s += `<rect x="${x + 40}" y="200" width="12" height="240" fill="#2f5e62"/><rect x="${x}" y="320" width="80" height="130" rx="12" fill="#f4f4f4"/><rect x="${x + 14}" y="336" width="52" height="34" rx="4" fill="#3f8f6b"/><path d="M${x + 44} 344l-12 16h12l-6 14 16-20h-12l6-10z" fill="#fff"/><path d="M${x + 80} 400q40 0 40 60" fill="none" stroke="#263238" stroke-width="8"/>`;
      s += car(x + 110, 470, CARS[(i * 2 + 1) % CARS.length], 170);
      s += `<rect x="${x + 100}" y="590" width="200" height="40" fill="none" stroke="#3f8f6b" stroke-width="8"/>`;
    }
    return s + '</svg>';
  },
};

for (const [name, draw] of Object.entries(motifs)) {
  const svg = draw();
  fs.writeFileSync(`${out}${name}.svg`, svg);
  console.log(`${name}.svg ${svg.length} bytes`);
}
