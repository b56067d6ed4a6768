import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { TemperatureUnit } from '@eventcast/block-model';
import { buildTree, visibleRows, type TreeRow } from './field-tree';
import { groupUnitVariants } from './unit-variants';
import { FIELDS_SHOWN, useFields } from './use-fields';

const ROW_HEIGHT = 28;
const OVERSCAN = 8;

interface FieldPickerProps {
  chosen: ReadonlySet<string>;
  /** A temperature field stored in both units is one field, named in this unit. */
  userUnit: TemperatureUnit;
  onToggle: (field: string) => void;
}

/**
 * Search and a tree of the fields by `/` segment. Only the rows in view are in the DOM, so 50,000
 * fields scroll as smoothly as fifty; one row at a time takes the keyboard focus (arrow keys,
 * Home/End, Right/Left to open and close, Enter or Space to put a field on the graph or take it off).
 */
export function FieldPicker({ chosen, userUnit, onToggle }: FieldPickerProps) {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(360);
  const tree = useRef<HTMLDivElement>(null);
  const focusActive = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setApplied(search), 120);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    setToggled(new Set());
    setActive(0);
  }, [applied]);

  const { fields: stored, more, loading, error } = useFields(applied);
  const fields = useMemo(() => groupUnitVariants(stored, userUnit), [stored, userUnit]);
  const roots = useMemo(() => buildTree(fields), [fields]);
  // Without a search, branches start closed and open when toggled; with one, they start open.
  const rows = useMemo(
    () => visibleRows(roots, (path) => (applied.trim() === '') === toggled.has(path)),
    [roots, applied, toggled],
  );

  useEffect(() => {
    const element = tree.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!focusActive.current) return;
    const row = tree.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    if (!row) return;
    focusActive.current = false;
    row.focus();
  });

  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));
  const toggleBranch = (path: string) => {
    const next = new Set(toggled);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    setToggled(next);
  };
  const activate = (row: TreeRow) => {
    if (row.node.field !== undefined && row.node.children.length === 0) onToggle(row.node.field);
    else toggleBranch(row.node.path);
  };
  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setActive(target);
    focusActive.current = true;
    const element = tree.current;
    if (!element) return;
    const top = target * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    }
    // Render the target row now, not after the scroll event, so it can take the focus at once.
    setScrollTop(element.scrollTop);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const focused = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const active = focused ? Number(focused.dataset['index']) : activeIndex;
    const row = rows[active];
    if (!row) return;
    const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      PageDown: () => moveTo(active + page),
      PageUp: () => moveTo(active - page),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      Enter: () => activate(row),
      ' ': () => activate(row),
      ArrowRight: () => {
        if (row.node.children.length === 0) return;
        if (row.expanded) moveTo(active + 1);
        else toggleBranch(row.node.path);
      },
      ArrowLeft: () => {
        if (row.expanded) return toggleBranch(row.node.path);
        for (let i = active - 1; i >= 0; i--) {
          if (rows[i].level < row.level) return moveTo(i);
        }
      },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);

  return (
    <section class="panel picker" aria-labelledby="picker-title">
      <h2 id="picker-title">Fields</h2>
      <input
        type="search"
        aria-label="Search fields"
        placeholder="Search fields"
        value={search}
        onInput={(event) => setSearch(event.currentTarget.value)}
      />
      <p class="hint" aria-live="polite">
        {error
          ? `Could not list the fields: ${error}`
          : loading
            ? 'Loading fields…'
            : more
              ? `More than ${FIELDS_SHOWN.toLocaleString('en')} fields match; the first are listed. Type more of a name.`
              : fieldCount(fields.length)}
      </p>
      <div
        ref={tree}
        role="tree"
        aria-label="Fields"
        aria-multiselectable="true"
        class="tree"
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
      >
        <div style={{ height: `${rows.length * ROW_HEIGHT}px`, position: 'relative' }}>
          {rows.slice(first, last).map((row, offset) => {
            const index = first + offset;
            const leaf = row.node.children.length === 0 && row.node.field !== undefined;
            const field = row.node.field as string;
            return (
              <div
                key={row.node.path}
                role="treeitem"
                data-index={index}
                tabIndex={index === activeIndex ? 0 : -1}
                aria-level={row.level}
                aria-setsize={row.setSize}
                aria-posinset={row.positionInSet}
                aria-expanded={leaf ? undefined : row.expanded}
                aria-selected={leaf ? chosen.has(field) : undefined}
                aria-label={leaf ? field : undefined}
                title={leaf ? field : row.node.path}
                class={`row${leaf && chosen.has(field) ? ' chosen' : ''}`}
                style={{ top: `${index * ROW_HEIGHT}px`, paddingLeft: `${row.level * 14}px` }}
                onFocus={() => setActive(index)}
                onClick={() => {
                  setActive(index);
                  activate(row);
                }}
              >
                <span aria-hidden="true" class="twisty">
                  {leaf ? '' : row.expanded ? '▾' : '▸'}
                </span>
                {row.node.segment || '(empty)'}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

function fieldCount(count: number): string {
  return count === 1 ? '1 field' : `${count.toLocaleString('en')} fields`;
}
