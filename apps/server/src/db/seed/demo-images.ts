import type { DemoArt } from "./demo-types.ts";

/**
 * Draws the demo catalogue's pictures locally as SVG (no downloads, no fonts needed); the
 * image service then renders them to WebP like any uploaded picture.
 */

const shapes: Record<DemoArt, (accent: string) => string> = {
  vape: (accent) => `
    <rect x="330" y="150" width="140" height="500" rx="44" fill="#ffffff" fill-opacity="0.92"/>
    <rect x="330" y="150" width="140" height="500" rx="44" fill="none" stroke="${accent}" stroke-width="6"/>
    <rect x="365" y="95" width="70" height="80" rx="20" fill="#1f2937"/>
    <rect x="350" y="300" width="100" height="190" rx="16" fill="${accent}" fill-opacity="0.85"/>
    <circle cx="400" cy="580" r="16" fill="#1f2937"/>`,
  pod: (accent) => `
    <rect x="285" y="200" width="230" height="420" rx="90" fill="#ffffff" fill-opacity="0.92"/>
    <rect x="345" y="130" width="110" height="110" rx="36" fill="#1f2937"/>
    <ellipse cx="400" cy="420" rx="70" ry="120" fill="${accent}" fill-opacity="0.8"/>
    <rect x="385" y="560" width="30" height="12" rx="6" fill="#1f2937"/>`,
  jar: (accent) => `
    <rect x="250" y="210" width="300" height="80" rx="18" fill="#1f2937"/>
    <rect x="235" y="280" width="330" height="360" rx="48" fill="#ffffff" fill-opacity="0.9"/>
    <rect x="275" y="380" width="250" height="150" rx="20" fill="${accent}" fill-opacity="0.85"/>
    <circle cx="340" cy="455" r="28" fill="#ffffff" fill-opacity="0.7"/>
    <circle cx="455" cy="440" r="20" fill="#ffffff" fill-opacity="0.6"/>`,
  bag: (accent) => `
    <path d="M260 210 h280 l30 430 h-340 z" fill="#ffffff" fill-opacity="0.92"/>
    <rect x="260" y="180" width="280" height="50" rx="10" fill="#1f2937"/>
    <path d="M400 340 c70 40 70 150 0 190 c-70 -40 -70 -150 0 -190 z" fill="${accent}"/>
    <path d="M400 350 v170" stroke="#ffffff" stroke-width="6"/>`,
  tablets: (accent) => `
    <rect x="230" y="230" width="340" height="340" rx="40" fill="#ffffff" fill-opacity="0.9"/>
    ${[0, 1, 2]
      .flatMap((row) =>
        [0, 1, 2].map(
          (col) => `<circle cx="${310 + col * 90}" cy="${310 + row * 90}" r="32" fill="${accent}" fill-opacity="0.9"/>
          <path d="M${290 + col * 90} ${310 + row * 90} h40" stroke="#ffffff" stroke-width="5"/>`,
        ),
      )
      .join("")}`,
  capsules: (accent) => `
    ${[0, 1, 2]
      .map(
        (i) => `<g transform="rotate(${-35 + i * 35} ${300 + i * 100} ${400})">
          <rect x="${265 + i * 100}" y="300" width="70" height="200" rx="35" fill="#ffffff" fill-opacity="0.95"/>
          <path d="M${265 + i * 100} 400 v65 a35 35 0 0 0 70 0 v-65 z" fill="${accent}"/></g>`,
      )
      .join("")}`,
  flower: (accent) => `
    ${[0, 60, 120, 180, 240, 300]
      .map(
        (angle) =>
          `<ellipse cx="400" cy="300" rx="46" ry="120" fill="${accent}" fill-opacity="0.85" transform="rotate(${angle} 400 410)"/>`,
      )
      .join("")}
    <circle cx="400" cy="410" r="70" fill="#ffffff" fill-opacity="0.9"/>
    <circle cx="380" cy="395" r="12" fill="${accent}"/><circle cx="420" cy="420" r="10" fill="${accent}"/>`,
  gummies: (accent) => `
    ${[
      [300, 330],
      [470, 320],
      [390, 470],
      [260, 500],
      [520, 490],
    ]
      .map(
        ([x, y]) => `<g transform="translate(${x} ${y})">
          <circle cx="-30" cy="-40" r="26" fill="${accent}"/><circle cx="30" cy="-40" r="26" fill="${accent}"/>
          <ellipse cx="0" cy="10" rx="55" ry="62" fill="${accent}"/>
          <ellipse cx="-15" cy="-5" rx="14" ry="20" fill="#ffffff" fill-opacity="0.45"/></g>`,
      )
      .join("")}`,
  candy: (accent) => `
    <path d="M190 330 l110 70 l-110 70 z" fill="#ffffff" fill-opacity="0.9"/>
    <path d="M610 330 l-110 70 l110 70 z" fill="#ffffff" fill-opacity="0.9"/>
    <circle cx="400" cy="400" r="130" fill="${accent}"/>
    <path d="M300 320 q100 80 200 0 M290 400 q110 80 220 0 M300 480 q100 80 200 0" stroke="#ffffff" stroke-width="14" fill="none" stroke-opacity="0.7"/>`,
  charger: (accent) => `
    <rect x="270" y="300" width="260" height="240" rx="40" fill="#ffffff" fill-opacity="0.95"/>
    <rect x="330" y="230" width="28" height="80" rx="6" fill="#9ca3af"/><rect x="442" y="230" width="28" height="80" rx="6" fill="#9ca3af"/>
    <path d="M410 350 l-60 100 h50 l-20 80 l70 -110 h-50 z" fill="${accent}"/>
    <path d="M400 540 v90 q0 40 60 40 h120" stroke="#1f2937" stroke-width="18" fill="none" stroke-linecap="round"/>`,
};

/** A square product or category picture, 800×800. */
export function productArt(art: DemoArt, colors: [string, string], seed: number): string {
  const [from, to] = colors;
  const angle = (seed * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="${120 + (seed % 5) * 130}" cy="${110 + (seed % 3) * 40}" r="160" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="${680 - (seed % 4) * 90}" cy="700" r="220" fill="#000000" fill-opacity="0.07"/>
  <ellipse cx="400" cy="690" rx="220" ry="26" fill="#000000" fill-opacity="0.15"/>
  ${shapes[art](to)}
</svg>`;
}

/** A wide banner picture, 1600×600, with the art on the right and room for text on the left. */
export function bannerArt(art: DemoArt, colors: [string, string]): string {
  const [from, to] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
  <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1600" height="600" fill="url(#g)"/>
  <circle cx="1250" cy="300" r="330" fill="#ffffff" fill-opacity="0.1"/>
  <circle cx="200" cy="620" r="260" fill="#000000" fill-opacity="0.08"/>
  <g transform="translate(880 -70) scale(0.9)">${shapes[art](to)}</g>
</svg>`;
}
