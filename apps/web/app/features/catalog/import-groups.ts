import type { ProductImportResult } from "@shop/shared";

type Row = ProductImportResult["rows"][number];

/** A product of an import's preview: its row (when the file has it) and the rows of its other variants. */
export interface ImportGroup {
  /** The line its rows start on. */
  line: number;
  name: string;
  product: Row | null;
  variants: Row[];
  hasProblems: boolean;
}

/**
 * The preview's rows as products with their variants under them, each in the file's order; the
 * products with problems first, since they are what stops the import.
 */
export function importGroups(rows: readonly Row[]): ImportGroup[] {
  const groups = new Map<number, ImportGroup>();
  for (const row of rows) {
    const group = groups.get(row.productLine) ?? {
      line: row.productLine,
      name: row.name,
      product: null,
      variants: [],
      hasProblems: false,
    };
    if (row.kind === "product") group.product = row;
    else group.variants.push(row);
    group.hasProblems ||= row.action === "error";
    groups.set(row.productLine, group);
  }
  const all = [...groups.values()];
  return [...all.filter((group) => group.hasProblems), ...all.filter((group) => !group.hasProblems)];
}

/** How many of the file's rows a group shows. */
export const groupRows = (group: ImportGroup) => (group.product ? 1 : 0) + group.variants.length;

/** The first groups whose rows fit in `limit` (at least one, so a large product still shows). */
export function firstGroups(groups: readonly ImportGroup[], limit: number): ImportGroup[] {
  const shown: ImportGroup[] = [];
  let rows = 0;
  for (const group of groups) {
    rows += groupRows(group);
    if (shown.length > 0 && rows > limit) break;
    shown.push(group);
  }
  return shown;
}
