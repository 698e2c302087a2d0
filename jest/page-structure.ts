import { screen } from '@testing-library/react';

/** The page has exactly one h1, its first heading, and no heading skips a level below it. */
export function expectOneH1WithHeadingsInOrder(container: HTMLElement) {
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) =>
    Number(heading.tagName[1]),
  );
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
  });
}

/** Every input, select and textarea has an accessible name. */
export function expectLabelledControls(container: HTMLElement) {
  for (const control of container.querySelectorAll('input, select, textarea')) {
    expect(control).toHaveAccessibleName();
  }
}

/** Where the page's links go, in document order. */
export const linkHrefs = (container: HTMLElement): string[] =>
  Array.from(container.querySelectorAll('a[href]')).map((link) => link.getAttribute('href') ?? '');
