interface Props {
  /** Modules per side and the dark modules as SVG path data, drawn on the server (modules/coas/qr.ts). */
  qr: { size: number; path: string };
  label: string;
  className?: string;
}

/** Four modules of quiet zone around the code, as the QR standard asks. */
const QUIET = 4;

export function QrCode({ qr, label, className = "" }: Props) {
  const side = qr.size + QUIET * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET} ${-QUIET} ${side} ${side}`}
      shapeRendering="crispEdges"
      className={`bg-white text-ink ${className}`}
    >
      <path d={qr.path} fill="currentColor" />
    </svg>
  );
}
