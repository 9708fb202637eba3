import type { TaxRuleInput, TaxRuleItem } from "@shop/shared";
import {
  ML_ROUNDINGS,
  mlRoundingLabels,
  REGULATORY_CLASSES,
  regulatoryClassLabels,
  TAX_BASES,
  TAX_WHOLESALE_PROVISIONS,
  taxBasisLabels,
  taxWholesaleProvisionLabels,
} from "@shop/shared/constants";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { CheckboxField, fieldProps, SelectField, TextAreaField, TextField } from "../../../components/form/field.tsx";
import { FormActions } from "../../../components/form/form-actions.tsx";
import { FormSection } from "../../../components/form/form-section.tsx";
import { StateOptions } from "../../../components/form/state-options.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { RuleSourceSection } from "../../../components/rule-source-section.tsx";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { useCreateTaxRule, useUpdateTaxRule } from "../api/save-tax-rule.ts";
import {
  type TaxLevel,
  type TaxRuleFormValues,
  taxFieldLabels,
  taxRuleFormValues,
  taxRuleProblem,
  taxRuleResolver,
} from "./tax-rule-values.ts";

const levelLabels: Record<TaxLevel, string> = {
  state: "A state",
  locality: "A county or city",
  zip_set: "A set of ZIP codes",
};
const nicotineLabels = { any: "Any", nicotine: "With nicotine", nicotine_free: "Nicotine-free only" };
const systemLabels = { any: "Any", prefilled: "Prefilled (closed system)", open: "Open system" };
const liquidLabels = { any: "Any", with_liquid: "Holding liquid", without_liquid: "Without liquid (devices)" };

/** What the rate means, by the basis. */
const rateHints = {
  per_ml: "Dollars per millilitre, such as 0.10 or 0.075.",
  per_unit: "Dollars per unit sold, such as 0.50.",
  retail_percent: "A percentage of the retail price, such as 12.5.",
  wholesale_percent: "A percentage of the wholesale cost, such as 40.",
} as const;

const choices = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));

interface Props {
  rule?: TaxRuleItem;
  today: string;
  cancelTo: string;
  onSaved: (rule: TaxRuleItem) => void;
}

/** Creates or edits an excise-tax rule; the API's schema checks it, and each problem shows beside its field. */
export function TaxRuleForm({ rule, today, cancelTo, onSaved }: Props) {
  const createRule = useCreateTaxRule();
  const updateRule = useUpdateTaxRule();
  const form = useForm<TaxRuleFormValues, unknown, TaxRuleInput>({
    resolver: taxRuleResolver,
    defaultValues: taxRuleFormValues(rule, today),
  });
  const field = fieldProps(form, "tax");
  const { errors, isSubmitting } = form.formState;
  useUnsavedChanges(form, rule ? "this tax rule" : "the new tax rule");
  const [level, basis] = form.watch(["level", "basis"]);

  async function save(input: TaxRuleInput) {
    try {
      const saved = rule ? await updateRule.mutateAsync({ id: rule.id, input }) : await createRule.mutateAsync(input);
      toast.success(
        rule
          ? saved.version === rule.version
            ? "Nothing changed: the tax rule stays at its version."
            : `Tax rule saved as version ${saved.version}`
          : "Tax rule created",
      );
      onSaved(saved);
    } catch (error) {
      const values = form.getValues();
      const problem = showServerErrors(
        form.setError,
        error,
        (path, message) => taxRuleProblem(path, message, values),
        {},
        { setFocus: form.setFocus },
      );
      toast.error(`${rule ? "Failed to save the tax rule" : "Failed to create the tax rule"}: ${problem.message}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="grid gap-6">
        <FormSection id="tax-where-title" title="Where and what">
          <TextField
            label={taxFieldLabels.name}
            hint="What the buyer reads beside the amount (“Ohio vapor products tax”)."
            autoComplete="off"
            {...field("name")}
          />
          <SelectField label={taxFieldLabels.level} {...field("level")}>
            {choices(levelLabels)}
          </SelectField>
          <SelectField label={taxFieldLabels.state} {...field("state")}>
            <StateOptions />
          </SelectField>
          {level === "locality" && (
            <TextField
              label={taxFieldLabels.locality}
              hint="As buyers write it in their address (“Cook County”, “Boulder”)."
              autoComplete="off"
              {...field("locality")}
            />
          )}
          {level === "zip_set" && (
            <>
              <TextField
                label={taxFieldLabels.zipSetName}
                hint="What the set stands for (“City of Chicago”)."
                autoComplete="off"
                {...field("zipSetName")}
              />
              <TextAreaField
                label={taxFieldLabels.zips}
                hint="5-digit ZIP codes, separated by spaces, commas or lines."
                rows={3}
                inputMode="numeric"
                spellCheck={false}
                {...field("zips")}
              />
            </>
          )}
          <SelectField label={taxFieldLabels.regulatoryClass} {...field("regulatoryClass")}>
            {REGULATORY_CLASSES.map((code) => (
              <option key={code} value={code}>
                {regulatoryClassLabels[code]}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-5 sm:grid-cols-3 lg:grid-cols-1 2xl:grid-cols-3">
            <SelectField label={taxFieldLabels.nicotine} {...field("nicotine")}>
              {choices(nicotineLabels)}
            </SelectField>
            <SelectField label={taxFieldLabels.system} {...field("system")}>
              {choices(systemLabels)}
            </SelectField>
            <SelectField label={taxFieldLabels.liquid} {...field("liquid")}>
              {choices(liquidLabels)}
            </SelectField>
          </div>
        </FormSection>

        <FormSection id="tax-rate-title" title="Basis and rate">
          <SelectField label={taxFieldLabels.basis} {...field("basis")}>
            {TAX_BASES.map((option) => (
              <option key={option} value={option}>
                {taxBasisLabels[option]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={taxFieldLabels.rate}
            hint={rateHints[basis]}
            inputMode="decimal"
            autoComplete="off"
            {...field("rate")}
          />
          {basis === "per_ml" && (
            <SelectField
              label={taxFieldLabels.mlRounding}
              hint="How a container's part of a millilitre counts, as the law says."
              {...field("mlRounding")}
            >
              <option value="">Choose how</option>
              {ML_ROUNDINGS.map((option) => (
                <option key={option} value={option}>
                  {mlRoundingLabels[option]}
                </option>
              ))}
            </SelectField>
          )}
          {basis === "retail_percent" && (
            <CheckboxField
              label={taxFieldLabels.afterDiscount}
              hint="Unticked: of the price before the order's discount."
              {...field("afterDiscount")}
            />
          )}
          <CheckboxField
            label={taxFieldLabels.salesTaxOnTop}
            hint="Where the state charges sales tax on the excise as well."
            {...field("salesTaxOnTop")}
          />
          <SelectField
            label={taxFieldLabels.wholesale}
            hint="A wholesale order to a licensed retailer owes only the taxes charged on it."
            {...field("wholesale")}
          >
            {TAX_WHOLESALE_PROVISIONS.map((option) => (
              <option key={option} value={option}>
                {taxWholesaleProvisionLabels[option]}
              </option>
            ))}
          </SelectField>
        </FormSection>
      </div>

      <div className="grid gap-6">
        <RuleSourceSection
          id="tax-dates-title"
          noun="tax"
          sourceHint="The law, regulation or tax agency page the rate comes from."
          labels={taxFieldLabels}
          field={field}
        />
        <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting}>
          {isSubmitting ? "Saving…" : rule ? "Save tax rule" : "Create tax rule"}
        </FormActions>
      </div>
    </form>
  );
}
