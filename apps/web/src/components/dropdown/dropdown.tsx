import { MESSAGES } from '@greenpod/contracts';
import { Combobox, Input, InputBase, useCombobox } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export interface DropdownItem {
  value: string;
  label: string;
}

export interface DropdownProps {
  items: readonly DropdownItem[];
  value: string | null;
  onChange: (value: string) => void;
  label?: string;
  /** The accessible name when no visible label is shown (a filter in a toolbar). */
  ariaLabel?: string;
  placeholder?: string;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  onBlur?: () => void;
  name?: string;
  /** Above this many items a search box appears (docs/screens.md#dropdown: "more than 4 items"). */
  searchThreshold?: number;
}

/** The shared select: a search box once the list is long, "No Items Found." when empty. */
export function Dropdown({
  items,
  value,
  onChange,
  label,
  ariaLabel,
  placeholder = 'Please select',
  error,
  disabled,
  required,
  onBlur,
  name,
  searchThreshold = 4,
}: DropdownProps) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
      onBlur?.();
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const searchable = items.length > searchThreshold;
  const needle = search.trim().toLowerCase();
  const visible = needle ? items.filter((i) => i.label.toLowerCase().includes(needle)) : items;
  const selected = items.find((i) => i.value === value);
  const shown = selected ? selected.label : placeholder;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(v) => {
        onChange(v);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          component="button"
          type="button"
          name={name}
          pointer
          label={label}
          // The name holds what the button shows ("Location: All Locations"), so speech input can say
          // the visible text (WCAG 2.5.3, axe label-content-name-mismatch).
          aria-label={ariaLabel && `${ariaLabel}: ${shown}`}
          error={error}
          disabled={disabled}
          withAsterisk={required}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          // A long choice is cut with an ellipsis rather than spilling out of the box.
          styles={{ input: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
          onClick={() => combobox.toggleDropdown()}
        >
          {selected ? shown : <Input.Placeholder>{shown}</Input.Placeholder>}
        </InputBase>
      </Combobox.Target>
      <Combobox.Dropdown>
        {searchable && (
          <Combobox.Search
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder="Search"
            aria-label="Search items"
          />
        )}
        {/* Named for screen readers, and focusable: a list that scrolls must be reachable from the keyboard. */}
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }} aria-label={label ?? ariaLabel} tabIndex={0}>
          {visible.length === 0 ? (
            <Combobox.Empty>{MESSAGES.noItems}</Combobox.Empty>
          ) : (
            visible.map((item) => (
              <Combobox.Option key={item.value} value={item.value} active={item.value === value}>
                {item.label}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
