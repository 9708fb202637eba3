import { type AdminProduct, type MasterCategory, productFormFieldsSchema } from "@shop/shared";
import {
  DEFAULT_PRODUCT_TYPE,
  REGULATORY_CLASSES,
  type RegulatoryClass,
  regulatoryClassLabels,
} from "@shop/shared/constants";
import { sortRegulatoryClasses, suggestRegulatoryClasses } from "@shop/shared/rules";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { CheckboxGroup, Field, inputClass, TextField } from "../../../components/form/field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { FormSection } from "../../../components/form/form-section.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiRequestError } from "../../../lib/api-error.ts";
import { schemaMessages } from "../../../lib/form-action.ts";
import { type FieldLabels, problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { type ProductUploadDraft, useCreateProduct, useUpdateProduct } from "../api/save-product.ts";
import { type PicturesState, ProductImages, picturesUpload } from "./product-images.tsx";

/** The spec's text fields of the Create Product form, by its names. */
const textNames = [
  "ProductName",
  "ProductType",
  "Description",
  "MasterCategoryId",
  "Brand",
  "StrainName",
  "StrainType",
  "Flavour",
  "FlavourGroup",
  "Size",
  "Weight",
  "Battery",
  "Liquid",
  "NicotineStrength",
  "NicotineStrengthDetail",
  "Coil",
  "Price",
  "DistroPrice",
  "SellingPricePCS",
  "SellingPriceBox",
  "PcsPerPack",
  "PackPerBox",
  "Sku",
  "Stock",
] as const;
/** The spec's required fields, in the order its validation reports them. */
const requiredNames = ["ProductName", "ProductType", "Description", "MasterCategoryId"] as const;

const checkNames = [
  "FeatureProduct",
  "Puffs9000PerDevice",
  "TypeCRechargeablePort",
  "DeliveryAvailable",
  "InStoreStockAvailable",
  "Active",
] as const;

/** The labels the form shows, by the API's field names: its messages name fields the same way. */
export const productFieldLabels: Record<TextName | CheckName, string> & FieldLabels = {
  ProductName: "Product name",
  ProductType: "Product type",
  FeatureProduct: "Feature product",
  Brand: "Brand",
  StrainName: "Strain name",
  StrainType: "Strain type",
  Flavour: "Flavour",
  FlavourGroup: "Flavour group",
  Size: "Size",
  Weight: "Weight",
  Battery: "Battery",
  Liquid: "Liquid",
  NicotineStrength: "Nicotine strength",
  NicotineStrengthDetail: "Nicotine strength detail",
  Coil: "Coil",
  Puffs9000PerDevice: "9000 puffs per device",
  TypeCRechargeablePort: "Type-C rechargeable port",
  Price: "Price",
  DistroPrice: "Distro price",
  SellingPricePCS: "Selling price per piece",
  SellingPriceBox: "Selling price per box",
  PcsPerPack: "Pieces per pack",
  PackPerBox: "Packs per box",
  Sku: "SKU",
  Stock: "Stock",
  Active: "Active",
  DeliveryAvailable: "Delivery available",
  InStoreStockAvailable: "In-store stock available",
  MasterCategoryId: "Category",
  Description: "Description",
  MainImage: "Main image",
  GalleryImages: "Gallery images",
  KeepImages: "Gallery images",
  RegulatoryClasses: "Regulatory classes",
};

type TextName = (typeof textNames)[number];
type CheckName = (typeof checkNames)[number];
export type ProductFormValues = Record<TextName, string> &
  Record<CheckName, boolean> & { RegulatoryClasses: RegulatoryClass[] };

/** The classes suggested for what the form says now (the category by its slug). */
function suggestionFor(values: ProductFormValues, categories: readonly MasterCategory[] | undefined) {
  return suggestRegulatoryClasses({
    categorySlug: categories?.find((category) => category.id === values.MasterCategoryId)?.slug,
    productType: values.ProductType,
    name: values.ProductName,
    flavour: values.Flavour,
    flavourGroup: values.FlavourGroup,
    nicotineStrength: values.NicotineStrength,
  });
}

export function defaultsOf(product: AdminProduct | undefined): ProductFormValues {
  const fields = product?.fields ?? {};
  const values = {} as ProductFormValues;
  for (const name of textNames) values[name] = fields[name] ?? "";
  for (const name of checkNames) values[name] = fields[name] === "true";
  values.RegulatoryClasses = sortRegulatoryClasses((fields.RegulatoryClasses ?? "").split(","));
  if (!product) {
    values.ProductType = DEFAULT_PRODUCT_TYPE;
    values.Active = true;
    // A new product starts with the suggestion, and follows it until staff choose (ProductForm).
    values.RegulatoryClasses = suggestionFor(values, undefined);
  }
  return values;
}

/** The form's values as the API takes them: text trimmed, checkboxes "true" / "false". */
export function productFields(values: ProductFormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of textNames) fields[name] = values[name].trim();
  for (const name of checkNames) fields[name] = values[name] ? "true" : "false";
  fields.RegulatoryClasses = sortRegulatoryClasses(values.RegulatoryClasses).join(",");
  return fields;
}

