import type { ProductImportResult } from "@shop/shared";
import { megabytes, PRODUCT_IMPORT_MAX_BYTES, PRODUCT_IMPORT_MAX_ROWS } from "@shop/shared/constants";
import { formatCount } from "@shop/shared/rules";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { AdminTable, cell } from "../../../components/admin-list/admin-table.tsx";
import { LabelledFileField, useFileChoice } from "../../../components/form/file-field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { FormSection } from "../../../components/form/form-section.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Badge, badgeTones } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { errorMessage } from "../../../lib/api-error.ts";
import { useImportProducts } from "../api/import-products.ts";
import { firstGroups, groupRows, type ImportGroup, importGroups } from "../import-groups.ts";

type Row = ProductImportResult["rows"][number];
type Counts = ProductImportResult["counts"];

/** Rows shown at first, and added by each "Show more" (whole products at a time). */
const SHOWN_ROWS = 100;

const results: Record<Row["action"], { label: string; tone: string }> = {
  create: { label: "New", tone: badgeTones.emerald },
  update: { label: "Changes", tone: badgeTones.sky },
  unchanged: { label: "Unchanged", tone: badgeTones.gray },
  error: { label: "Problem", tone: badgeTones.red },
};

const countWords = (counts: Counts) =>
  [
    `${formatCount(counts.create)} new`,
    `${formatCount(counts.update)} changed`,
    `${formatCount(counts.unchanged)} unchanged`,
    ...(counts.error > 0 ? [`${formatCount(counts.error)} with problems`] : []),
  ].join(", ");

const total = (counts: Counts) => counts.create + counts.update + counts.unchanged + counts.error;

/** "2 new, 3 changed, 40 unchanged, 1 with problems" (products), then the variants' when a product has several rows. */
export function importCounts({ products, counts }: ProductImportResult): string {
  return total(counts) === total(products)
    ? countWords(products)
    : `${countWords(products)}; variants: ${countWords(counts)}`;
}

function CountBadges({ counts }: { counts: Counts }) {
  return (
    <>
      <Badge tone={badgeTones.emerald}>{formatCount(counts.create)} new</Badge>
      <Badge tone={badgeTones.sky}>{formatCount(counts.update)} changed</Badge>
      <Badge tone={badgeTones.gray}>{formatCount(counts.unchanged)} unchanged</Badge>
      {counts.error > 0 && <Badge tone={badgeTones.red}>{formatCount(counts.error)} with problems</Badge>}
    </>
  );
}

