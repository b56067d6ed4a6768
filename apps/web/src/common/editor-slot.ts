import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * Which document a list page's form edits: none (`undefined`), a new one (`null`) or one of the
 * list; when the form closes, its controls leave the page, so the keyboard focus goes back to the
 * page's **New** button (`newButton`), where forms open.
 */
export function useEditorSlot<T>() {
  const [editing, setEditing] = useState<T | null>();
  const [closed, setClosed] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (closed) newButton.current?.focus();
  }, [closed]);
  const edit = (value: T | null) => {
    setClosed(false);
    setEditing(value);
  };
  const close = () => {
    setEditing(undefined);
    setClosed(true);
  };
  return { editing, newButton, edit, close };
}