function picturesOf(product: AdminProduct | undefined): PicturesState {
  return {
    main: null,
    gallery: (product?.images ?? []).map((image) => ({
      kind: "saved" as const,
      id: `saved-${image.key}`,
      key: image.key,
      src: image.srcSet.split(" ")[0] ?? image.src,
      alt: image.alt,
    })),
  };
}

const idOf = (name: string) => `product-${name}`;

/** The form's sections of fields: two a row. */
function Section(props: { id: string; title: string; children: ReactNode }) {
  return <FormSection columns="sm:grid-cols-2" {...props} />;
}

interface Props {
  /** The product being edited; none for a new one. */
  product?: AdminProduct;
  onSaved: (product: AdminProduct) => void;
  cancelTo: string;
  /** The category choices, as the page loads them (the categories feature's useCategories). */
  categories: UseQueryResult<MasterCategory[]>;
}

/** Creates or edits a product: the spec's sections, the checkboxes, and the pictures. */
export function ProductForm({ product, onSaved, cancelTo, categories }: Props) {
  const editing = Boolean(product);
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const [pictures, setPictures] = useState<PicturesState>(() => picturesOf(product));
  const [picturesError, setPicturesError] = useState<string | undefined>();
  // The variants grid saves the own variant's SKU and prices too: the fields staff have not
  // touched follow the product as saved, so that this form never sends the old ones back.
  const saved = useMemo(() => (product ? defaultsOf(product) : undefined), [product]);
  const form = useForm<ProductFormValues>({
    defaultValues: defaultsOf(product),
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const picturesAtStart = useRef(pictures);
  useUnsavedChanges(form, product ? "this product" : "the new product", pictures !== picturesAtStart.current);
  // A new product's classes follow the suggestion until staff tick or untick one.
  const [classesChosen, setClassesChosen] = useState(editing);
  const suggestion = suggestionFor(form.watch(), categories.data);
  const suggestionKey = suggestion.join(",");
  const chosenClasses = sortRegulatoryClasses(form.watch("RegulatoryClasses") ?? []);
  const followsSuggestion = chosenClasses.join(",") === suggestionKey;

  useEffect(() => {
    if (classesChosen || suggestionKey === "") return;
    form.setValue("RegulatoryClasses", suggestionKey.split(",") as RegulatoryClass[]);
  }, [classesChosen, suggestionKey, form]);

  // The category select gets its options after the form has its value: show the chosen one then.
  useEffect(() => {
    if (categories.data) form.setValue("MasterCategoryId", form.getValues("MasterCategoryId"));
  }, [categories.data, form]);

  async function save(values: ProductFormValues) {
    form.clearErrors();
    setPicturesError(undefined);
    // The shared schema the API checks with, in the spec's order: name, type, description and
    // category first, each with its toast; any other refusal is shown as the API would show it.
    const fields = productFields(values);
    // An edit leaves the count to the Stock panel: a form opened before an order and saved after it
    // would otherwise set the old count back (docs/decisions/034).
    if (editing) delete fields.Stock;
    const checked = productFormFieldsSchema.safeParse(fields);
    if (!checked.success) {
      const messages = schemaMessages(checked.error);
      const first = requiredNames.find((name) => messages[name]);
      if (first) {
        toast.error(messages[first]);
        form.setError(first, { message: messages[first] });
        form.setFocus(first);
      } else {
        showRefusal(new ApiRequestError(400, "Please check the fields marked above.", messages));
      }
      return;
    }
    const draft: ProductUploadDraft = { fields, ...picturesUpload(pictures, editing) };
    try {
      const saved = product
        ? await updateProduct.mutateAsync({ id: product.id, draft })
        : await createProduct.mutateAsync(draft);
      const name = saved.fields.ProductName ?? values.ProductName.trim();
      toast.success(editing ? `Saved ${name}` : `Successfully created ${name} Product`);
      onSaved(saved);
    } catch (error) {
      showRefusal(error);
    }
  }

  function showRefusal(error: unknown) {
    const names = [...textNames, ...checkNames, "RegulatoryClasses"] as const;
    const failure = showServerErrors(form.setError, error, names, productFieldLabels, {
      files: { MainImage: setPicturesError, GalleryImages: setPicturesError, KeepImages: setPicturesError },
      setFocus: form.setFocus,
    });
    toast.error(
      `${editing ? "Failed to save product" : "Failed to create product"}: ${problemInWords(failure, productFieldLabels)}`,
    );
  }

  const text = (name: TextName, extra: Record<string, unknown> = {}, label = productFieldLabels[name]) => (
    <TextField
      id={idOf(name)}
      label={label}
      autoComplete="off"
      error={errors[name]?.message}
      {...extra}
      {...form.register(name)}
    />
  );
  const money = (name: TextName) =>
    text(
      name,
      { type: "number", inputMode: "decimal", min: 0, step: "0.01", placeholder: "0.00" },
      `${productFieldLabels[name]} ($)`,
    );
  const count = (name: TextName, hint?: string) =>
    text(name, { type: "number", inputMode: "numeric", min: 0, step: 1, ...(hint ? { hint } : {}) });
  const check = (name: CheckName, hint: string) => (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line px-3.5 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50">
      <input
        type="checkbox"
        id={idOf(name)}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
        aria-describedby={`${idOf(name)}-hint`}
        {...form.register(name)}
      />
      <span>
        <span className="block font-medium text-sm">{productFieldLabels[name]}</span>
        <span id={`${idOf(name)}-hint`} className="block text-muted text-xs">
          {hint}
        </span>
      </span>
    </label>
  );

  const classesError = errors.RegulatoryClasses?.message;
  const descriptionError = errors.Description?.message;
  const categoryError = errors.MasterCategoryId?.message;
  const submitLabel = editing
    ? isSubmitting
      ? "Saving..."
      : "Save changes"
    : isSubmitting
      ? "Creating..."
      : "Create product";

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <Section id="product-basic-title" title="Basic Details">
          <div className="sm:col-span-2">{text("ProductName", { maxLength: 200 })}</div>
          {text("ProductType", { maxLength: 60, hint: "For example Disposable, Flower, Capsules." })}
          <Field id={idOf("MasterCategoryId")} label="Category" error={categoryError}>
            {(describedBy) => (
              <select
                id={idOf("MasterCategoryId")}
                aria-invalid={categoryError ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register("MasterCategoryId")}
              >
                <option value="">
                  {categories.isPending
                    ? "Loading categories…"
                    : categories.isError
                      ? "Categories did not load"
                      : "Select a category"}
                </option>
                {categories.data?.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field id={idOf("Description")} label="Description" error={descriptionError}>
              {(describedBy) => (
                <textarea
                  id={idOf("Description")}
                  rows={5}
                  maxLength={10_000}
                  aria-invalid={descriptionError ? true : undefined}
                  aria-describedby={describedBy}
                  className={inputClass}
                  {...form.register("Description")}
                />
              )}
            </Field>
          </div>
          <div className="sm:col-span-2">
            {check("FeatureProduct", "Shown among the featured products on the home page.")}
          </div>
        </Section>

        <Section id="product-brand-title" title="Brand Details">
          {text("Brand")}
          {text("StrainName")}
          {text("StrainType", { placeholder: "Indica, Sativa, Hybrid" })}
          {text("Flavour")}
          {text("FlavourGroup", { placeholder: "Fruit, Mint, Dessert" })}
        </Section>

        <Section id="product-vape-title" title="Vape Details">
          {text("Size")}
          {text("Weight")}
          {text("Battery")}
          {text("Liquid")}
          {text("NicotineStrength", { placeholder: "5%" })}
          {text("NicotineStrengthDetail")}
          {text("Coil")}
          <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
            {check("Puffs9000PerDevice", "The device gives about 9000 puffs.")}
            {check("TypeCRechargeablePort", "Recharges over USB-C.")}
          </div>
        </Section>

        <section aria-labelledby="product-classes-title" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
          <h2 id="product-classes-title" className="font-semibold text-lg">
            Regulatory classes
          </h2>
          <p id="product-classes-hint" className="mt-1 text-muted text-sm">
            What the shop's compliance rules key on: choose every class that applies.
          </p>
          <div className="mt-4 flex flex-col gap-3 rounded-xl bg-brand-50/60 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm" aria-live="polite">
              <span className="font-medium">Suggested: </span>
              {suggestion.map((code) => regulatoryClassLabels[code]).join(", ")}
              {followsSuggestion && <span className="text-muted"> (as chosen)</span>}
            </p>
            {!followsSuggestion && (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                className="shrink-0"
                onClick={() => {
                  setClassesChosen(true);
                  form.setValue("RegulatoryClasses", suggestion);
                  form.clearErrors("RegulatoryClasses");
                }}
              >
                Use suggestion
              </Button>
            )}
          </div>
          <CheckboxGroup
            id="product-RegulatoryClasses"
            legend="Regulatory classes"
            hideLegend
            hintId="product-classes-hint"
            error={classesError}
            className="mt-4"
          >
            {REGULATORY_CLASSES.map((code) => (
              <label
                key={code}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-line px-3.5 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="checkbox"
                  value={code}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                  {...form.register("RegulatoryClasses", { onChange: () => setClassesChosen(true) })}
                />
                <span className="text-sm">
                  <span className="block font-medium">{regulatoryClassLabels[code]}</span>
                  <span className="block font-mono text-muted text-xs">{code}</span>
                </span>
              </label>
            ))}
          </CheckboxGroup>
        </section>

        <Section id="product-price-title" title="Price Details">
          {money("Price")}
          {money("DistroPrice")}
          {money("SellingPricePCS")}
          {money("SellingPriceBox")}
          {count("PcsPerPack")}
          {count("PackPerBox")}
        </Section>
      </div>

      <div className="flex min-w-0 flex-col gap-6">
        <section aria-labelledby="product-images-title" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
          <h2 id="product-images-title" className="font-semibold text-lg">
            Images
          </h2>
          <div className="mt-5">
            <ProductImages value={pictures} onChange={setPictures} editing={editing} serverError={picturesError} />
          </div>
        </section>
        <FormSection id="product-stock-title" title="Stock and availability">
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-1 2xl:grid-cols-2">
            {text("Sku", {
              maxLength: 64,
              spellCheck: false,
              hint: editing ? "Unique in the shop." : "Unique in the shop. Empty: one is made up.",
            })}
            {editing ? (
              <p className="text-muted text-sm sm:self-end">
                The count is changed in the{" "}
                <a href="#stock" className="font-medium text-brand-700 underline">
                  Stock panel
                </a>{" "}
                below the form, with a reason.
              </p>
            ) : (
              count("Stock", "Pieces on hand.")
            )}
          </div>
          {check("Active", "Shown and sold in the shop.")}
          {check("DeliveryAvailable", "Can be shipped to the buyer.")}
          {check("InStoreStockAvailable", "Can be picked up in the store.")}
        </FormSection>
      </div>

      <FormActions
        error={errors.root?.message}
        cancelTo={cancelTo}
        submitting={isSubmitting}
        className="sticky bottom-0 z-10 -mx-4 border-line border-t bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border xl:col-span-2"
      >
        {submitLabel}
      </FormActions>
    </form>
  );
}
