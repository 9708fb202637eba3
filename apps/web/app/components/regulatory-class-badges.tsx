import { type RegulatoryClass, regulatoryClassLabels } from "@shop/shared/constants";

/** A class in a word or two, for badges in lists; the full label (regulatoryClassLabels) is in the title. */
export const regulatoryClassShortLabels: Record<RegulatoryClass, string> = {
  ENDS: "ENDS",
  ENDS_ACCESSORY: "Vape part",
  NICOTINE: "Nicotine",
  FLAVORED: "Flavoured",
  HEMP_INTOX: "Hemp intox.",
  HEMP_THCA_FLOWER: "THCA flower",
  HEMP_NONINTOX: "CBD",
  KRATOM: "Kratom",
  ALK_7OH: "7-OH",
  ALK_MP: "Pseudo",
  GENERAL: "General",
};

const colours: Record<RegulatoryClass, string> = {
  ENDS: "bg-sky-50 text-sky-900 ring-sky-200",
  ENDS_ACCESSORY: "bg-sky-50 text-sky-900 ring-sky-200",
  NICOTINE: "bg-amber-50 text-amber-900 ring-amber-200",
  FLAVORED: "bg-pink-50 text-pink-900 ring-pink-200",
  HEMP_INTOX: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  HEMP_THCA_FLOWER: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  HEMP_NONINTOX: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  KRATOM: "bg-lime-50 text-lime-900 ring-lime-200",
  ALK_7OH: "bg-violet-50 text-violet-900 ring-violet-200",
  ALK_MP: "bg-violet-50 text-violet-900 ring-violet-200",
  GENERAL: "bg-gray-100 text-gray-700 ring-gray-200",
};

/** A product's regulatory classes as short badges (staff screens; the storefront shows none). */
export function RegulatoryClassBadges({ classes }: { classes: readonly RegulatoryClass[] }) {
  return (
    <ul aria-label="Regulatory classes" className="flex flex-wrap gap-1">
      {classes.map((code) => (
        <li
          key={code}
          title={regulatoryClassLabels[code]}
          className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ${colours[code]}`}
        >
          {regulatoryClassShortLabels[code]}
        </li>
      ))}
    </ul>
  );
}
