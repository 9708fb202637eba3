// Its own module: lib/format.ts is in the storefront's first load, this only in the cart and checkout.
/** A cart or order line's unit: "Per piece" or "Box of 50". */
export function unitLabel(line: { unit: "piece" | "box"; piecesPerUnit: number }): string {
  return line.unit === "box" ? `Box of ${line.piecesPerUnit}` : "Per piece";
}
