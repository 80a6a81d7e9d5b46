import type { ResourceItem } from '@cohort/api';
import { useCombobox } from 'downshift';
import { useMemo, useState } from 'react';
import { filterItems } from './picker-rules.ts';
import * as s from './SearchSelect.css.ts';

/** One searchable dropdown of the picker: placeholder 'Search ', 'Nothing found.' when the filter matches nothing. */
export function SearchSelect({
  label,
  items,
  selected,
  onChange,
}: {
  label: string;
  items: readonly ResourceItem[];
  selected: ResourceItem | null;
  onChange: (item: ResourceItem | null) => void;
}) {
  const [query, setQuery] = useState(selected?.name ?? '');
  // Showing the chosen name in the box must not hide the other options when the list is reopened.
  const shown = useMemo(
    () => (selected && query === selected.name ? [...items] : filterItems(items, query)),
    [items, query, selected],
  );

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox<ResourceItem>({
      items: shown,
      selectedItem: selected,
      inputValue: query,
      itemToString: (item) => item?.name ?? '',
      itemToKey: (item) => item?.id,
      onInputValueChange: ({ inputValue }) => setQuery(inputValue ?? ''),
      onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem ?? null),
    });

  return (
    <div className={s.root}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: downshift's label props point htmlFor at the input. */}
      <label className={s.label} {...getLabelProps()}>
        {label}
      </label>
      <div className={s.control}>
        <input className={s.input} placeholder="Search " {...getInputProps()} />
        {selected ? (
          <button
            type="button"
            className={s.iconButton}
            aria-label={`Clear ${label}`}
            onClick={() => {
              onChange(null);
              setQuery('');
            }}
          >
            ×
          </button>
        ) : (
          <button
            type="button"
            className={s.iconButton}
            aria-label={`Show ${label} options`}
            {...getToggleButtonProps()}
          >
            ▾
          </button>
        )}
      </div>
      <ul className={s.menu} {...getMenuProps()}>
        {isOpen &&
          shown.map((item, index) => (
            <li
              key={item.id}
              className={[s.option, highlightedIndex === index && s.highlighted, selected?.id === item.id && s.chosen]
                .filter(Boolean)
                .join(' ')}
              {...getItemProps({ item, index })}
            >
              {item.name}
            </li>
          ))}
      </ul>
      {isOpen && shown.length === 0 && (
        <p className={s.empty} role="status">
          Nothing found.
        </p>
      )}
    </div>
  );
}