function Details({ row }: { row: Row }) {
  if (row.problems.length > 0) {
    return (
      <ul className="grid gap-1 text-red-800">
        {row.problems.map((problem) => (
          <li key={`${problem.column}-${problem.message}`}>
            <span className="font-medium font-mono text-xs">{problem.column}</span> {problem.message}
          </li>
        ))}
      </ul>
    );
  }
  if (row.action === "create") {
    return <span className="text-muted">{row.kind === "product" ? "A new product" : "A new variant"}</span>;
  }
  if (row.action === "unchanged") return <span className="text-muted">No change</span>;
  return (
    <dl className="grid gap-1">
      {row.changes.map((change) => (
        <div key={change.column} className="break-words">
          <dt className="inline font-medium font-mono text-xs">{change.column}</dt>{" "}
          <dd className="inline">
            <span className="sr-only">from </span>
            <span className="text-muted line-through decoration-gray-400">{change.before || "(empty)"}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> becomes </span>
            <span>{change.after || "(empty)"}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A row of the file: the product's (its name) or a variant's (its option values, under the product's). */
function ImportRow({ row }: { row: Row }) {
  const variant = row.kind === "variant";
  const options = row.options.join(" / ");
  return (
    <tr data-import-line={row.line} className="align-top">
      <td className={`${cell.td} align-top tabular-nums`}>{row.line}</td>
      <td className={`${cell.td} min-w-36 align-top`}>
        <div className={variant ? "border-line border-l-2 pl-3" : ""}>
          <Badge tone={results[row.action].tone}>{results[row.action].label}</Badge>
          {variant ? (
            <span className="mt-1 block break-words font-medium">
              <span className="sr-only">Variant of {row.name}: </span>
              {options || "Variant"}
            </span>
          ) : (
            <>
              <span className="mt-1 block break-words font-medium">{row.name || "—"}</span>
              {options && <span className="block break-words text-muted text-xs">{options}</span>}
            </>
          )}
          <span className="block break-all font-mono text-muted text-xs">{row.sku || "no SKU"}</span>
        </div>
      </td>
      <td className={`${cell.td} align-top`}>
        <Details row={row} />
      </td>
    </tr>
  );
}

/** A product's rows: its own, or (when the file leaves it out) its name, then its variants'. */
function ImportGroupRows({ group }: { group: ImportGroup }) {
  return (
    <>
      {group.product ? (
        <ImportRow row={group.product} />
      ) : (
        <tr className="bg-gray-50/60">
          <td className={cell.td} />
          <td colSpan={2} className={`${cell.td} break-words font-medium`}>
            {group.name} <span className="font-normal text-muted text-sm">(its variants)</span>
          </td>
        </tr>
      )}
      {group.variants.map((row) => (
        <ImportRow key={row.line} row={row} />
      ))}
    </>
  );
}

/**
 * Import CSV: the chosen file is read in the browser and sent for a preview of every change and
 * every problem (with its line); Apply sends it again with the preview's id, so the import does
 * exactly what was shown or, when the products changed meanwhile, shows the new preview.
 */
export function ProductImport({ listPath, onImported }: { listPath: string; onImported: () => void }) {
  const form = useForm();
  const { file, setFile, setError: setFileError, field } = useFileChoice();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ProductImportResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [shown, setShown] = useState(SHOWN_ROWS);
  const checking = useRef(0);
  const importProducts = useImportProducts();
  useUnsavedChanges(form, "this import", file !== null);

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setNotice(null);
    setCsv(null);
    setShown(SHOWN_ROWS);
    if (!chosen) return;
    const turn = ++checking.current;
    const text = await chosen.text();
    try {
      const result = await importProducts.mutateAsync({ csv: text });
      if (turn !== checking.current) return;
      setCsv(text);
      setPreview(result);
    } catch (error) {
      if (turn === checking.current)
        setFileError(errorMessage(error, "The file could not be checked. Please try again."));
    }
  }

  async function apply() {
    if (!csv || !preview) return;
    try {
      const result = await importProducts.mutateAsync({ csv, confirm: preview.previewId });
      if (result.applied) {
        toast.success(`Products imported: ${importCounts(result)}.`);
        setFile(null);
        form.reset();
        onImported();
        return;
      }
      setPreview(result);
      setNotice(
        "The products changed since this file was checked. This is what it would do now: check it again, then apply.",
      );
    } catch (error) {
      setNotice(errorMessage(error, "The products could not be imported. Please try again."));
    }
  }

  const changes = preview ? preview.counts.create + preview.counts.update : 0;
  const ready = preview !== null && preview.counts.error === 0 && changes > 0;
  const groups = preview ? importGroups(preview.rows) : [];
  const shownGroups = firstGroups(groups, shown);
  const rows = groups.reduce((sum, group) => sum + groupRows(group), 0);
  const shownRows = shownGroups.reduce((sum, group) => sum + groupRows(group), 0);
  const variantRows = preview !== null && total(preview.counts) !== total(preview.products);

  return (
    <form noValidate onSubmit={form.handleSubmit(apply)} className="grid gap-6">
      <FormSection
        id="import-file"
        title="CSV file"
        hint={`Use the columns of Export CSV; Sku is the only one required. One row a variant: rows with the same Handle are one product, whose first row has its fields and its own variant, and the rows under it its other variants with their option values. A known SKU changes that product or variant, a new one adds one. At most ${megabytes(PRODUCT_IMPORT_MAX_BYTES)} MB and ${formatCount(PRODUCT_IMPORT_MAX_ROWS)} rows a file. Nothing is saved until you apply the preview, and nothing at all while any row has a problem.`}
      >
        <LabelledFileField
          id="import-csv"
          label="Products file"
          hint="A spreadsheet saved as CSV (UTF-8)."
          pickerLabel="Choose a CSV file"
          kind="csv"
          {...field}
          onChange={(chosen) => void choose(chosen)}
        />
      </FormSection>

      {importProducts.isPending && !preview && file && (
        <p role="status" className="text-muted text-sm">
          Checking {file.name}…
        </p>
      )}

      {preview && (
        <section aria-labelledby="import-preview" className="grid gap-3">
          <h2 id="import-preview" className="font-semibold text-lg">
            Preview
          </h2>
          {notice && <StatusMessage status={{ kind: "error", text: notice }} />}
          <div role="status" className="grid gap-2 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">Products</span>
              <CountBadges counts={preview.products} />
            </p>
            {variantRows && (
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">Variants</span>
                <CountBadges counts={preview.counts} />
              </p>
            )}
            <p className="text-muted">
              {preview.counts.error > 0
                ? "Nothing will be imported: fix the rows with problems, save the file and choose it again."
                : changes === 0
                  ? "Nothing to import: every product is as the file says."
                  : `Apply to import ${formatCount(changes)} change${changes === 1 ? "" : "s"}.`}
            </p>
          </div>
          {groups.length > 0 && (
            <AdminTable
              caption="What the import would change, by line of the file"
              columns={[{ label: "Line" }, { label: "Product or variant" }, { label: "Details" }]}
            >
              {shownGroups.map((group) => (
                <ImportGroupRows key={group.line} group={group} />
              ))}
            </AdminTable>
          )}
          {rows > shownRows && (
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={() => setShown(shownRows + SHOWN_ROWS)}>
                Show more
              </Button>
              <span className="text-muted text-sm">
                {formatCount(shownRows)} of {formatCount(rows)} rows shown
              </span>
            </div>
          )}
        </section>
      )}

      <FormActions cancelTo={listPath} submitting={!ready || importProducts.isPending}>
        {importProducts.isPending && preview
          ? "Importing…"
          : ready
            ? `Apply ${formatCount(changes)} change${changes === 1 ? "" : "s"}`
            : "Apply"}
      </FormActions>
    </form>
  );
}
