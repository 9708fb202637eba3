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

type Row = ProductImportResult["rows"][number];

/** Rows shown at first, and added by each "Show more". */
const SHOWN_ROWS = 100;

const results: Record<Row["action"], { label: string; tone: string }> = {
  create: { label: "New", tone: badgeTones.emerald },
  update: { label: "Changes", tone: badgeTones.sky },
  error: { label: "Problem", tone: badgeTones.red },
};

/** "2 new, 3 changed, 40 unchanged, 1 with problems". */
export function importCounts({ counts }: ProductImportResult): string {
  return [
    `${formatCount(counts.create)} new`,
    `${formatCount(counts.update)} changed`,
    `${formatCount(counts.unchanged)} unchanged`,
    ...(counts.error > 0 ? [`${formatCount(counts.error)} with problems`] : []),
  ].join(", ");
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
  if (row.action === "create") return <span className="text-muted">A new product</span>;
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
  const problemRows = preview?.rows.filter((row) => row.action === "error") ?? [];
  // Problems first: they are what stops the import.
  const rows = preview ? [...problemRows, ...preview.rows.filter((row) => row.action !== "error")] : [];

  return (
    <form noValidate onSubmit={form.handleSubmit(apply)} className="grid gap-6">
      <FormSection
        id="import-file"
        title="CSV file"
        hint={`Use the columns of Export CSV; Sku is the only one required. A known SKU changes that product, a new one adds a product. At most ${megabytes(PRODUCT_IMPORT_MAX_BYTES)} MB and ${formatCount(PRODUCT_IMPORT_MAX_ROWS)} products a file. Nothing is saved until you apply the preview, and nothing at all while any row has a problem.`}
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
          <p role="status" className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={badgeTones.emerald}>{formatCount(preview.counts.create)} new</Badge>
            <Badge tone={badgeTones.sky}>{formatCount(preview.counts.update)} changed</Badge>
            <Badge tone={badgeTones.gray}>{formatCount(preview.counts.unchanged)} unchanged</Badge>
            {preview.counts.error > 0 && (
              <Badge tone={badgeTones.red}>{formatCount(preview.counts.error)} with problems</Badge>
            )}
            <span className="text-muted">
              {preview.counts.error > 0
                ? "Nothing will be imported: fix the rows with problems, save the file and choose it again."
                : changes === 0
                  ? "Nothing to import: every product is as the file says."
                  : `Apply to import ${formatCount(changes)} change${changes === 1 ? "" : "s"}.`}
            </span>
          </p>
          {rows.length > 0 && (
            <AdminTable
              caption="What the import would change, by line of the file"
              columns={[{ label: "Line" }, { label: "Product" }, { label: "Details" }]}
            >
              {rows.slice(0, shown).map((row) => (
                <tr key={row.line} data-import-line={row.line} className="align-top">
                  <td className={`${cell.td} align-top tabular-nums`}>{row.line}</td>
                  <td className={`${cell.td} min-w-36 align-top`}>
                    <Badge tone={results[row.action].tone}>{results[row.action].label}</Badge>
                    <span className="mt-1 block break-words font-medium">{row.name || "—"}</span>
                    <span className="block break-all font-mono text-muted text-xs">{row.sku || "no SKU"}</span>
                  </td>
                  <td className={`${cell.td} align-top`}>
                    <Details row={row} />
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
          {rows.length > shown && (
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={() => setShown((count) => count + SHOWN_ROWS)}>
                Show {formatCount(Math.min(SHOWN_ROWS, rows.length - shown))} more
              </Button>
              <span className="text-muted text-sm">
                {formatCount(shown)} of {formatCount(rows.length)} rows shown
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
