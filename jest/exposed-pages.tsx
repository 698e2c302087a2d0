import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { renderPage, type RenderPageOptions } from './render-page';
import {
  expectLabelledControls,
  expectOneH1WithHeadingsInOrder,
  linkHrefs,
} from './page-structure';

export interface ExposedPage extends RenderPageOptions {
  /** The document title the page sets, before " · Parley". */
  title: string | RegExp;
}

export interface ExposedPagesOptions {
  /** The remote's exposes.json. */
  exposes: Record<string, string>;
  /** Each exposed page (by its exposes.json key), where the shell mounts it. */
  pages: Record<string, ExposedPage>;
  /** Loads an exposed module by its path under src/exposes/ (imports resolve from the caller). */
  load: (file: string) => Promise<{ default: ComponentType }>;
  /** Fakes the API (and the live server, the session) the pages read. */
  arrange: () => void | Promise<void>;
  /** Whether a link the page renders may be there. */
  mayLinkTo: (href: string, container: HTMLElement) => boolean;
  /** Landmarks the shell's layout owns, which a page must not render. */
  layoutLandmarks?: string;
  /** What to open before the form and link checks (a form behind a button, say). */
  reveal?: (user: UserEvent) => Promise<void>;
}

async function mount(options: ExposedPagesOptions, name: string) {
  await options.arrange();
  const file = options.exposes[name] ?? '';
  const { default: Page } = await options.load(file.replace('./src/exposes/', ''));
  const view = renderPage(<Page />, options.pages[name]!);
  // Pages are ready when their loading states are gone. A page of several live reads (chat
  // takeover's split view) takes more than waitFor's default second on a busy machine.
  await waitFor(() => expect(screen.queryByText(/^Loading/)).not.toBeInTheDocument(), {
    timeout: 5_000,
  });
  return view;
}

/**
 * The checks every remote's exposed pages pass (product-spec.md §2, §9): the remote exposes exactly its
 * pages; each mounts on its route with one h1, headings in order and a page title, leaves the
 * layout's landmarks to the shell, labels every form control and links only where it may.
 */
export function describeExposedPages(options: ExposedPagesOptions) {
  const { exposes, pages, layoutLandmarks = 'main, nav, footer' } = options;

  describe('exposed pages', () => {
    it('exposes exactly its pages, each from src/exposes/', () => {
      expect(Object.keys(exposes).sort()).toEqual(Object.keys(pages).sort());
      for (const [name, file] of Object.entries(exposes)) {
        expect(file).toMatch(new RegExp(`^\\./src/exposes/${name.slice(2)}\\.tsx?$`));
      }
    });

    describe.each(Object.keys(pages))('%s', (name) => {
      it('renders only content: one h1, headings in order, a page title', async () => {
        const { container } = await mount(options, name);

        expectOneH1WithHeadingsInOrder(container);
        const { title } = pages[name]!;
        await waitFor(() =>
          typeof title === 'string'
            ? expect(document.title).toBe(`${title} · Parley`)
            : expect(document.title).toMatch(title),
        );
        expect(container.querySelector(layoutLandmarks)).toBeNull();
      });

      it('labels every form control and links only where it may', async () => {
        const { container, user } = await mount(options, name);
        await options.reveal?.(user);

        expectLabelledControls(container);
        const hrefs = linkHrefs(container);
        expect(hrefs.filter((href) => !options.mayLinkTo(href, container))).toEqual([]);
      });
    });
  });
}
