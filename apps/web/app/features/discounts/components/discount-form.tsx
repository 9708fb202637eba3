import type { Discount, DiscountInput } from "@shop/shared";
import { X } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import {
  CheckboxChoices,
  CheckboxField,
  CheckboxGroup,
  fieldProps,
  SelectField,
  TextAreaField,
  TextField,
} from "../../../components/form/field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { FormSection } from "../../../components/form/form-section.tsx";
import { ProductChoice } from "../../../components/form/product-choice.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { fieldProblemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useCreateDiscount, useDiscountCategories, useDiscountProducts, useUpdateDiscount } from "../api/discounts.ts";
import {
  type DiscountFormValues,
  discountFieldLabels,
  discountFieldOf,
  discountFormValues,
  discountResolver,
} from "./discount-values.ts";

interface Props {
  discount?: Discount;
  cancelTo: string;
  onSaved: (discount: Discount) => void;
}

/** The products a code is limited to: find one, add it; each chosen one can be taken off. */
function ProductsChosen({
  chosen,
  onChange,
  error,
}: {
  chosen: DiscountFormValues["products"];
  onChange: (next: DiscountFormValues["products"]) => void;
  error: string | undefined;
}) {
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState("");
  const found = useDiscountProducts(query);
  const products = (found.data?.items ?? []).map(({ id, name, sku }) => ({ id, name, sku }));
  const add = () => {
    const product = products.find((item) => item.id === picked);
    if (product && !chosen.some((item) => item.id === product.id)) onChange([...chosen, product]);
    setPicked("");
  };
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-3">
          <ProductChoice
            id="discount-product"
            query={query}
            onQuery={setQuery}
            products={products}
            none="Choose a product to add"
            value={picked}
            onChange={(event) => setPicked(event.currentTarget.value)}
            error={error}
          />
        </div>
        <Button variant="secondary" onClick={add} disabled={!picked}>
          Add product
        </Button>
      </div>
      {chosen.length > 0 && (
        <ul aria-label="Chosen products" className="flex flex-wrap gap-2">
          {chosen.map((product) => (
            <li
              key={product.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-brand-900 text-sm"
            >
              {product.name}
              <button
                type="button"
                onClick={() => onChange(chosen.filter((item) => item.id !== product.id))}
                className="rounded-full p-1 hover:bg-brand-100"
              >
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Remove {product.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Creates or edits a discount code; the API's schema checks it, each problem beside its field. */
export function DiscountForm({ discount, cancelTo, onSaved }: Props) {
  const createDiscount = useCreateDiscount();
  const updateDiscount = useUpdateDiscount();
  const categories = useDiscountCategories();
  const form = useForm<DiscountFormValues, unknown, DiscountInput>({
    resolver: discountResolver,
    defaultValues: discountFormValues(discount),
  });
  const field = fieldProps(form, "discount");
  const { errors, isSubmitting } = form.formState;
  useUnsavedChanges(form, discount ? `the code ${discount.code}` : "the new code");
  const [kind, appliesTo, products] = useWatch({ control: form.control, name: ["kind", "appliesTo", "products"] });

  async function save(input: DiscountInput) {
    try {
      const saved = discount
        ? await updateDiscount.mutateAsync({ id: discount.id, input })
        : await createDiscount.mutateAsync(input);
      toast.success(discount ? `Code ${saved.code} saved` : `Code ${saved.code} created`);
      // The saved values are the form's new starting point: nothing is unsaved any more.
      form.reset(discountFormValues(saved));
      onSaved(saved);
    } catch (error) {
      const values = form.getValues();
      const problem = showServerErrors(
        form.setError,
        error,
        (path, message) => {
          const name = discountFieldOf(path, values);
          return [name, fieldProblemInWords(discountFieldLabels[name], message)];
        },
        {},
        { setFocus: form.setFocus },
      );
      toast.error(`${discount ? "Failed to save the code" : "Failed to create the code"}: ${problem.message}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="grid gap-6">
        <FormSection id="discount-code-title" title="Code and value">
          <TextField
            label={discountFieldLabels.code}
            hint="What buyers type: letters, digits, '-' and '_'; kept in capitals."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...field("code")}
          />
          <TextAreaField
            label={discountFieldLabels.description}
            hint="For staff only (optional)."
            rows={2}
            {...field("description")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField label={discountFieldLabels.kind} {...field("kind")}>
              <option value="percent">Percentage</option>
              <option value="fixed">Fixed amount</option>
            </SelectField>
            {kind === "percent" ? (
              <TextField
                label={discountFieldLabels.percent}
                hint="1 to 100, off the eligible goods."
                inputMode="numeric"
                autoComplete="off"
                {...field("percent")}
              />
            ) : (
              <TextField
                label={discountFieldLabels.amount}
                hint="In dollars, at most the eligible goods."
                inputMode="decimal"
                autoComplete="off"
                {...field("amount")}
              />
            )}
          </div>
          <TextField
            label={discountFieldLabels.minimum}
            hint="In dollars, of the eligible goods; empty for none."
            inputMode="decimal"
            autoComplete="off"
            {...field("minimum")}
          />
          <CheckboxField
            label={discountFieldLabels.active}
            hint="Off: buyers cannot use it; orders that did keep it."
            {...field("active")}
          />
        </FormSection>
        <FormSection id="discount-goods-title" title="Eligible goods">
          <SelectField
            label={discountFieldLabels.appliesTo}
            hint="Taken off before tax; shipping is free or not on the goods after it."
            {...field("appliesTo")}
          >
            <option value="everything">Everything in the shop</option>
            <option value="categories">Some categories</option>
            <option value="products">Some products</option>
          </SelectField>
          {appliesTo === "categories" && (
            <CheckboxGroup
              id="discount-categories"
              legend={discountFieldLabels.categoryIds}
              error={errors.categoryIds?.message}
            >
              <CheckboxChoices
                idPrefix="discount-category"
                options={(categories.data ?? []).map((category) => [category.id, category.name])}
                input={form.register("categoryIds")}
              />
            </CheckboxGroup>
          )}
          {appliesTo === "products" && (
            <ProductsChosen
              chosen={products}
              onChange={(next) =>
                form.setValue("products", next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
              }
              error={errors.products?.message}
            />
          )}
        </FormSection>
      </div>
      <div className="grid gap-6">
        <FormSection id="discount-limits-title" title="Dates and limits">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              type="date"
              label={discountFieldLabels.startsOn}
              hint="From the start of this day (UTC); empty: now."
              {...field("startsOn")}
            />
            <TextField
              type="date"
              label={discountFieldLabels.endsOn}
              hint="To the end of this day (UTC); empty: no end."
              {...field("endsOn")}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={discountFieldLabels.usageLimit}
              hint="Orders in all; empty for no limit."
              inputMode="numeric"
              autoComplete="off"
              {...field("usageLimit")}
            />
            <TextField
              label={discountFieldLabels.perBuyerLimit}
              hint="Orders by one buyer; empty for no limit."
              inputMode="numeric"
              autoComplete="off"
              {...field("perBuyerLimit")}
            />
          </div>
          <p className="text-muted text-xs">A cancelled order gives its use back; a refunded one does not.</p>
        </FormSection>
        <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting}>
          {isSubmitting ? "Saving…" : discount ? "Save code" : "Create code"}
        </FormActions>
      </div>
    </form>
  );
}
