import {
  memo,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { DiscoveredLink } from 'shared-sdk/schemas';
import { Alert, Button, Muted, Spinner, Stack, VisuallyHidden } from 'shared-ui';
import { DataTable, RowCheckbox, TextField } from 'shared-ui/controls';
import { filterLinks, indexLinks } from '../utils/link-filter';
import { tickLinks, tickedLinks, toggleLink, untickLinks } from '../utils/link-selection';

/**
 * Rows drawn at a time. A site may give 2,000 links; drawing them all would make every tick
 * slow. The filter finds any of them, and "Show more" draws the next ones.
 */
export const linksPerBatch = 200;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px 16px;
  > :first-child {
    flex: 1 1 260px;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Title = styled.label`
  display: block;
  font-weight: 600;
  overflow-wrap: anywhere;
  cursor: pointer;
`;

const Address = styled.td`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
  overflow-wrap: anywhere;
`;

const Count = styled.p`
  margin: 0;
  font-weight: 600;
`;

// Rows only re-render when their own tick changes.
const LinkRow = memo(function LinkRow({
  id,
  link,
  ticked,
  onToggle,
}: {
  id: string;
  link: DiscoveredLink;
  ticked: boolean;
  onToggle: (url: string) => void;
}) {
  const { t } = useTranslation('websites');
  const title = link.title || link.url;
  return (
    <tr>
      <td>
        <RowCheckbox
          id={id}
          aria-label={t('picker.choose', { title, url: link.url })}
          checked={ticked}
          onChange={() => onToggle(link.url)}
        />
      </td>
      <th scope="row">
        <Title htmlFor={id}>{title}</Title>
      </th>
      <Address>{link.url}</Address>
    </tr>
  );
});

/** Up and down move between the rows' checkboxes, so the list need not be tabbed through. */
function moveBetweenRows(event: KeyboardEvent<HTMLTableSectionElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const row = event.target instanceof HTMLInputElement ? event.target.closest('tr') : null;
  const next = event.key === 'ArrowDown' ? row?.nextElementSibling : row?.previousElementSibling;
  const checkbox = next?.querySelector('input');
  if (!checkbox) return;
  event.preventDefault();
  checkbox.focus();
}

/**
 * The links a search found, each ticked to start with, to choose which the bot may answer
 * from. The filter narrows the list by title or address and keeps what is ticked; "Select
 * all" and "Select none" act on the links it shows.
 */
export function LinkPicker({
  links,
  unticked,
  onUntickedChange,
  limit,
  caption,
  saveLabel,
  saving,
  onSave,
}: {
  links: readonly DiscoveredLink[];
  unticked: readonly string[];
  onUntickedChange: (change: (unticked: string[]) => string[]) => void;
  /** The most links that may be saved. */
  limit: number;
  caption: string;
  saveLabel: string;
  saving: boolean;
  onSave: (urls: string[]) => void;
}) {
  const { t } = useTranslation('websites');
  const idPrefix = useId();
  const [filter, setFilter] = useState('');
  // Typing stays quick while a long list is filtered behind it.
  const query = useDeferredValue(filter);
  const [shown, setShown] = useState({ query: '', count: linksPerBatch });
  const indexed = useMemo(() => indexLinks(links), [links]);
  const matching = useMemo(() => filterLinks(indexed, query), [indexed, query]);
  const untickedSet = useMemo(() => new Set(unticked), [unticked]);
  const chosen = useMemo(() => tickedLinks(links, untickedSet), [links, untickedSet]);
  const toggle = useCallback(
    (url: string) => onUntickedChange((current) => toggleLink(current, url)),
    [onUntickedChange],
  );

  // A new filter starts again from its first rows.
  const shownCount = shown.query === query ? shown.count : linksPerBatch;
  const filtered = query.trim() !== '';
  const over = chosen.length - limit;

  return (
    <Stack $gap={4}>
      <Toolbar>
        <TextField
          label={t('picker.filter')}
          hint={t('picker.filterHint')}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <Buttons>
          <Button
            type="button"
            $variant="secondary"
            disabled={matching.length === 0}
            onClick={() => onUntickedChange((current) => tickLinks(current, matching))}
          >
            {filtered
              ? t('picker.selectMatching', { count: matching.length })
              : t('picker.selectAll')}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            disabled={matching.length === 0}
            onClick={() => onUntickedChange((current) => untickLinks(current, matching))}
          >
            {filtered
              ? t('picker.unselectMatching', { count: matching.length })
              : t('picker.selectNone')}
          </Button>
        </Buttons>
      </Toolbar>
      <Count role="status">
        {t('picker.count', { selected: chosen.length, count: links.length })}
        {filtered ? ` ${t('picker.matching', { count: matching.length })}` : null}
      </Count>
      {matching.length === 0 ? (
        <Muted>{t('picker.noMatch', { filter: query })}</Muted>
      ) : (
        <DataTable caption={caption} minWidth={560} align="top">
          <thead>
            <tr>
              <td>
                <VisuallyHidden>{t('picker.chosen')}</VisuallyHidden>
              </td>
              <th scope="col">{t('picker.title')}</th>
              <th scope="col">{t('picker.address')}</th>
            </tr>
          </thead>
          <tbody onKeyDown={moveBetweenRows}>
            {matching.slice(0, shownCount).map((link, index) => (
              <LinkRow
                key={link.url}
                id={`${idPrefix}-${index}`}
                link={link}
                ticked={!untickedSet.has(link.url)}
                onToggle={toggle}
              />
            ))}
          </tbody>
        </DataTable>
      )}
      {matching.length > shownCount ? (
        <div>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => setShown({ query, count: shownCount + linksPerBatch })}
          >
            {t('picker.showMore', {
              count: Math.min(linksPerBatch, matching.length - shownCount),
              left: matching.length - shownCount,
            })}
          </Button>
        </div>
      ) : null}
      {over > 0 ? <Alert tone="error">{t('picker.tooMany', { max: limit, over })}</Alert> : null}
      <div>
        <Button
          type="button"
          disabled={chosen.length === 0 || over > 0 || saving}
          onClick={() => onSave(chosen)}
        >
          {saving ? <Spinner /> : null}
          {saving ? t('picker.saving') : saveLabel}
        </Button>
      </div>
    </Stack>
  );
}
