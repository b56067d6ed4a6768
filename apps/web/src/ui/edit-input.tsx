import type { JSX } from 'preact';
import { useState } from 'preact/hooks';

type EditInputProps = Omit<JSX.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onInput'> & {
  value: string;
  /** Every edit, as typed; the owner keeps what it can use. */
  onEdit: (text: string) => void;
};

/**
 * An input that shows what the user types for as long as it has the focus, whatever the page
 * draws meanwhile (the live graph redraws it every second), and reports each edit at once.
 */
export function EditInput({ value, onEdit, ...props }: EditInputProps) {
  const [draft, setDraft] = useState<string>();
  return (
    <input
      {...props}
      value={draft ?? value}
      onFocus={() => setDraft(value)}
      onBlur={() => setDraft(undefined)}
      onInput={(event) => {
        setDraft(event.currentTarget.value);
        onEdit(event.currentTarget.value);
      }}
    />
  );
}
