import { inputStyles } from '~/components/button-styles';
import { fieldHintStyles, fieldLabelStyles } from '~/features/agents/components/agent-editor/field-styles';

interface NumberFieldProps {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  hint?: string;
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
}

/** A number input where empty means "not set" (the runtime's default applies). */
export function NumberField({ label, value, onChange, hint, min, max, step = 1, placeholder = 'default' }: NumberFieldProps) {
  return (
    <label className={fieldLabelStyles}>
      {label}
      <input
        type="number"
        value={value ?? ''}
        min={min}
        max={max}
        step={step}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        className={`${inputStyles} mt-1 tabular-nums`}
      />
      {hint ? <span className={fieldHintStyles}>{hint}</span> : null}
    </label>
  );
}
