import { createContext, useContext, type ReactNode } from "react";
import type { FieldErrors, FormValues } from "~/forms/fields";

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

function Frame({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
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

export function SelectField({ options, placeholder, ...common }: Common & { options: readonly string[]; placeholder: string }) {
  const { id, error, controlProps } = useField(common);
  return (
    <Frame id={id} label={common.label} hint={common.hint} error={error}>
      <select {...controlProps}>
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
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
