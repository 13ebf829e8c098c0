import { createContext, useContext, type ReactNode } from "react";
import type { FieldErrors, FormValues } from "~/input/fields";

interface FieldState {
  /** Makes ids unique when two forms with the same field names share a page. */
  idPrefix: string;
  values: FormValues;
  errors: FieldErrors;
  /** "native": the browser insists (spec: booking, contact); "announced": our own check does (spec: quote). */
  requiredBy: "native" | "announced";
}

const FieldContext = createContext<FieldState>({ idPrefix: "form", values: {}, errors: {}, requiredBy: "native" });

export function FieldProvider({ children, ...state }: FieldState & { children: ReactNode }) {
  return <FieldContext.Provider value={state}>{children}</FieldContext.Provider>;
}

interface Common {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
}

function useField({ name, required = true, hint }: Common) {
  const { idPrefix, values, errors, requiredBy } = useContext(FieldContext);
  const id = `${idPrefix}-${name}`;
  const error = errors[name];
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return {
    id,
    error,
    controlProps: {
      id,
      name,
      defaultValue: values[name] ?? "",
      required: required && requiredBy === "native",
      "aria-required": required && requiredBy === "announced" ? true : undefined,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy,
    },
  };
}

/** A field's hint and error, named by its `aria-describedby`. */
function Notes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function Frame({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

type InputProps = Common & {
  type?: "text" | "email" | "tel" | "date" | "time";
  autoComplete?: string;
  maxLength?: number;
  min?: string;
  max?: string;
  /** The id of a `<datalist>` of suggestions. */
  list?: string;
};

export function TextField({ type = "text", autoComplete, maxLength, min, max, list, ...common }: InputProps) {
  const { id, error, controlProps } = useField(common);
  return (
    <Frame id={id} label={common.label} hint={common.hint} error={error}>
      <input {...controlProps} type={type} autoComplete={autoComplete} maxLength={maxLength} min={min} max={max} list={list} />
    </Frame>
  );
}

export function TextArea({ maxLength, placeholder, rows = 5, ...common }: Common & { maxLength: number; placeholder?: string; rows?: number }) {
  const { id, error, controlProps } = useField(common);
  return (
    <Frame id={id} label={common.label} hint={common.hint} error={error}>
      <textarea {...controlProps} maxLength={maxLength} placeholder={placeholder} rows={rows} />
    </Frame>
  );
}

/** A checkbox, ticked again when a refused post sent it ticked ("on" from a form, "true" from JSON). */
export function CheckField({ disabled, ...common }: Omit<Common, "required"> & { disabled?: boolean }) {
  const { id, error, controlProps } = useField({ ...common, required: false });
  const { defaultValue, required: _required, "aria-required": _announced, ...props } = controlProps;
  return (
    <div className="form-field form-check">
      <input {...props} type="checkbox" defaultChecked={defaultValue === "on" || defaultValue === "true"} disabled={disabled} />
      <label htmlFor={id}>{common.label}</label>
      <Notes id={id} hint={common.hint} error={error} />
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** Lines that say more about the option (what a way to pay pays when), listed under it and read with it. */
  details?: readonly string[];
}

/** One choice among a few, as radio buttons in a fieldset; `fallback` is chosen until the visitor or a refused post says otherwise. */
export function RadioGroup({ options, fallback, ...common }: Omit<Common, "required"> & { options: readonly RadioOption[]; fallback: string }) {
  const { id, error, controlProps } = useField({ ...common, required: false });
  const chosen = controlProps.defaultValue || fallback;
  return (
    <fieldset className="form-field choice-group" aria-describedby={controlProps["aria-describedby"]}>
      <legend>{common.label}</legend>
      {options.map((option) => {
        const optionId = `${id}-${option.value || "none"}`;
        return (
          <div className="form-check" key={option.value}>
            <input
              id={optionId}
              type="radio"
              name={common.name}
              value={option.value}
              defaultChecked={chosen === option.value}
              disabled={option.disabled}
              aria-describedby={option.details ? `${optionId}-details` : undefined}
            />
            <label htmlFor={optionId}>{option.label}</label>
            {option.details ? (
              <ul id={`${optionId}-details`} className="choice-details">
                {option.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
      <Notes id={id} hint={common.hint} error={error} />
    </fieldset>
  );
}

/** A choice among options; those `unavailable` (a booth booked out on the date) say so and cannot be chosen. */
export function SelectField({ options, placeholder, unavailable = [], ...common }: Common & { options: readonly string[]; placeholder: string; unavailable?: readonly string[] }) {
  const { id, error, controlProps } = useField(common);
  return (
    <Frame id={id} label={common.label} hint={common.hint} error={error}>
      <select {...controlProps}>
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option} disabled={unavailable.includes(option)}>
            {unavailable.includes(option) ? `${option} (booked out)` : option}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A file picker; what the browser offers is only a hint: the server reads what the file is. */
export function FileField({ accept, ...common }: Common & { accept: string }) {
  const { id, error, controlProps } = useField(common);
  const { defaultValue: _none, ...props } = controlProps;
  return (
    <Frame id={id} label={common.label} hint={common.hint} error={error}>
      <input {...props} type="file" accept={accept} />
    </Frame>
  );
}
