import type { ComplianceRuleInput, ComplianceRuleItem, ComplianceRuleQuery } from "@shop/shared";
import {
  isNumberConditionAttribute,
  isNumberConditionOperator,
  JURISDICTION_LEVELS,
  type JurisdictionLevel,
  REGULATORY_CLASSES,
  RULE_CONDITION_ATTRIBUTES,
  RULE_CONDITION_NUMBER_OPERATORS,
  RULE_CONDITION_TEXT_OPERATORS,
  RULE_EFFECTS,
  RULE_REQUIREMENTS,
  regulatoryClassLabels,
  ruleConditionAttributeWords,
  ruleConditionFigureUnits,
  ruleConditionOperatorWords,
  ruleRequirementLabels,
} from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
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
import { StateOptions } from "../../../components/form/state-options.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { effectLabels } from "../../../components/rule-badges.tsx";
import { RuleSourceSection } from "../../../components/rule-source-section.tsx";
import { rulePath } from "../../../lib/admin-paths.ts";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { useRules } from "../api/get-rules.ts";
import { useCreateRule, useUpdateRule } from "../api/save-rule.ts";
import {
  type RuleFormValues,
  ruleFieldLabels,
  ruleFormValues,
  ruleInForceAlike,
  ruleProblem,
  ruleResolver,
} from "./rule-values.ts";

const levelLabels: Record<JurisdictionLevel, string> = {
  country: "The whole country (US)",
  state: "A state",
  locality: "A county or city",
  zip_set: "A set of ZIP codes",
};
const effectHints = {
  ban: "Not sold or shipped there.",
  restrict: "Sold with the age and requirements below.",
  allow: "Sold there (with any age or requirements below).",
} as const;

/** What a lab figure's number means, by its unit. */
const figureHints = { "%": "A percentage by weight, such as 0.3.", mg: "Milligrams per container, such as 0.4." };

interface Props {
  rule?: ComplianceRuleItem;
  today: string;
  cancelTo: string;
  onSaved: (rule: ComplianceRuleItem) => void;
}

