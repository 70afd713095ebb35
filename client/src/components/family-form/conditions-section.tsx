import type { ChangeEvent } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { specialConditionGroups, specialConditionLabels, type SpecialConditionKey } from "@shared/enums.ts";
import { errorProps, Field } from "../field.tsx";
import type { ErrorAt } from "./errors.ts";
import type { FamilyFormValues } from "./form-values.ts";

interface Props {
  form: UseFormReturn<FamilyFormValues>;
  errorAt: ErrorAt;
}

/** The nine special conditions in their groups; each toggle reveals its count (1-20). */
export function ConditionsSection({ form, errorAt }: Props) {
  const conditions = useWatch({ control: form.control, name: "specialConditions" });
  // A hidden count must not hold the form back: it starts at 1 when shown and 0 when hidden.
  const resetCount = (key: SpecialConditionKey, on: boolean) =>
    form.setValue(`specialConditions.${key}Count`, on ? 1 : 0, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {specialConditionGroups.map((group) => (
        <fieldset key={group.title} className="rounded-box border border-base-300 p-4">
          <legend className="px-2 font-semibold">{group.title}</legend>
          <div className="space-y-3">
            {group.keys.map((key) => {
              const countId = `condition-${key}-count`;
              const error = errorAt(`specialConditions.${key}Count`);
              return (
                <div key={key}>
                  <label className="flex cursor-pointer items-center gap-3">
                    <input
                      type="checkbox"
                      className="toggle toggle-primary"
                      {...form.register(`specialConditions.${key}`, {
                        onChange: (event: ChangeEvent<HTMLInputElement>) => resetCount(key, event.target.checked),
                      })}
                    />
                    <span>{specialConditionLabels[key]}</span>
                  </label>
                  {conditions[key] && (
                    <Field htmlFor={countId} label={`Jumlah ${specialConditionLabels[key]}`} error={error} required>
                      <input
                        id={countId}
                        type="number"
                        min={1}
                        max={20}
                        className="input w-28"
                        {...errorProps(countId, error)}
                        {...form.register(`specialConditions.${key}Count`, { valueAsNumber: true })}
                      />
                    </Field>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
