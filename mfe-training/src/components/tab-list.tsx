import type { KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
const panelId = (idPrefix: string, id: string) => `${idPrefix}-panel-${id}`;

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
`;

const Tab = styled.button`
  min-height: 44px;
  padding: 0 16px;
  margin-bottom: -1px;
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textSecondary};
  background: transparent;
  border: 0;
  border-bottom: 3px solid transparent;
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.textPrimary};
    border-bottom-color: ${({ theme }) => theme.colors.primaryBlue};
  }
  &:hover {
    color: ${({ theme }) => theme.colors.textPrimary};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -3px;
  }
`;

const Panel = styled.div`
  min-width: 0;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 4px;
  }
`;

/** The key that moves to another tab, and which one (WAI-ARIA tabs, horizontal). */
function tabAfterKey<T extends string>(tabs: readonly TabItem<T>[], current: T, key: string) {
  const index = tabs.findIndex((tab) => tab.id === current);
  const last = tabs.length - 1;
  const next =
    key === 'ArrowRight'
      ? index === last
        ? 0
        : index + 1
      : key === 'ArrowLeft'
        ? index === 0
          ? last
          : index - 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : undefined;
  return next === undefined ? undefined : tabs[next]?.id;
}

/**
 * A WAI-ARIA tab list with automatic activation: the arrow keys (and Home, End) select the
 * next tab at once, and only the selected tab is a Tab stop. The owner decides what selecting
 * does (here: a new URL), so the list holds no state of its own.
 */
export function TabList<T extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  focusSelected = false,
}: {
  label: string;
  /** Prefix of the tabs' and panels' ids, unique on the page. */
  idPrefix: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (tab: T) => void;
  /** The selected tab takes focus when it mounts (the tab that had it was replaced). */
  focusSelected?: boolean;
}) {
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = tabAfterKey(tabs, selected, event.key);
    if (next === undefined) return;
    event.preventDefault();
    if (next !== selected) onSelect(next);
  }

  return (
    <List role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <Tab
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={isSelected}
            // Only the selected tab's panel is in the page; the others are made when chosen.
            aria-controls={isSelected ? panelId(idPrefix, tab.id) : undefined}
            tabIndex={isSelected ? 0 : -1}
            autoFocus={isSelected && focusSelected}
            onClick={() => {
              if (!isSelected) onSelect(tab.id);
            }}
          >
            {tab.label}
          </Tab>
        );
      })}
    </List>
  );
}

/** The selected tab's panel; focusable so keyboard users reach a panel that opens with text. */
export function TabPanel({
  idPrefix,
  tab,
  children,
}: {
  idPrefix: string;
  tab: string;
  children: ReactNode;
}) {
  return (
    <Panel
      role="tabpanel"
      id={panelId(idPrefix, tab)}
      aria-labelledby={tabId(idPrefix, tab)}
      tabIndex={0}
    >
      {children}
    </Panel>
  );
}