/** Creates or edits a jurisdiction rule; the API's schema checks it, and each problem shows beside its field. */
export function RuleForm({ rule, today, cancelTo, onSaved }: Props) {
  const createRule = useCreateRule();
  const updateRule = useUpdateRule();
  const form = useForm<RuleFormValues, unknown, ComplianceRuleInput>({
    resolver: ruleResolver,
    defaultValues: ruleFormValues(rule, today),
  });
  const field = fieldProps(form, "rule");
  const { errors, isSubmitting } = form.formState;
  useUnsavedChanges(form, rule ? "this rule" : "the new rule");
  const level = form.watch("level");
  const conditionAttribute = form.watch("conditionAttribute");
  // A rule for the same place, class and effect in force today: the form says so before saving.
  const [state, regulatoryClass, effect] = form.watch(["state", "regulatoryClass", "effect"]);
  const alike = useRules({
    ...(level !== "country" && state ? { state: state as ComplianceRuleQuery["state"] } : {}),
    ...(regulatoryClass ? { class: regulatoryClass as ComplianceRuleQuery["class"] } : {}),
    effect: effect as ComplianceRuleQuery["effect"],
  });
  const twin = regulatoryClass ? ruleInForceAlike(form.watch(), alike.data?.items ?? [], today, rule?.id) : undefined;
  // A lab figure (total THC, delta-9 THC, THC per container) is compared with a number; words with words.
  const figure = isNumberConditionAttribute(conditionAttribute);
  const operators = figure ? RULE_CONDITION_NUMBER_OPERATORS : RULE_CONDITION_TEXT_OPERATORS;
  // Switching between words and a lab figure picks a comparison of the new kind, once the
  // comparison's options are those of the new kind.
  useEffect(() => {
    if (isNumberConditionOperator(form.getValues("conditionOperator")) !== figure) {
      form.setValue("conditionOperator", figure ? "is_above" : "is_not");
    }
  }, [figure, form]);

  async function save(input: ComplianceRuleInput) {
    try {
      const saved = rule ? await updateRule.mutateAsync({ id: rule.id, input }) : await createRule.mutateAsync(input);
      toast.success(
        rule
          ? saved.version === rule.version
            ? "Nothing changed: the rule stays at its version."
            : `Rule saved as version ${saved.version}`
          : "Rule created",
      );
      onSaved(saved);
    } catch (error) {
      const values = form.getValues();
      const problem = showServerErrors(
        form.setError,
        error,
        (path, message) => ruleProblem(path, message, values),
        {},
        { setFocus: form.setFocus },
      );
      toast.error(`${rule ? "Failed to save the rule" : "Failed to create the rule"}: ${problem.message}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="grid gap-6">
        <FormSection id="rule-where-title" title="Where and what">
          <SelectField label={ruleFieldLabels.level} {...field("level")}>
            {JURISDICTION_LEVELS.map((option) => (
              <option key={option} value={option}>
                {levelLabels[option]}
              </option>
            ))}
          </SelectField>
          {level !== "country" && (
            <SelectField label={ruleFieldLabels.state} {...field("state")}>
              <StateOptions />
            </SelectField>
          )}
          {level === "locality" && (
            <TextField
              label={ruleFieldLabels.locality}
              hint="As buyers write it in their address (“Jefferson County”, “Denver”)."
              autoComplete="off"
              {...field("locality")}
            />
          )}
          {level === "zip_set" && (
            <>
              <TextField
                label={ruleFieldLabels.zipSetName}
                hint="What the set stands for (“Town of Sarasota”)."
                autoComplete="off"
                {...field("zipSetName")}
              />
              <TextAreaField
                label={ruleFieldLabels.zips}
                hint="5-digit ZIP codes, separated by spaces, commas or lines."
                rows={3}
                inputMode="numeric"
                spellCheck={false}
                {...field("zips")}
              />
            </>
          )}
          <SelectField label={ruleFieldLabels.regulatoryClass} {...field("regulatoryClass")}>
            <option value="">Choose a class</option>
            {REGULATORY_CLASSES.map((code) => (
              <option key={code} value={code}>
                {regulatoryClassLabels[code]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={ruleFieldLabels.effect}
            hint={effectHints[form.watch("effect") as keyof typeof effectHints]}
            {...field("effect")}
          >
            {RULE_EFFECTS.map((effect) => (
              <option key={effect} value={effect}>
                {effectLabels[effect]}
              </option>
            ))}
          </SelectField>
          {form.watch("effect") === "ban" && (
            <CheckboxField
              label={ruleFieldLabels.exceptLicensed}
              hint="A wholesale order from a business with a valid licence for the state is not stopped by this ban (Maine, Nebraska)."
              {...field("exceptLicensed")}
            />
          )}
          <div className="grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-start">
            <SelectField
              label={ruleFieldLabels.conditionAttribute}
              hint="Only products that pass it. Lab figures come from the latest COA; a product without one passes."
              {...field("conditionAttribute")}
            >
              <option value="">No condition</option>
              {RULE_CONDITION_ATTRIBUTES.map((attribute) => (
                <option key={attribute} value={attribute}>
                  {ruleConditionAttributeWords[attribute].charAt(0).toUpperCase() +
                    ruleConditionAttributeWords[attribute].slice(1)}
                </option>
              ))}
            </SelectField>
            {conditionAttribute && (
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField label={ruleFieldLabels.conditionOperator} {...field("conditionOperator")}>
                  {operators.map((operator) => (
                    <option key={operator} value={operator}>
                      {ruleConditionOperatorWords[operator]}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={ruleFieldLabels.conditionValue}
                  autoComplete="off"
                  {...(figure
                    ? { hint: figureHints[ruleConditionFigureUnits[conditionAttribute]], inputMode: "decimal" as const }
                    : {})}
                  {...field("conditionValue")}
                />
              </div>
            )}
          </div>
        </FormSection>

        <FormSection id="rule-sale-title" title="Age and shipping">
          <TextField
            label={ruleFieldLabels.minAge}
            hint="Years; empty when the rule sets none. The highest that applies wins."
            inputMode="numeric"
            autoComplete="off"
            {...field("minAge")}
          />
          <CheckboxGroup
            id="rule-requirements"
            legend={ruleFieldLabels.requirements}
            error={errors.requirements?.message}
          >
            <CheckboxChoices
              idPrefix="rule-requirement"
              options={RULE_REQUIREMENTS.map((requirement) => [requirement, ruleRequirementLabels[requirement]])}
              input={form.register("requirements")}
            />
          </CheckboxGroup>
          <TextAreaField
            label={ruleFieldLabels.statement}
            hint="Printed on the packing slip of orders it applies to (optional)."
            rows={3}
            {...field("statement")}
          />
        </FormSection>
      </div>

      <div className="grid gap-6">
        <RuleSourceSection
          id="rule-dates-title"
          noun="rule"
          sourceHint="The law, regulation or agency page the rule comes from."
          labels={ruleFieldLabels}
          field={field}
        />
        {twin && (
          <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 text-sm">
            A rule for the same place, class and effect is already in force:{" "}
            <Link to={rulePath(twin.id)} className="font-medium underline underline-offset-2">
              version {twin.version}, from {formatDate(twin.effectiveFrom, "calendar")}
            </Link>
            . Saving this one adds a second rule beside it.
          </p>
        )}
        <FormActions error={errors.root?.message} cancelTo={cancelTo} submitting={isSubmitting}>
          {isSubmitting ? "Saving…" : `${rule ? "Save rule" : "Create rule"}${twin ? " anyway" : ""}`}
        </FormActions>
      </div>
    </form>
  );
}
