// One-off generator of the "how it works" video of the airport page (modal `eapVideo`): an animated canvas
// scene (car → car park → shuttle → terminal → take-off) recorded to WebM (VP9) by the system Chromium's
// MediaRecorder through Playwright, plus a poster frame (WebP) and the German and English captions (WebVTT).
// Output in public/media/ with a version in the file name (served with a one-year immutable cache):
// bump VERSION when the scene changes. Run: `node scripts/make-video.mjs` (needs /usr/bin/chromium).
/* global document, MediaRecorder, requestAnimationFrame -- the scene and the recorder run in the browser */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const VERSION = 'v1';
const NAME = `so-funktionierts-${VERSION}`;
const out = fileURLToPath(new URL('../public/media/', import.meta.url));
const DURATION_MS = 9500;
const CUES = [
  [0, 3, 'Online buchen und zum Parkplatz fahren.', 'Book online and drive to the car park.'],
  [3, 6.2, 'Auto abstellen – der Shuttle wartet schon.', 'Park your car – the shuttle is already waiting.'],
  [6.2, 9.5, 'In wenigen Minuten am Terminal. Gute Reise!', 'At the terminal in a few minutes. Have a good trip!'],
];

/** The scene, drawn at time `t` seconds into a 640 × 360 canvas context (runs in the browser). */
function scene() {
  const W = 640;
  const H = 360;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  const ease = (x) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));
  const span = (t, a, b) => ease((t - a) / (b - a));
  const rect = (x, y, w, h, c, r = 0) => {
    g.fillStyle = c;
    g.beginPath();
    g.roundRect(x, y, w, h, r);
    g.fill();
  };
  const wheel = (x, y, r) => {
    g.fillStyle = '#263238';
    g.beginPath();
    g.arc(x, y, r, 0, Math.PI * 2);
    g.fill();
  };
  const car = (x, y, c) => {
    rect(x, y + 10, 70, 20, c, 7);
    rect(x + 14, y, 40, 14, c, 6);
    rect(x + 20, y + 3, 28, 8, '#cfe7f5', 2);
    wheel(x + 15, y + 30, 7);
    wheel(x + 55, y + 30, 7);
  };
  const bus = (x, y) => {
    rect(x, y, 120, 44, '#f2c14e', 10);
    rect(x + 8, y + 7, 104, 16, '#cfe7f5', 3);
    for (let i = 1; i < 4; i++) rect(x + 8 + i * 26, y + 7, 3, 16, '#f2c14e');
    wheel(x + 24, y + 46, 8);
    wheel(x + 96, y + 46, 8);
  };
  const person = (x, y, c) => {
    g.fillStyle = c;
    g.beginPath();
    g.arc(x, y, 5, 0, Math.PI * 2);
    g.fill();
    rect(x - 5, y + 6, 10, 18, c, 4);
  };
  const plane = (x, y, rot, s) => {
    g.save();
    g.translate(x, y);
    g.rotate(rot);
    g.scale(s, s);
    g.fillStyle = '#1f2f3d';
    g.beginPath();
    g.moveTo(0, -5);
    g.lineTo(90, -6);
    g.quadraticCurveTo(110, 0, 90, 6);
    g.lineTo(0, 5);
    g.closePath();
    g.fill();
    g.beginPath();
    g.moveTo(45, -4);
    g.lineTo(22, -36);
    g.lineTo(34, -36);
    g.lineTo(66, -4);
    g.fill();
    g.beginPath();
    g.moveTo(45, 4);
    g.lineTo(22, 36);
    g.lineTo(34, 36);
    g.lineTo(66, 4);
    g.fill();
    g.beginPath();
    g.moveTo(4, -4);
    g.lineTo(-8, -20);
    g.lineTo(2, -20);
    g.lineTo(18, -4);
    g.fill();
    g.restore();
  };
  return (t) => {
    const sky = g.createLinearGradient(0, 0, 0, H);
    sky.addColorStop(0, '#9fd3f0');
    sky.addColorStop(1, '#e8f6fd');
    g.fillStyle = sky;
    g.fillRect(0, 0, W, H);
    g.fillStyle = '#fff3c4';
    g.beginPath();
    g.arc(560, 60, 30, 0, Math.PI * 2);
    g.fill();
    // ground, road, car park
    rect(0, 250, W, 110, '#9cc08a');
    rect(0, 282, W, 34, '#8a8f96');
    for (let x = 10; x < W; x += 50) rect(x, 297, 24, 4, '#f4f4f0');
    rect(16, 200, 248, 80, '#b3b8bf', 6);
    for (let i = 0; i < 4; i++) rect(20 + i * 80, 206, 3, 34, '#f4f4f0');
    car(27, 205, '#2f6fb3');
    car(187, 205, '#3f8f6b');
    // P sign
    rect(290, 150, 6, 100, '#55606e');
    rect(272, 120, 42, 42, '#1f5fbf', 8);
    g.fillStyle = '#fff';
    g.font = 'bold 30px sans-serif';
    g.fillText('P', 284, 152);
    // terminal and tower
    g.fillStyle = '#3d5a73';
    g.beginPath();
    g.moveTo(430, 282);
    g.lineTo(430, 190);
    g.lineTo(530, 176);
    g.lineTo(630, 190);
    g.lineTo(630, 282);
    g.fill();
    rect(440, 198, 180, 70, '#a9d3ea');
    for (let x = 466; x < 620; x += 26) rect(x, 198, 3, 70, '#3d5a73');
    rect(600, 110, 14, 80, '#3d5a73');
    rect(590, 100, 34, 14, '#1f2f3d', 3);
    // the visitor's car: drives in (0–2.6 s), turns into the free space (2.6–3.4 s)
    const drive = span(t, 0.2, 2.6);
    const park = span(t, 2.6, 3.4);
    const carX = -90 + drive * (107 + 90);
    const carY = 276 - park * 71;
    car(carX, carY, '#d9604c');
    // people walk to the shuttle (3.4–4.6 s)
    const walk = span(t, 3.4, 4.6);
    if (t > 3.4 && t < 4.9) {
      person(150 + walk * 150, 258, '#23253d');
      person(164 + walk * 150, 260, '#5b4a5e');
    }
    // shuttle waits at the car park, leaves at 4.8 s, reaches the terminal at 7 s
    const ride = span(t, 4.8, 7);
    bus(310 + ride * 150, 262);
    // at the terminal: the people get off (7–7.8 s)
    if (t > 7.1) {
      const off = span(t, 7.1, 7.9);
      person(520 + off * 40, 258, '#23253d');
      person(534 + off * 40, 260, '#5b4a5e');
    }
    // take-off over the terminal (7.4–9.5 s)
    const fly = span(t, 7.4, 9.5);
    if (t > 7.4) plane(330 + fly * 360, 150 - fly * 130, -0.28, 0.9);
  };
}

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
await page.setContent('<!doctype html><body style="margin:0"></body>');
const result = await page.evaluate(
  async ({ source, duration }) => {
    const draw = new Function(`return (${source})()`)();
    const canvas = document.querySelector('canvas');
    // poster: the shuttle on its way (5.6 s)
    draw(5.6);
    // WebP: a sixth of the PNG's bytes for this flat drawing (Lighthouse modern-image-formats, issue 11).
    const poster = canvas.toDataURL('image/webp', 0.9);
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: 180_000 });
    const chunks = [];
    recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    const done = new Promise((resolve) => (recorder.onstop = resolve));
    const t0 = performance.now();
    draw(0);
    recorder.start();
    await new Promise((resolve) => {
      const frame = () => {
        const t = (performance.now() - t0) / 1000;
        draw(Math.min(t, duration / 1000));
        if (t * 1000 < duration) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
    recorder.stop();
    await done;
    const blob = new Blob(chunks, { type: 'video/webm' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { video: btoa(binary), poster };
  },
  { source: scene.toString(), duration: DURATION_MS },
);
await browser.close();

fs.writeFileSync(`${out}${NAME}.webm`, Buffer.from(result.video, 'base64'));
fs.writeFileSync(`${out}${NAME}-poster.webp`, Buffer.from(result.poster.split(',')[1], 'base64'));
const time = (s) =>
  `00:${String(Math.floor(s)).padStart(2, '0')}.${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;
for (const [lang, column] of [
  ['de', 2],
  ['en', 3],
]) {
  const body = CUES.map(
    ([from, to, ...texts], i) => `${i + 1}\n${time(from)} --> ${time(to)}\n${texts[column - 2]}\n`,
  ).join('\n');
  fs.writeFileSync(`${out}${NAME}.${lang}.vtt`, `WEBVTT\n\n${body}`);
}
for (const file of fs.readdirSync(out)) console.log(file, fs.statSync(out + file).size, 'bytes');
