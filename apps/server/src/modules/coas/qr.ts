import { create } from "qrcode";

export interface QrCode {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** An SVG path of the dark modules in a size × size grid, one rectangle per horizontal run. */
  path: string;
}

/**
 * A QR code as SVG path data, drawn on the server: the page renders it as an inline <svg>, so
 * no QR library reaches the browser and no inline style is needed (our CSP forbids them).
 */
export function qrCode(text: string): QrCode {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  const size = modules.size;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(y, x)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && modules.get(y, x)) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  }
  return { size, path: parts.join("") };
}
